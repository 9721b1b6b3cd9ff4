/**
 * Audio sources as a list (shared/ipc/live.ts): a `start` names its sources, and the core keeps
 * them apart by index whatever their kind (core/live/source-frames.ts, session-audio.ts), so two
 * microphones are kept apart as a microphone and the computer's sound are; a start from an
 * older window (`apart: 2` alone) still means both. The computer's sound is made by the
 * platform's provider, held once for every session that asks (core/live/sources/).
 */
import { describe, expect, it } from 'vitest';
import { SessionAudio } from '../../../../core/live/session-audio';
import { splitFrames } from '../../../../core/live/source-frames';
import {
  ComputerSound,
  computerSoundProviderFor,
  type ComputerSoundProvider,
} from '../../../../core/live/sources/computer-sound';
import { AppFailure } from '../../../../shared/domain/errors';
import {
  choiceOf,
  LIVE_SOURCE_CHOICES,
  liveStartSchema,
  sourcesOfChoice,
} from '../../../../shared/ipc/live';

/** Frames of 1 + n 16-bit little-endian samples: the mix, then each source. */
function frames(mix: number[], ...sources: number[][]): Uint8Array {
  const view = new DataView(new ArrayBuffer(mix.length * 2 * (1 + sources.length)));
  let at = 0;
  mix.forEach((sample, f) => {
    for (const value of [sample, ...sources.map((each) => each[f]!)]) {
      view.setInt16(at, value, true);
      at += 2;
    }
  });
  return new Uint8Array(view.buffer);
}

/** Channel `index` of interleaved 16-bit samples of `count` channels. */
function channel(pcm: Uint8Array, count: number, index: number): number[] {
  const view = new DataView(pcm.buffer, pcm.byteOffset, pcm.byteLength);
  const out: number[] = [];
  for (let at = index * 2; at < pcm.byteLength; at += count * 2) out.push(view.getInt16(at, true));
  return out;
}

describe('the sources kept apart, by index', () => {
  const twoMicrophones = [
    { kind: 'microphone', device: 'desk' },
    { kind: 'microphone', device: 'headset' },
  ] as const;

  it('two microphones: a start names them, and each is a channel of its own', () => {
    const start = liveStartSchema.safeParse({ type: 'start', sources: twoMicrophones, apart: 2 });
    expect(start.success).toBe(true);
    const audio = new SessionAudio(start.data!.apart);
    const chunk = frames([10, 20, 30], [1, 2, 3], [-1, -2, -3]);
    expect(audio.refused(chunk)).toBeUndefined();
    const { mix, sources } = audio.split(chunk);
    expect(channel(mix, 1, 0)).toEqual([10, 20, 30]);
    expect(channel(sources!, 2, 0)).toEqual([1, 2, 3]);
    expect(channel(sources!, 2, 1)).toEqual([-1, -2, -3]);
  });

  it('as many sources as a start may name, the same way; a torn last frame is left out', () => {
    const { mix, sources } = splitFrames(
      frames([5, 6], [1, 2], [3, 4], [7, 8], [9, 10]).subarray(0, 18),
      4,
    );
    expect(channel(mix, 1, 0)).toEqual([5]);
    expect([0, 1, 2, 3].map((index) => channel(sources, 4, index))).toEqual([[1], [3], [7], [9]]);
  });

  it('a chunk that is not whole frames of its sources is refused', () => {
    expect(new SessionAudio(2).refused(new Uint8Array(8))).toBe('an audio chunk of 8 bytes');
    expect(new SessionAudio(0).refused(new Uint8Array(8))).toBeUndefined();
  });

  it('apart counts the sources named; without them only 2 (an older window’s both) is taken', () => {
    const parse = (start: object) => liveStartSchema.safeParse({ type: 'start', ...start }).success;
    expect(parse({ apart: 2 })).toBe(true);
    expect(parse({ apart: 3 })).toBe(false);
    expect(parse({ sources: twoMicrophones, apart: 3 })).toBe(false);
    expect(parse({ sources: [...twoMicrophones, ...twoMicrophones, { kind: 'computer' }] })).toBe(
      false,
    );
    expect(parse({ sources: [{ kind: 'microphone', gain: 20 }] })).toBe(false);
    expect(parse({ sources: [] })).toBe(false);
  });

  it('the screen’s one choice is a list, and the list the choice', () => {
    for (const choice of LIVE_SOURCE_CHOICES)
      expect(choiceOf(sourcesOfChoice(choice))).toBe(choice);
    expect(sourcesOfChoice('both', 'usb')).toEqual([
      { kind: 'microphone', device: 'usb' },
      { kind: 'computer' },
    ]);
    expect(choiceOf([{ kind: 'computer' }, { kind: 'microphone' }])).toBeUndefined();
  });
});

describe('the computer’s sound, a provider per platform', () => {
  it('is made once for every session holding it, and unmade when the last lets go', async () => {
    const calls: string[] = [];
    const provider: ComputerSoundProvider = {
      make: async () => (calls.push('make'), { label: 'Speakers' }),
      unmake: async () => void calls.push('unmake'),
      tidy: async () => void calls.push('tidy'),
    };
    const sound = new ComputerSound(provider);
    await sound.recover();
    expect(await sound.open()).toEqual({ label: 'Speakers' });
    expect(await sound.open()).toEqual({ label: 'Speakers' });
    await sound.close();
    expect(calls).toEqual(['tidy', 'make']);
    await sound.close();
    await sound.close();
    expect(calls).toEqual(['tidy', 'make', 'unmake']);
    await sound.open();
    await sound.closeAll();
    expect(calls).toEqual(['tidy', 'make', 'unmake', 'make', 'unmake']);
  });

  it.each(['win32', 'darwin'] as const)(
    'on %s the core makes none: the window takes the display media’s sound',
    async (platform) => {
      const failure = await new ComputerSound(computerSoundProviderFor(platform))
        .open()
        .catch((error: unknown) => error);
      expect(failure).toBeInstanceOf(AppFailure);
      expect((failure as AppFailure).error).toMatchObject({
        code: 'computer-sound-unavailable',
        params: { reason: 'platform' },
      });
    },
  );
});
