/**
 * Speaker labels on Live against the cloud's realtime answer as recorded
 * (tests/support/diarized.ts), served by a WebSocket test server shaped like docs/api.md §9: a
 * cloud connection with "Label who speaks" on opens its session with
 * `segmenterProperties="useDiarizer=1"`, and each final keeps its words' speaker labels, in
 * recording time, as the job is then assembled from them.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { LiveRecognizer, type RecognizerHandlers } from '../../../core/live/live-recognizer';
import { realtimeUrlOf, startLineOf } from '../../../core/live/realtime-target';
import { labellingCloud, startDiarizedRealtime } from '../../support/diarized';
import { until } from '../../support/until';

let server: Awaited<ReturnType<typeof startDiarizedRealtime>>;
let base: string;

beforeAll(async () => {
  server = await startDiarizedRealtime();
  base = server.base;
});

afterAll(() => server.close());

it('a cloud session with "Label who speaks" asks for labels, and each final keeps its speakers', async () => {
  const connection = labellingCloud(base);
  const finals: Array<Parameters<RecognizerHandlers['onFinal']>[0]> = [];
  const recognizer = new LiveRecognizer(
    () =>
      Promise.resolve({
        url: realtimeUrlOf(connection),
        startLine: startLineOf(connection, 'KEY'),
        host: new URL(base).host,
      }),
    {
      onInterim: () => {},
      onFinal: (final) => void finals.push(final),
      onState: () => {},
      onError: (error) => {
        throw new Error(error.code);
      },
    },
  );
  await recognizer.start();
  recognizer.write(new Uint8Array(3200));
  await until(
    () => finals.length,
    (n) => n === 2,
    { timeoutMs: 10_000 },
  );
  await recognizer.stop();
  expect(server.startLines).toHaveLength(1);
  expect(server.startLines[0]).toMatch(
    /^s LSB16K -a-general .*segmenterProperties=(")?useDiarizer=1/,
  );
  expect(finals.map((f) => f.text)).toEqual(['Good morning.', 'Hi there.']);
  expect(finals.map((f) => [...new Set(f.tokens.map((t) => t.label))])).toEqual([
    ['speaker0'],
    ['speaker1'],
  ]);
  expect(finals[1]!.startMs).toBe(1700);
});
