/**
 * Sees every file created, changed or deleted under some folders, even a file that lives for a
 * moment only. One watcher per directory (Node's recursive watch on Linux misses events in
 * directories that existed before it started); directories that appear are watched at once and
 * listed, so a file written into a new directory before its watcher came is seen too.
 */
import { type FSWatcher, watch } from 'node:fs';
import { readdir, rm, stat, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { until } from './until';

export class TreeWatcher {
  /** `<root-relative path> <event>`, in the order seen. */
  readonly events: string[] = [];
  private readonly watchers = new Map<string, FSWatcher>();
  private sentinels = 0;

  private constructor(private readonly roots: readonly string[]) {}

  static async start(roots: readonly string[]): Promise<TreeWatcher> {
    const tree = new TreeWatcher(roots);
    for (const root of roots) await tree.watchTree(root, false);
    return tree;
  }

  private async watchTree(dir: string, report: boolean): Promise<void> {
    if (this.watchers.has(dir)) return;
    const watcher = watch(dir, (type, name) => {
      const path = join(dir, String(name ?? ''));
      this.events.push(`${this.label(path)} ${type}`);
      // A new directory: watch it too, and see what is in it already.
      void stat(path)
        .then((info) => (info.isDirectory() ? this.watchTree(path, true) : undefined))
        .catch(() => {});
    });
    watcher.on('error', () => {});
    this.watchers.set(dir, watcher);
    for (const entry of await readdir(dir, { withFileTypes: true }).catch(() => [])) {
      const path = join(dir, entry.name);
      if (report) this.events.push(`${this.label(path)} found`);
      if (entry.isDirectory()) await this.watchTree(path, report);
    }
  }

  private label(path: string): string {
    const root = this.roots.find((r) => path === r || path.startsWith(`${r}/`)) ?? '';
    return `${root}:${relative(root, path)}`;
  }

  /**
   * Waits until every event that happened before this call has been delivered: a file written
   * now in each root is seen only after them (one inotify queue, in order). Returns the events
   * other than the sentinels' own.
   */
  async settle(): Promise<string[]> {
    const name = `.tree-watch-sentinel-${++this.sentinels}`;
    for (const root of this.roots) await writeFile(join(root, name), '');
    await until(
      () => this.roots.every((root) => this.events.some((e) => e.startsWith(`${root}:${name} `))),
      Boolean,
      { timeoutMs: 60_000, everyMs: 10 },
    );
    for (const root of this.roots) await rm(join(root, name), { force: true });
    return this.events.filter((e) => !e.includes('.tree-watch-sentinel-'));
  }

  close(): void {
    for (const watcher of this.watchers.values()) watcher.close();
    this.watchers.clear();
  }
}

/** Every file and directory under `dir` with its size and modification time, sorted. */
export async function listing(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    const path = join(entry.parentPath, entry.name);
    const info = await stat(path).catch(() => undefined);
    if (info)
      out.push(`${relative(dir, path)} ${info.isDirectory() ? 'dir' : info.size} ${info.mtimeMs}`);
  }
  return out.sort();
}
