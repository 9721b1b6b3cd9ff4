// @vitest-environment happy-dom
/**
 * The store's side of Live's sources: the computer's sound is the core's input
 * where it can make one (found among the window's inputs by its label, and let go after), the
 * shared screen's sound where the core says this system has none (Electron on Windows and macOS,
 * browser mode elsewhere), a clear sentence when the window does not list it; each source's gain
 * is remembered per device; a meeting's session is named for its start, in either language. The
 * sources are a list: a choice an older window stored is read as its list (and stored so), and
 * a list of two microphones opens each by its provider and sends both to the core.
 */
import { describe, expect, it } from 'vitest';
import { appError } from '../../../shared/domain/errors';
import { errorText } from '../../../shared/domain/error-text';
import { liveClientMessageSchema, type LiveClientMessage } from '../../../shared/ipc/live';
import type {
  CaptureApi,
  CaptureSourceSpec,
  DuckPair,
} from '../../../renderer/src/store/live-capture';
import { gainKeyOf, headphonesIn, meetingTitle } from '../../../renderer/src/store/live-sources';
import { createAppStore } from '../../../renderer/src/store/store';
import { fakeBridge } from '../../support/window/fake-bridge';

function setUp(
  computer: 'made' | 'platform',
  inputs = ['Test microphone', 'Computer sound (speakers)'],
  { keep = false } = {},
) {
  // What a window stored before is kept when the test set it up.
  if (!keep) localStorage.clear();
  const started: CaptureSourceSpec[][] = [];
  const options: { duck?: DuckPair; apart?: boolean }[] = [];
  const ducks: (DuckPair | undefined)[] = [];
  const sent: LiveClientMessage[] = [];
  const capture: CaptureApi = {
    listInputs: async () => inputs.map((label, i) => ({ deviceId: `d${i}`, label })),
    listOutputs: async () => ['Built-in speakers'],
    startCapture: async (given) => {
      started.push(given.sources);
      options.push({
        ...(given.duck ? { duck: given.duck } : {}),
        ...(given.apart ? { apart: given.apart } : {}),
      });
      return {
        label: 'mix',
        connect: () => {},
        meter: () => {},
        gain: () => {},
        duck: (pair) => void ducks.push(pair),
        pause: () => {},
        resume: () => {},
        stop: async () => true,
      };
    },
  };
  const bridge = fakeBridge({
    'live:computerSound': (input: { on: boolean }) =>
      computer === 'made' || !input.on
        ? { ok: true, data: input.on ? { label: 'Computer sound (speakers)' } : {} }
        : {
            ok: false,
            error: appError('computer-sound-unavailable', { reason: 'platform' }),
          },
  });
  const link = {
    send: (message: LiveClientMessage) => void sent.push(message),
    audioPort: async () => undefined,
    onEvent: () => () => {},
    onClose: () => () => {},
    close: () => {},
  };
  const store = createAppStore({ bridge: { ...bridge, openLive: () => link }, capture });
  return { store, bridge, started, options, ducks, sent };
}

describe('Live’s sources in the store', () => {
  it('both: the microphone and the core’s computer-sound input, with their remembered gains, named for the meeting; let go after', async () => {
    const { store, bridge, started, sent } = setUp('made');
    store.getState().setLiveDevice('d0');
    store.getState().setLiveSource('both');
    store.getState().setLiveGain(1, 2);
    store.getState().setLiveGain(0, 0.5);
    await store.getState().liveStart();
    expect(started).toEqual([
      [
        { kind: 'device', deviceId: 'd0', gain: 0.5 },
        { kind: 'device', deviceId: 'd1', label: 'Computer sound (speakers)', gain: 2 },
      ],
    ]);
    expect(sent[0]).toMatchObject({ type: 'start', title: expect.stringMatching(/^Meeting \d/) });
    // No headphones among the outputs: the note is said.
    expect(store.getState().liveEchoNotice).toBe(true);
    // No audio port here: the session ends, and the core's source is let go.
    await expect
      .poll(() =>
        bridge.calls.filter((c) => c.channel === 'live:computerSound').map((c) => c.input),
      )
      .toEqual([{ on: true }, { on: false }]);
    // The gains are remembered per device, in a new window too.
    expect(JSON.parse(localStorage.getItem('kikitori.liveGains') ?? '{}')).toEqual({
      [gainKeyOf({ kind: 'computer' })]: 2,
      [gainKeyOf({ kind: 'microphone', device: 'd0' })]: 0.5,
    });
  });

  it('both: lowers the microphone while the computer plays and keeps the sources apart when asked, remembered; the duck follows the box at once', async () => {
    const { store, options, ducks, sent } = setUp('made');
    store.getState().setLiveSource('both');
    expect(store.getState().liveDuck).toBe(false);
    expect(store.getState().liveKeepApart).toBe(false);
    store.getState().setLiveDuck(true);
    store.getState().setLiveKeepApart(true);
    expect(localStorage.getItem('kikitori.liveDuck')).toBe('1');
    expect(localStorage.getItem('kikitori.liveKeepApart')).toBe('1');
    // A new window (the same storage) has them on.
    const again = createAppStore({ bridge: fakeBridge({}) });
    expect(again.getState().liveDuck).toBe(true);
    expect(again.getState().liveKeepApart).toBe(true);
    // No audio port in this test: the session starts, then ends; the capture is caught open.
    let open = false;
    const unsubscribe = store.subscribe((state) => {
      if (state.live.phase === 'connecting' && options.length === 1 && !open) {
        open = true;
        state.setLiveDuck(false);
        state.setLiveDuck(true);
      }
    });
    await store.getState().liveStart();
    unsubscribe();
    // The microphone (0) lowered by the computer (1); each chunk also carries the two apart.
    expect(options).toEqual([{ duck: { source: 0, by: 1 }, apart: true }]);
    expect(sent[0]).toMatchObject({ type: 'start', apart: 2 });
    expect(ducks).toEqual([undefined, { source: 0, by: 1 }]);
  });

  it('one source: neither the duck nor the sources apart, whatever was remembered', async () => {
    const { store, options, sent } = setUp('made');
    store.getState().setLiveDuck(true);
    store.getState().setLiveKeepApart(true);
    store.getState().setLiveSource('computer');
    await store.getState().liveStart();
    expect(options).toEqual([{}]);
    expect(sent[0]).not.toHaveProperty('apart');
  });

  it('where the core has no computer sound, the shared screen’s sound is asked for', async () => {
    const { store, started } = setUp('platform');
    store.getState().setLiveSource('computer');
    await store.getState().liveStart();
    expect(started).toEqual([[{ kind: 'display', gain: 1 }]]);
  });

  it('a computer-sound input the window does not list is said so, and let go', async () => {
    const { store, bridge, started } = setUp('made', ['Test microphone']);
    store.getState().setLiveSource('computer');
    await store.getState().liveStart();
    expect(started).toEqual([]);
    const problem = store.getState().live.problem;
    expect(problem?.error).toMatchObject({
      code: 'computer-sound-unavailable',
      params: { reason: 'not-listed' },
    });
    expect(errorText(problem!.error, 'ja')).toContain('ウィンドウの入力一覧');
    expect(errorText(problem!.error, 'en')).toContain('does not list the speakers’ sound');
    expect(
      bridge.calls.filter((c) => c.channel === 'live:computerSound').map((c) => c.input),
    ).toEqual([{ on: true }, { on: false }]);
  });

  it('names a meeting in either language, and knows headphones by their names', () => {
    const at = new Date(2026, 10, 27, 10, 0);
    expect(meetingTitle(at, 'en')).toBe('Meeting 27 Nov 10:00');
    expect(meetingTitle(at, 'ja')).toBe('会議 11月27日 10:00');
    expect(headphonesIn(['USB Headset'])).toBe(true);
    expect(headphonesIn(['ヘッドホン (Bluetooth)'])).toBe(true);
    expect(headphonesIn(['Built-in speakers', 'HDMI'])).toBe(false);
  });

  it('a choice an older window stored is read as its list, stored so, and heard as before', async () => {
    localStorage.clear();
    localStorage.setItem('kikitori.liveSource', 'both');
    localStorage.setItem('kikitori.liveDevice', 'd0');
    localStorage.setItem('kikitori.liveGains', JSON.stringify({ 'computer-sound': 2 }));
    const { store, started, sent } = setUp('made', undefined, { keep: true });
    expect(store.getState().liveSources).toEqual([
      { kind: 'microphone', device: 'd0' },
      { kind: 'computer' },
    ]);
    // Migrated on read: the list is stored, the old choice gone, and a new window reads the list.
    expect(JSON.parse(localStorage.getItem('kikitori.liveSources') ?? '[]')).toEqual([
      { kind: 'microphone', device: 'd0' },
      { kind: 'computer' },
    ]);
    expect(localStorage.getItem('kikitori.liveSource')).toBeNull();
    expect(createAppStore({ bridge: fakeBridge({}) }).getState().liveSources).toEqual(
      store.getState().liveSources,
    );
    await store.getState().liveStart();
    expect(started).toEqual([
      [
        { kind: 'device', deviceId: 'd0', gain: 1 },
        { kind: 'device', deviceId: 'd1', label: 'Computer sound (speakers)', gain: 2 },
      ],
    ]);
    expect(sent[0]).toMatchObject({
      type: 'start',
      sources: [
        { kind: 'microphone', device: 'd0' },
        { kind: 'computer', gain: 2 },
      ],
    });
  });

  it('a stored list that is not one is read as the microphone alone', () => {
    localStorage.clear();
    localStorage.setItem('kikitori.liveSources', '[{"kind":"radio"}]');
    const store = createAppStore({ bridge: fakeBridge({}) });
    expect(store.getState().liveSources).toEqual([{ kind: 'microphone' }]);
  });

  it('two microphones: each opened by the microphone’s provider, each its own gain, both sent to the core, kept apart', async () => {
    localStorage.clear();
    localStorage.setItem(
      'kikitori.liveSources',
      JSON.stringify([
        { kind: 'microphone', device: 'd0' },
        { kind: 'microphone', device: 'd2' },
      ]),
    );
    localStorage.setItem('kikitori.liveKeepApart', '1');
    const { store, started, options, sent } = setUp('made', ['A', 'B', 'C'], { keep: true });
    store.getState().setLiveGain(1, 2);
    await store.getState().liveStart();
    expect(started).toEqual([
      [
        { kind: 'device', deviceId: 'd0', gain: 1 },
        { kind: 'device', deviceId: 'd2', gain: 2 },
      ],
    ]);
    // No computer's sound: nothing to duck by, and no meeting to name.
    expect(options).toEqual([{ apart: true }]);
    expect(sent[0]).toEqual({
      type: 'start',
      device: 'mix',
      sources: [
        { kind: 'microphone', device: 'd0' },
        { kind: 'microphone', device: 'd2', gain: 2 },
      ],
      apart: 2,
    });
    expect(liveClientMessageSchema.safeParse(sent[0]).success).toBe(true);
  });
});
