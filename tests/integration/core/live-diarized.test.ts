/**
 * Speaker labels on Live (issue #33 §2) against the cloud's realtime answer as recorded
 * (tests/support/diarized.ts), served by a WebSocket test server shaped like docs/api.md §9: a
 * cloud connection with "Label who speaks" on opens its session with
 * `segmenterProperties="useDiarizer=1"`, and each final keeps its words' speaker labels, in
 * recording time, as the job is then assembled from them.
 */
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { WebSocketServer } from 'ws';
import { LiveRecognizer, type RecognizerHandlers } from '../../../core/live/live-recognizer';
import { realtimeUrlOf, startLineOf } from '../../../core/live/realtime-target';
import { DIARIZED_REALTIME_EVENTS, labellingCloud } from '../../support/diarized';
import { until } from '../../support/until';

let server: WebSocketServer;
let base: string;
const startLines: string[] = [];

beforeAll(async () => {
  server = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  await new Promise((resolve) => server.once('listening', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  server.on('connection', (socket) => {
    let answered = false;
    socket.on('message', (data, binary) => {
      const text = binary ? '' : Buffer.from(data as Buffer).toString('utf8');
      if (text.startsWith('s ')) {
        startLines.push(text);
        return socket.send('s');
      }
      if (text === 'e') return socket.send('e');
      // The first audio: the recorded answer, event by event.
      if (binary && !answered) {
        answered = true;
        for (const event of DIARIZED_REALTIME_EVENTS) socket.send(event);
      }
    });
  });
});

afterAll(async () => {
  for (const client of server.clients) client.terminate();
  await new Promise((resolve) => server.close(resolve));
});

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
  expect(startLines).toHaveLength(1);
  expect(startLines[0]).toMatch(/^s LSB16K -a-general .*segmenterProperties=(")?useDiarizer=1/);
  expect(finals.map((f) => f.text)).toEqual(['Good morning.', 'Hi there.']);
  expect(finals.map((f) => [...new Set(f.tokens.map((t) => t.label))])).toEqual([
    ['speaker0'],
    ['speaker1'],
  ]);
  expect(finals[1]!.startMs).toBe(1700);
});
