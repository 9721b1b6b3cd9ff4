/**
 * How far each file is (waiting, uploading, recognising with its estimate, exporting), on stderr,
 * and the one line each file ends with (what was written, or why it failed). Nothing with --quiet
 * or --json (the events are on stdout then).
 * - On a terminal: a bar per file still going, redrawn in place below everything else
 *   (log-update, which erases exactly what it drew, however the lines wrapped); a file that ends
 *   gives its bar up for its one line, written above the bars and left there.
 * - Elsewhere (a log, a pipe): a plain line when a file's state changes, and at most every 15 s
 *   while it stays the same (an estimate counting down is not a line a second), with no escapes.
 */
import { createLogUpdate } from 'log-update';
import type { Io } from './io';
import { shown } from './terminal';

export interface FileProgress {
  /**
   * A file's state (a word a change of which is always said), as words for people, and how far
   * along it is, 0–1.
   */
  update(name: string, state: string, words: string, fraction: number): void;
  /** The file is over: its bar gives way to this line (not with --quiet or --json). */
  end(name: string, line: string): void;
  /** A line above the bars, of no file's (a budget's warning); not with --quiet or --json. */
  note(line: string): void;
  stop(): void;
}

/** Off a terminal, the least time between two lines of a file in the same state. */
export const PLAIN_EVERY_MS = 15_000;
/** On a terminal, the least time between two drawings of the bars. */
const DRAW_EVERY_MS = 100;
const BAR_WIDTH = 24;

const barOf = (fraction: number): string => {
  const filled = Math.round(fraction * BAR_WIDTH);
  return `${'█'.repeat(filled)}${'░'.repeat(BAR_WIDTH - filled)}`;
};

const percent = (fraction: number) => Math.round(Math.min(1, Math.max(0, fraction)) * 100);

export function fileProgress(io: Io, now: () => number = Date.now): FileProgress {
  if (io.json || io.quiet)
    return { update: () => {}, end: () => {}, note: () => {}, stop: () => {} };
  return io.tty ? drawnProgress() : plainProgress(now);
}

function plainProgress(now: () => number): FileProgress {
  const said = new Map<string, { state: string; words: string; at: number }>();
  const write = (line: string) => process.stderr.write(`${shown(line)}\n`);
  return {
    update: (name, state, words) => {
      const last = said.get(name);
      if (last && last.state === state) {
        if (last.words === words || now() - last.at < PLAIN_EVERY_MS) return;
      }
      said.set(name, { state, words, at: now() });
      write(`${name}: ${words}`);
    },
    end: (name, line) => {
      said.set(name, { state: 'ended', words: '', at: now() });
      write(line);
    },
    note: write,
    stop: () => {},
  };
}

/**
 * stderr as log-update measures it: a terminal that tells no size (0 columns, 0 rows, as some
 * pseudo-terminals do) is taken as 80 × 24, not as one where nothing can be drawn.
 */
const sizedStderr = {
  isTTY: true,
  get columns() {
    return process.stderr.columns || 80;
  },
  get rows() {
    return process.stderr.rows || 24;
  },
  write: (text: string) => process.stderr.write(text),
} as unknown as NodeJS.WriteStream;

function drawnProgress(): FileProgress {
  const draw = createLogUpdate(sizedStderr, { showCursor: true });
  const bars = new Map<string, { words: string; fraction: number }>();
  let timer: NodeJS.Timeout | undefined;
  let drawnAt = 0;
  const frame = () =>
    [...bars]
      .map(
        ([name, { words, fraction }]) =>
          `${barOf(fraction)} ${String(percent(fraction)).padStart(3)}% ${shown(name)}: ${shown(words)}`,
      )
      .join('\n');
  const redraw = () => {
    clearTimeout(timer);
    timer = undefined;
    drawnAt = Date.now();
    if (bars.size > 0) draw(frame());
    else draw.clear();
  };
  /**
   * A line above the bars: the bars erased, the line written where they were (as it is: the
   * terminal wraps it), the bars drawn again below it.
   */
  const above = (line: string) => {
    clearTimeout(timer);
    timer = undefined;
    draw.clear();
    process.stderr.write(`${shown(line, { lines: true })}\n`);
    if (bars.size > 0) draw(frame());
  };
  /** At most one drawing each DRAW_EVERY_MS: progress events can come hundreds a second. */
  const soon = () => {
    if (timer) return;
    timer = setTimeout(redraw, Math.max(0, drawnAt + DRAW_EVERY_MS - Date.now()));
  };
  return {
    update: (name, _state, words, fraction) => {
      bars.set(name, { words, fraction });
      soon();
    },
    end: (name, line) => {
      bars.delete(name);
      above(line);
    },
    note: above,
    stop: () => {
      clearTimeout(timer);
      timer = undefined;
      // Files still going (an interrupted command) keep their last bar on the screen.
      if (bars.size > 0) draw(frame());
      draw.done();
    },
  };
}
