/**
 * The computer's sound on Linux, against a real PulseAudio server started for the
 * test: picking it loads a source over the speakers' monitor that records what they play, letting
 * it go unloads it, a run that was killed has its source unloaded at the next start, and a
 * machine without a sound server says so in a sentence.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ComputerSound, computerSoundProviderFor } from '../../../core/live/sources/computer-sound';
import { pactlIn } from '../../../core/live/sources/pactl';
import {
  COMPUTER_SOUND_LABEL,
  COMPUTER_SOUND_SOURCE,
} from '../../../core/live/sources/pulse-monitor';
import { AppFailure } from '../../../shared/domain/errors';
import { DEFAULT_FIXTURES_DIR } from '../../fixtures/build';
import { startPulse, type PulseServer } from '../../support/pulse';
import { until } from '../../support/until';

const run = promisify(execFile);
let pulse: PulseServer;

beforeAll(async () => {
  pulse = await startPulse(['meeting']);
});
afterAll(async () => {
  await pulse?.stop();
});

const sources = async () => pulse.pactl(['list', 'short', 'sources']);
const modules = async () => pulse.pactl(['list', 'short', 'modules']);

describe('the computer sound source', () => {
  it('is made over the default sink when picked, records what it plays, and goes when let go', async () => {
    const sound = new ComputerSound(computerSoundProviderFor('linux', pactlIn(pulse.env)));
    expect(await sound.open()).toEqual({ label: COMPUTER_SOUND_LABEL });
    const listed = await pulse.pactl(['list', 'sources']);
    expect(listed).toContain(`Name: ${COMPUTER_SOUND_SOURCE}`);
    expect(listed).toContain('Description: Computer sound (speakers)');
    expect(await modules()).toContain('master=meeting.monitor');

    // What the sink plays is what the source records.
    const stopPlaying = pulse.playLoop(
      'meeting',
      join(DEFAULT_FIXTURES_DIR, 'espeak', 'sentence-1.wav'),
    );
    const out = join(await mkdtemp(join(tmpdir(), 'kikitori-rec-')), 'rec.wav');
    try {
      // Recorded two seconds at a time until the clip is heard (its own peak is -2.7 dBFS).
      const peak = await until(
        async () => {
          await run(
            'timeout',
            [
              '3',
              'parecord',
              '--latency-msec=50',
              '--file-format=wav',
              '-d',
              COMPUTER_SOUND_SOURCE,
              out,
            ],
            {
              env: pulse.env,
            },
          ).catch(() => undefined);
          const { stderr } = await run(
            'ffmpeg',
            ['-hide_banner', '-nostdin', '-i', out, '-af', 'volumedetect', '-f', 'null', '-'],
            { env: pulse.env },
          );
          return Number(/max_volume: (-?[\d.]+) dB/.exec(stderr)?.[1]);
        },
        (db) => db > -10,
        { timeoutMs: 30_000 },
      );
      expect(peak).toBeGreaterThan(-10);
    } finally {
      stopPlaying();
      await rm(join(out, '..'), { recursive: true, force: true });
    }

    // Two sessions hold it; it goes when the last lets it go.
    await sound.open();
    await sound.close();
    expect(await sources()).toContain(COMPUTER_SOUND_SOURCE);
    await sound.close();
    expect(await sources()).not.toContain(COMPUTER_SOUND_SOURCE);
  });

  it('left loaded by a run that was killed, is unloaded at the next start', async () => {
    await new ComputerSound(computerSoundProviderFor('linux', pactlIn(pulse.env))).open();
    expect(await sources()).toContain(COMPUTER_SOUND_SOURCE);
    await new ComputerSound(computerSoundProviderFor('linux', pactlIn(pulse.env))).recover();
    expect(await sources()).not.toContain(COMPUTER_SOUND_SOURCE);
  });

  it('follows the default sink: the speakers in use when it is picked', async () => {
    await pulse.pactl(['load-module', 'module-null-sink', 'sink_name=headset']);
    await pulse.pactl(['set-default-sink', 'headset']);
    const sound = new ComputerSound(computerSoundProviderFor('linux', pactlIn(pulse.env)));
    try {
      await sound.open();
      expect(await modules()).toContain('master=headset.monitor');
    } finally {
      await sound.closeAll();
      await pulse.pactl(['set-default-sink', 'meeting']);
    }
  });

  it('without a sound server, or off Linux, says why in a sentence', async () => {
    const nowhere = await mkdtemp(join(tmpdir(), 'kikitori-nopulse-'));
    try {
      const env: NodeJS.ProcessEnv = {
        ...pulse.env,
        HOME: nowhere,
        XDG_RUNTIME_DIR: nowhere,
        PULSE_RUNTIME_PATH: join(nowhere, 'runtime'),
      };
      const failure = await new ComputerSound(computerSoundProviderFor('linux', pactlIn(env)))
        .open()
        .catch((e) => e);
      expect(failure).toBeInstanceOf(AppFailure);
      expect((failure as AppFailure).error).toMatchObject({
        code: 'computer-sound-unavailable',
        params: { reason: 'no-server' },
      });
      const off = await new ComputerSound(computerSoundProviderFor('win32', pactlIn(pulse.env)))
        .open()
        .catch((e) => e);
      expect((off as AppFailure).error.params).toEqual({ reason: 'platform' });
    } finally {
      await rm(nowhere, { recursive: true, force: true });
    }
    await until(sources, (list) => !list.includes(COMPUTER_SOUND_SOURCE));
  });
});
