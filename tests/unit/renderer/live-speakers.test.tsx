// @vitest-environment happy-dom
/**
 * "Label who speaks" on Live: on a cloud connection it puts `useDiarizer=1` in the
 * connection's segmenterProperties (kept with its other sub-properties, and with the tuning the
 * person set), which Live's `s` line and a direct request's `d` both send; the local service
 * cannot tell speakers apart and says so; finals that come labelled show their speaker as they
 * arrive, in either language; each speaker is renamed in place, by keyboard as in the viewer, for
 * every final of theirs: while the session runs the name goes over the live link (the core keeps
 * it in the job), once it has stopped it is the job's speaker edit. The Live screen brings the
 * speakers' strings with it (it did not: a window opened on Live showed "viewer.speaker").
 */
import { Suspense } from 'react';
import { I18nextProvider } from 'react-i18next';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { dOf } from '../../../core/jobs/request-d';
import { startLineOf } from '../../../core/live/realtime-target';
import { diarizerOn, withDiarizer } from '../../../shared/api/diarizer';
import { decodeD } from '../../../shared/api/d-codec';
import type { Connection } from '../../../shared/domain/connection';
import type { Job } from '../../../shared/domain/job';
import { SECTIONS } from '../../../renderer/src/app/screens';
import { LiveView } from '../../../renderer/src/features/live/LiveView';
import { createI18n } from '../../../renderer/src/i18n';
import { StoreContext } from '../../../renderer/src/store/store';
import { createAppStore } from '../../../renderer/src/store/store';
import { inStore } from '../../support/window/in-store';
import { fakeLive } from '../../support/window/live-fakes';
import { fakeBridge, LOCAL_CONNECTION } from '../../support/window/table-bridge';

const CLOUD: Connection = {
  ...LOCAL_CONNECTION,
  id: 'cloud',
  name: 'AmiVoice Cloud',
  kind: 'cloud',
  baseUrl: 'https://acp-api.amivoice.com',
  asyncUrl: 'https://acp-api-async.amivoice.com',
  engine: '-a-general',
};

function setUp(connection: Connection, lang: 'en' | 'ja' = 'en') {
  localStorage.clear();
  const { link, capture, emit, sent } = fakeLive();
  const saved: Connection[] = [];
  const bridge = fakeBridge({
    'connections:save': ({ connection: given }) => {
      saved.push(given);
      return { connection: given };
    },
    'dictionary:profiles': () => ({ profiles: [] }),
    'edits:apply': ({ id, op }) => ({
      job: { ...LIVE_JOB, id, edited: true },
      edits: { ops: [op], position: 1 },
    }),
  });
  const store = createAppStore({ bridge: { ...bridge, openLive: () => link }, capture });
  store.setState({ lang, connections: [connection], activeConnection: connection.id });
  render(inStore(store, lang, <LiveView />));
  return { emit, saved, sent, calls: bridge.calls, store };
}

const LIVE_JOB: Job = {
  id: 'j1',
  file: { path: '/data/recordings/j1.flac', name: 'Live 2026-11-27 10-00.flac', size: 1 },
  connection: 'cloud',
  params: { d: '', logging: true },
  mode: 'live',
  status: 'completed',
  createdAt: 1,
  updatedAt: 1,
};

const labelled = (index: number, label: string, text: string) => ({
  type: 'final' as const,
  utterance: {
    index,
    startMs: index * 3000,
    endMs: index * 3000 + 2000,
    text,
    tokens: [
      {
        written: text,
        confidence: 0.9,
        starttime: index * 3000,
        endtime: index * 3000 + 2000,
        spoken: text,
        label,
      },
    ],
  },
});

describe('Label who speaks on Live', () => {
  it('on a cloud connection puts useDiarizer=1 in its segmenterProperties, which Live and direct requests send', async () => {
    const { saved } = setUp({ ...CLOUD, settings: { segmenterProperties: 'threshold=5000' } });
    const box = screen.getByRole('checkbox', { name: 'Label who speaks' });
    expect((box as HTMLInputElement).checked).toBe(false);
    await userEvent.click(box);
    expect(saved.at(-1)?.settings).toEqual({ segmenterProperties: 'threshold=5000 useDiarizer=1' });
    const on = saved.at(-1)!;
    expect(diarizerOn(on.settings)).toBe(true);
    // Live's `s` line and a direct request's `d` carry it; the async-only keys stay out.
    expect(startLineOf(on, 'KEY')).toContain('segmenterProperties="threshold=5000 useDiarizer=1"');
    const d = decodeD(dOf(on, 'sync'));
    expect(d.ok && d.data.segmenterProperties).toBe('threshold=5000 useDiarizer=1');
    // Off again: the other sub-properties stay; a tuning the person set comes back with it.
    expect(withDiarizer(on.settings, false)).toEqual({ segmenterProperties: 'threshold=5000' });
    expect(withDiarizer({}, true, { alpha: '1e-10', transitionBias: '1e-40' })).toEqual({
      segmenterProperties: 'useDiarizer=1 diarizerAlpha=1e-10 diarizerTransitionBias=1e-40',
    });
    expect(withDiarizer({ segmenterProperties: 'useDiarizer=1' }, false)).toEqual({});
  });

  it('is not offered by the local service, which says why', () => {
    setUp(LOCAL_CONNECTION);
    const box = screen.getByRole<HTMLInputElement>('checkbox', { name: 'Label who speaks' });
    expect(box.disabled).toBe(true);
    expect(box.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(box.getAttribute('aria-describedby')!)?.textContent).toMatch(
      /speakers/i,
    );
  });

  it('shows each final’s speaker as it arrives, in English and Japanese', async () => {
    for (const [lang, first, second] of [
      ['en', 'Speaker 1', 'Speaker 2'],
      ['ja', '話者 1', '話者 2'],
    ] as const) {
      const { emit } = setUp(CLOUD, lang);
      await userEvent.click(screen.getByTestId('live-start'));
      emit({ type: 'state', state: 'listening', jobId: 'j1' });
      emit(labelled(0, 'speaker0', 'Good morning.'));
      emit(labelled(1, 'speaker1', 'Hi there.'));
      const speakers = screen.getAllByTestId('live-speaker').map((s) => s.textContent);
      expect(speakers).toEqual([first, second]);
      expect(screen.getAllByTestId('live-final')[1]!.textContent).toBe(`0:03${second}Hi there.`);
      document.body.innerHTML = '';
    }
  });

  it('renames a speaker in place by keyboard, for every final of theirs, and sends the name to the job', async () => {
    const { emit, sent } = setUp(CLOUD);
    await userEvent.click(screen.getByTestId('live-start'));
    emit({ type: 'state', state: 'listening', jobId: 'j1' });
    emit(labelled(0, 'speaker0', 'Good morning.'));
    emit(labelled(1, 'speaker1', 'Hi there.'));
    emit(labelled(2, 'speaker0', 'Welcome back.'));
    expect(screen.getByTestId('live-announce').textContent).toBe('Speaker 1: Welcome back.');
    // Tab reaches the first speaker's button; Enter opens its name, selected, in a named field.
    screen.getAllByRole('button', { name: 'Rename Speaker 1' })[0]!.focus();
    await userEvent.keyboard('{Enter}');
    const field = screen.getByRole('textbox', {
      name: 'Name of Speaker 1 in the whole transcript',
    });
    expect(document.activeElement).toBe(field);
    expect(field.getAttribute('maxlength')).toBe('100');
    // Escape cancels: nothing is sent, the focus is back on the button.
    await userEvent.keyboard('{Escape}');
    expect(sent.filter((m) => m.type === 'speaker')).toEqual([]);
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Rename Speaker 1');
    // The same name kept sends nothing either.
    await userEvent.keyboard('{Enter}{Enter}');
    expect(sent.filter((m) => m.type === 'speaker')).toEqual([]);
    await userEvent.keyboard('{Enter}');
    await userEvent.keyboard('  Tanaka {Enter}');
    expect(sent.filter((m) => m.type === 'speaker')).toEqual([
      { type: 'speaker', label: 'speaker0', name: 'Tanaka' },
    ]);
    expect(screen.getAllByTestId('live-speaker').map((s) => s.textContent)).toEqual([
      'Tanaka',
      'Speaker 2',
      'Tanaka',
    ]);
    expect(document.activeElement?.getAttribute('aria-label')).toBe('Rename Tanaka');
    expect(screen.getByTestId('live-announce').textContent).toBe('Tanaka: Welcome back.');
    // Emptied: the default name comes back.
    await userEvent.keyboard('{Enter}');
    await userEvent.clear(screen.getByTestId('live-speaker-editor'));
    await userEvent.keyboard('{Enter}');
    expect(sent.filter((m) => m.type === 'speaker').at(-1)).toEqual({
      type: 'speaker',
      label: 'speaker0',
      name: '',
    });
    expect(screen.getAllByTestId('live-speaker')[0]!.textContent).toBe('Speaker 1');
  });

  it('once stopped, a speaker renamed on Live is the job’s speaker edit, as in the viewer; in Japanese too', async () => {
    const { emit, sent, calls, store } = setUp(CLOUD, 'ja');
    await userEvent.click(screen.getByTestId('live-start'));
    emit({ type: 'state', state: 'listening', jobId: 'j1' });
    emit(labelled(0, 'speaker0', 'おはようございます。'));
    emit(labelled(1, 'speaker1', 'こんにちは。'));
    expect(screen.getByTestId('live-announce').textContent).toBe('話者 2：こんにちは。');
    emit({ type: 'state', state: 'stopped', jobId: 'j1', job: LIVE_JOB });
    await userEvent.click(screen.getByRole('button', { name: '話者 2 の名前を変える' }));
    screen.getByRole('textbox', { name: '文字起こし全体での 話者 2 の名前' });
    await userEvent.keyboard('佐藤{Enter}');
    await waitFor(() =>
      expect(screen.getAllByTestId('live-speaker').map((s) => s.textContent)).toEqual([
        '話者 1',
        '佐藤',
      ]),
    );
    expect(sent.filter((m) => m.type === 'speaker')).toEqual([]);
    expect(calls.filter((c) => c.channel === 'edits:apply').map((c) => c.input)).toEqual([
      { id: 'j1', op: { kind: 'speaker', label: 'speaker1', name: '佐藤' } },
    ]);
    expect(store.getState().jobs.j1?.edited).toBe(true);
  });

  it('brings the speakers’ names with the Live screen, opened before the viewer ever was', async () => {
    localStorage.clear();
    const { link, capture, emit } = fakeLive();
    const bridge = fakeBridge({ 'dictionary:profiles': () => ({ profiles: [] }) });
    const store = createAppStore({ bridge: { ...bridge, openLive: () => link }, capture });
    store.setState({ lang: 'en', connections: [CLOUD], activeConnection: CLOUD.id });
    const Live = SECTIONS.live.View;
    render(
      <StoreContext.Provider value={store}>
        <I18nextProvider i18n={createI18n('en')}>
          <Suspense fallback={null}>
            <Live />
          </Suspense>
        </I18nextProvider>
      </StoreContext.Provider>,
    );
    await userEvent.click(await screen.findByTestId('live-start'));
    emit({ type: 'state', state: 'listening', jobId: 'j1' });
    emit(labelled(0, 'speaker0', 'Good morning.'));
    expect(screen.getByRole('button', { name: 'Rename Speaker 1' }).textContent).toBe('Speaker 1');
  });
});
