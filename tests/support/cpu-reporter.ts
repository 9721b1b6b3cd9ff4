/**
 * A vitest reporter that says how much processor time each test file cost: the test process, the
 * services and decoders it started, every process under vitest. `npm test` gives it to the
 * services lane (scripts/test.mjs), whose files run one at a time, so what the tree spent between a
 * file's start and its end is that file's; a file that ran beside another is marked as shared.
 * Wall time alone did not tell a file that decodes (its decoders busy) from one that waits (on a
 * timer, a poll, a process): on a busy machine both grow.
 *
 * The tree's time is read from /proc (Linux): each process's own time and that of its children it
 * has waited for. A process left to init (a decoder whose service was killed) takes its time with
 * it, so a file can count a little less than it cost, never more.
 */
import { readFile, readdir } from 'node:fs/promises';
import { relative } from 'node:path';
import type { Reporter, TestModule } from 'vitest/node';

/** Clock ticks a second (getconf CLK_TCK): 100 on every Linux vitest runs on. */
const TICKS = 100;

/**
 * Processor seconds of `root` and the live processes under it, and (unless `reaped` is false) of
 * the children they waited for.
 */
export async function treeCpuSeconds(root: number, { reaped = true } = {}): Promise<number> {
  const stats = new Map<number, { ppid: number; ticks: number }>();
  for (const name of await readdir('/proc').catch(() => [] as string[])) {
    if (!/^\d+$/.test(name)) continue;
    const text = await readFile(`/proc/${name}/stat`, 'utf8').catch(() => undefined);
    if (!text) continue;
    // The command may hold spaces and parentheses: the fields start after its last ')'.
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    stats.set(Number(name), {
      ppid: Number(fields[1]),
      // utime, stime, then cutime, cstime (stat's fields 14–17).
      ticks:
        Number(fields[11]) +
        Number(fields[12]) +
        (reaped ? Number(fields[13]) + Number(fields[14]) : 0),
    });
  }
  const under = (pid: number): boolean => {
    for (let at = pid, hops = 0; at > 1 && hops < 64; hops++) {
      if (at === root) return true;
      at = stats.get(at)?.ppid ?? 0;
    }
    return false;
  };
  let ticks = 0;
  for (const [pid, stat] of stats) if (under(pid)) ticks += stat.ticks;
  return ticks / TICKS;
}

interface Measure {
  readonly startCpu: number;
  readonly startWall: number;
  shared: boolean;
  cpu?: number;
  wall?: number;
}

export default class CpuReporter implements Reporter {
  private readonly files = new Map<string, Measure>();
  private running = 0;
  private root = process.cwd();

  onInit(vitest: { config: { root: string } }): void {
    this.root = vitest.config.root;
  }

  async onTestModuleQueued(module: TestModule): Promise<void> {
    const startCpu = await treeCpuSeconds(process.pid);
    this.running++;
    if (this.running > 1)
      for (const measure of this.files.values()) measure.shared ||= !measure.wall;
    this.files.set(module.moduleId, {
      startCpu,
      startWall: performance.now(),
      shared: this.running > 1,
    });
  }

  async onTestModuleEnd(module: TestModule): Promise<void> {
    const measure = this.files.get(module.moduleId);
    this.running = Math.max(0, this.running - 1);
    if (!measure) return;
    measure.cpu = (await treeCpuSeconds(process.pid)) - measure.startCpu;
    measure.wall = (performance.now() - measure.startWall) / 1000;
  }

  onTestRunEnd(): void {
    const rows = [...this.files]
      .filter(([, m]) => m.cpu !== undefined)
      .sort(([, a], [, b]) => b.cpu! - a.cpu!);
    if (rows.length === 0) return;
    const total = rows.reduce((sum, [, m]) => sum + m.cpu!, 0);
    const lines = rows.map(
      ([file, m]) =>
        `${m.cpu!.toFixed(1).padStart(7)} s of CPU ${m.wall!.toFixed(1).padStart(7)} s of wall  ${relative(this.root, file)}${m.shared ? ' (beside another file)' : ''}`,
    );
    process.stdout.write(
      `\nprocessor time per file, most first (the file's process tree; ${total.toFixed(0)} s in all):\n${lines.join('\n')}\n`,
    );
  }
}
