/**
 * A progress line per file (upload, recognition with its estimate, export) on stderr. On a
 * terminal each is a bar redrawn in place (cli-progress); elsewhere a plain line each time a
 * file's stage changes, with no escape codes. Nothing with --quiet or --json (the events are
 * on stdout then).
 */
import cliProgress from 'cli-progress';
import type { Io } from './io';

export interface FileProgress {
  /** The file's stage (its words) and how far along it is, 0–1. */
  update(name: string, stage: string, fraction: number): void;
  /** A line above the bars (a file written, a file failed). */
  line(text: string): void;
  stop(): void;
}

export function fileProgress(io: Io): FileProgress {
  if (io.json || io.quiet) return { update: () => {}, line: () => {}, stop: () => {} };
  if (!io.tty) {
    const said = new Map<string, string>();
    return {
      update: (name, stage) => {
        if (said.get(name) === stage) return;
        said.set(name, stage);
        process.stderr.write(`${name}: ${stage}\n`);
      },
      line: (text) => process.stderr.write(`${text}\n`),
      stop: () => {},
    };
  }
  const bars = new cliProgress.MultiBar(
    {
      stream: process.stderr,
      format: '{bar} {percentage}% {name}: {stage}',
      barsize: 24,
      hideCursor: true,
      clearOnComplete: false,
      autopadding: true,
    },
    cliProgress.Presets.shades_classic,
  );
  const byName = new Map<string, cliProgress.SingleBar>();
  return {
    update: (name, stage, fraction) => {
      const value = Math.round(Math.min(1, Math.max(0, fraction)) * 100);
      const bar = byName.get(name);
      if (bar) bar.update(value, { name, stage });
      else byName.set(name, bars.create(100, value, { name, stage }));
    },
    line: (text) => {
      bars.log(`${text}\n`);
      // Drawn now: a line logged just before the bars stop would otherwise never show.
      bars.update();
    },
    stop: () => bars.stop(),
  };
}
