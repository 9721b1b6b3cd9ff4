/**
 * The test DOM has no media playback: for the tests of a file that calls it, play() and pause() are
 * replaced and play() is counted (the app's own code is real). Call at the top of the file.
 */
import { afterEach, beforeEach, vi } from 'vitest';

export function countMediaPlays(): { readonly count: number } {
  const plays = { count: 0 };
  beforeEach(() => {
    plays.count = 0;
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(async () => {
      plays.count++;
    });
    vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => {});
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });
  return plays;
}
