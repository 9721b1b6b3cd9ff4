/**
 * The Live screen's level meter, drawn off the window's main thread: the capture's worklet posts
 * each 100 ms chunk's peak (dBFS) into a port read by a Worker (meter-worker.ts) that owns the
 * meter's canvas (an OffscreenCanvas) and draws it there; the compositor shows its frames. So
 * the meter moves ten times a second and eases between, and this thread does nothing for it.
 *
 * This file is the drawing, as plain code (the unit tests run it on a recorded 2D context), and
 * the messages the worker takes.
 */

/** The meter's colors, read from the theme's tokens by the window (the worker has no CSS). */
export interface MeterColors {
  readonly track: string;
  readonly fill: string;
  /** Near full scale: the input is too loud and may clip. */
  readonly hot: string;
}

export type MeterCommand =
  | { type: 'canvas'; canvas: OffscreenCanvas; colors: MeterColors }
  | { type: 'colors'; colors: MeterColors }
  /** The canvas's size in device pixels (the window's zoom changed). */
  | { type: 'size'; width: number; height: number }
  /** A capture's levels (a new one replaces the last). */
  | { type: 'levels'; port: MessagePort };

/** The meter's range, dBFS: its left end and where it turns `hot`. */
export const FLOOR_DB = -60;
export const HOT_DB = -6;
/** What the capture says when nothing is heard (the resampler's floor, SILENCE_FLOOR_DB). */
const NOTHING_DB = -100;
/** How fast the bar falls when the input quiets, dB a second (it rises at once). */
const FALL_DB_PER_S = 24;

/** What the meter draws on (a 2D context's part the drawing uses). */
export interface MeterSurface {
  readonly canvas: { width: number; height: number };
  fillStyle: string | CanvasGradient | CanvasPattern;
  clearRect(x: number, y: number, w: number, h: number): void;
  fillRect(x: number, y: number, w: number, h: number): void;
}

/** The bar's share of the meter for a level (0 at the floor and below, 1 at full scale). */
export const shareOf = (db: number) => Math.min(1, Math.max(0, (db - FLOOR_DB) / -FLOOR_DB));

/**
 * The meter's state: the level shown eases down from the last peak and jumps up to a new one.
 * `step` advances it to `now` (ms) and says whether it still moves.
 */
export class MeterBallistics {
  private shownDb = FLOOR_DB;
  private targetDb = FLOOR_DB;
  private at: number | undefined;

  set(peakDb: number, now: number): void {
    this.step(now);
    this.targetDb = Math.max(FLOOR_DB, peakDb);
    // Nothing heard at all (the capture paused or ended): empty at once, no fall to watch.
    if (peakDb <= NOTHING_DB || this.targetDb > this.shownDb) this.shownDb = this.targetDb;
  }

  step(now: number): boolean {
    const elapsed = this.at === undefined ? 0 : Math.max(0, now - this.at);
    this.at = now;
    if (this.shownDb > this.targetDb)
      this.shownDb = Math.max(this.targetDb, this.shownDb - (FALL_DB_PER_S * elapsed) / 1000);
    return this.shownDb > this.targetDb;
  }

  get db(): number {
    return this.shownDb;
  }
}

/** What a level looks like on a canvas `width` pixels wide: equal when the drawing would be. */
export function pictureOf(width: number, colors: MeterColors, db: number): string {
  const bar = Math.round(shareOf(db) * width);
  return `${bar} ${bar > 0 && db >= HOT_DB ? colors.hot : colors.fill} ${colors.track}`;
}

export function drawMeter(surface: MeterSurface, colors: MeterColors, db: number): void {
  const { width, height } = surface.canvas;
  surface.clearRect(0, 0, width, height);
  surface.fillStyle = colors.track;
  surface.fillRect(0, 0, width, height);
  const bar = Math.round(shareOf(db) * width);
  if (bar === 0) return;
  surface.fillStyle = db >= HOT_DB ? colors.hot : colors.fill;
  surface.fillRect(0, 0, bar, height);
}
