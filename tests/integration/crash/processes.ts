/** Process helpers for the crash tests: find the service a host started, tell whether a pid lives. */
import { readFileSync } from 'node:fs';

/** The local service the web host `pid` started (its direct child running service/bin.mjs). */
export function serviceChildOf(pid: number): number | undefined {
  let children: number[];
  try {
    children = readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map(Number);
  } catch {
    return undefined;
  }
  return children.find((child) => {
    try {
      return readFileSync(`/proc/${child}/cmdline`, 'utf8').includes('service/bin.mjs');
    } catch {
      return false;
    }
  });
}

/** Whether `pid` runs (a zombie waiting to be reaped counts as dead). */
export function processAlive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3) !== 'Z';
  } catch {
    return false;
  }
}

/** A small seeded generator (mulberry32), so a run's kill points can be replayed. */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
