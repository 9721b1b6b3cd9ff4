/** Finals as the live recognizer gives them, for the live recording's tests. */
import type { LiveUtterance } from '../../../shared/ipc/live';

/**
 * The `index`th final, ending at `endMs` of the recording and lasting up to 900 ms: two words
 * with their own times, so a test can see times carried through to the transcript.
 */
export function finalAt(index: number, endMs: number): LiveUtterance {
  const startMs = Math.max(0, endMs - 900);
  const middle = Math.round((startMs + endMs) / 2);
  return {
    index,
    startMs,
    endMs,
    text: `word${index} again${index}`,
    tokens: [
      { written: `word${index}`, starttime: startMs, endtime: middle, confidence: 0.9 },
      { written: `again${index}`, starttime: middle, endtime: endMs, confidence: 0.8 },
    ],
  };
}
