/**
 * How often the PulseAudio provider (core/calls/pulse-provider.ts) lists the recording streams,
 * against a real PulseAudio server started for the test: once at its start, and again only after
 * what records changes. Each listing is two pactl clients, which `pactl subscribe` reports coming
 * and going like any other client: a provider that listed again after clients' events listed
 * after its own for ever (hundreds of listings a minute on a quiet server, a web host's start
 * kept waiting on them for minutes).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PulseCallProvider } from '../../../core/calls/pulse-provider';
import type { RecordingStream } from '../../../core/calls/provider';
import { pactlIn } from '../../../core/live/sources/pactl';
import { startCallApp, stopCallApps } from '../../support/call-app';
import { startPulse, type PulseServer } from '../../support/pulse';
import { until } from '../../support/until';

let pulse: PulseServer;

beforeAll(async () => {
  pulse = await startPulse(
    ['speakers', 'voice'],
    [{ name: 'test_microphone', sink: 'voice', description: 'Test microphone' }],
  );
  await pulse.pactl(['set-default-source', 'test_microphone']);
}, 60_000);

afterAll(async () => {
  stopCallApps();
  await pulse?.stop();
});

it('lists once to start on a quiet server, and a few times for a stream that comes and goes', async () => {
  const pactl = pactlIn(pulse.env);
  let listings = 0;
  const provider = new PulseCallProvider({
    env: pulse.env,
    pactl: (args) => {
      if (args.includes('source-outputs')) listings += 1;
      return pactl(args);
    },
  });
  const reports: (readonly RecordingStream[])[] = [];
  await provider.start({ streams: (streams) => reports.push(streams), problem: () => {} });
  try {
    // Nothing records and nothing changes: one listing (two if an event came during it).
    expect(listings).toBeLessThanOrEqual(2);
    const started = listings;

    const app = await startCallApp(pulse, 'Zoom');
    await until(
      () => reports.at(-1) ?? [],
      (streams) => streams.some((s) => s.app === 'Zoom'),
      { timeoutMs: 30_000 },
    );
    await app.stop();
    await until(
      () => reports.at(-1) ?? [],
      (streams) => streams.length === 0,
      { timeoutMs: 30_000 },
    );
    // The stream came, its source started, the stream went, each perhaps with a change: a few
    // listings, not one after another for as long as the test took.
    expect(listings - started).toBeLessThanOrEqual(8);
  } finally {
    await provider.stop();
  }
});
