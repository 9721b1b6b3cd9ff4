/**
 * Whether a process is Kikitori's own: this process or one of its descendants (Electron's audio
 * service is a child of its main process; the command line's capture is its ffmpeg). Read from
 * Linux's /proc, each process's parent in its `stat` line; elsewhere nothing is known this way.
 */
import { readFile } from 'node:fs/promises';

/** The parent of `pid` as /proc says it, or undefined once the process is gone. */
async function parentOf(pid: number): Promise<number | undefined> {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    // "pid (comm) state ppid …": comm may hold spaces and parentheses, so read after the last ')'.
    const after = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const parent = Number(after[1]);
    return Number.isInteger(parent) ? parent : undefined;
  } catch {
    return undefined;
  }
}

/** Whether `pid` is `root` or descends from it (at most 64 generations are walked). */
export async function descendsFrom(pid: number, root: number = process.pid): Promise<boolean> {
  let at: number | undefined = pid;
  for (let depth = 0; at !== undefined && at > 1 && depth < 64; depth++) {
    if (at === root) return true;
    at = await parentOf(at);
  }
  return false;
}
