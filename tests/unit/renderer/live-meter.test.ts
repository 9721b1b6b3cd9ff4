// The Live screen's level meter as plain code (renderer/src/features/live/meter.ts): where a
// level puts the bar, how it falls between peaks, when it turns hot, and that a level that draws
// the same picture is seen as such (the worker draws only changes).
import { describe, expect, it } from 'vitest';
import {
  drawMeter,
  FLOOR_DB,
  HOT_DB,
  MeterBallistics,
  pictureOf,
  shareOf,
  type MeterSurface,
} from '../../../renderer/src/features/live/meter';

const COLORS = { track: '#eee', fill: '#24d', hot: '#b22' };

/** A surface that records what is drawn. */
function surface(width = 120, height = 12) {
  const drawn: string[] = [];
  const s: MeterSurface & { fillStyle: string } = {
    canvas: { width, height },
    fillStyle: '',
    clearRect: (x, y, w, h) => void drawn.push(`clear ${x} ${y} ${w} ${h}`),
    fillRect(x, y, w, h) {
      drawn.push(`${this.fillStyle} ${x} ${y} ${w} ${h}`);
    },
  };
  return { s, drawn };
}

describe('the level meter', () => {
  it('puts the bar from the floor (-60 dBFS) to full scale', () => {
    expect(shareOf(-100)).toBe(0);
    expect(shareOf(FLOOR_DB)).toBe(0);
    expect(shareOf(-30)).toBe(0.5);
    expect(shareOf(0)).toBe(1);
    expect(shareOf(6)).toBe(1);
  });

  it('draws the track, then the bar, hot near full scale', () => {
    const { s, drawn } = surface();
    drawMeter(s, COLORS, -30);
    expect(drawn).toEqual(['clear 0 0 120 12', '#eee 0 0 120 12', '#24d 0 0 60 12']);
    drawn.length = 0;
    drawMeter(s, COLORS, HOT_DB + 1);
    expect(drawn.at(-1)).toBe('#b22 0 0 110 12');
    drawn.length = 0;
    drawMeter(s, COLORS, -90);
    expect(drawn).toEqual(['clear 0 0 120 12', '#eee 0 0 120 12']);
  });

  it('rises at once, falls 24 dB a second, and empties at once when nothing is heard', () => {
    const b = new MeterBallistics();
    b.set(-12, 0);
    expect(b.db).toBe(-12);
    b.set(-60, 100);
    expect(b.db).toBe(-12);
    expect(b.step(600)).toBe(true);
    expect(b.db).toBeCloseTo(-24, 5);
    b.set(-6, 700);
    expect(b.db).toBe(-6);
    // Nothing heard (the capture paused or stopped): empty at once.
    b.set(-100, 800);
    expect(b.db).toBe(FLOOR_DB);
    b.step(10_000);
    expect(b.db).toBe(FLOOR_DB);
    expect(b.step(10_100)).toBe(false);
  });

  it('tells the same picture from a different one', () => {
    expect(pictureOf(120, COLORS, -30)).toBe(pictureOf(120, COLORS, -30.1));
    expect(pictureOf(120, COLORS, -30)).not.toBe(pictureOf(120, COLORS, -29));
    expect(pictureOf(120, COLORS, -80)).toBe(pictureOf(120, COLORS, -100));
    expect(pictureOf(120, COLORS, -6)).not.toBe(pictureOf(120, COLORS, -6.1));
    expect(pictureOf(120, COLORS, -30)).not.toBe(pictureOf(120, { ...COLORS, track: '#222' }, -30));
  });
});
