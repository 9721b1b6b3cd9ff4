// @vitest-environment happy-dom
/**
 * The Live screen as a person and a screen reader meet it: Start opens the session, interim text
 * is marked not final and replaced by the final, only finals reach the polite live region, a
 * refusal offers the way to Settings, and the list offers "Jump to live" once scrolled up.
 */
import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { LiveView } from '../../../renderer/src/features/live/LiveView';
import { createAppStore } from '../../../renderer/src/store/store';
import { appError } from '../../../shared/domain/errors';
import type { Job } from '../../../shared/domain/job';
import { inStore } from '../../support/window/in-store';
import { fakeLive } from '../../support/window/live-fakes';
import { fakeBridge, LOCAL_CONNECTION } from '../../support/window/table-bridge';

function setUp(lang: 'en' | 'ja' = 'en') {
  localStorage.clear();
  const { link, capture, emit } = fakeLive();
  const store = createAppStore({ bridge: { ...fakeBridge({}), openLive: () => link }, capture });
  store.setState({ lang, connections: [LOCAL_CONNECTION], activeConnection: 'local' });
  render(inStore(store, lang, <LiveView />));
  return { store, emit };
}

const final = (index: number, text: string) => ({
  type: 'final' as const,
  utterance: { index, startMs: index * 5000, endMs: index * 5000 + 2000, text, tokens: [] },
});

describe('the Live screen', () => {
  it('shows interim text as not final, replaces it by the final, and announces only finals', async () => {
    const { emit } = setUp();
    await userEvent.click(screen.getByRole('button', { name: 'Start' }));
    emit({ type: 'state', state: 'listening', jobId: 'j1' });
    expect(screen.getByTestId('live-state').textContent).toBe('Listening.');
    expect(screen.getByRole('button', { name: 'Stop' })).toBeTruthy();
    emit({ type: 'interim', text: 'he was', startMs: 1200 });
    const interim = screen.getByTestId('live-interim');
    expect(interim.textContent).toBe('0:01(not final yet) he was');
    // The next interim result replaces the text in place, in the same line.
    emit({ type: 'interim', text: 'he was not', startMs: 1200 });
    expect(screen.getByTestId('live-interim')).toBe(interim);
    expect(interim.textContent).toBe('0:01(not final yet) he was not');
    expect(screen.getByTestId('live-announce').textContent).toBe('');
    emit(final(0, 'he was not an illness'));
    expect(screen.queryByTestId('live-interim')).toBeNull();
    expect(screen.getByTestId('live-final').textContent).toBe('0:00he was not an illness');
    expect(screen.getByTestId('live-announce').textContent).toBe('he was not an illness');
    emit(final(1, 'those young men'));
    expect(screen.getAllByTestId('live-final')[1]!.textContent).toBe('0:05those young men');
    expect(screen.getByTestId('live-announce').textContent).toBe('those young men');
  });

  it('offers Settings when the service refused the key, in Japanese', async () => {
    const { emit } = setUp('ja');
    await userEvent.click(screen.getByRole('button', { name: '開始' }));
    emit({
      type: 'error',
      error: appError('live-refused', { message: 'received illegal service authorization' }),
      fatal: true,
    });
    emit({ type: 'state', state: 'stopped' });
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('received illegal service authorization');
    expect(screen.getByRole('button', { name: '設定を開く' })).toBeTruthy();
    expect(screen.getByTestId('live-state').textContent).toBe(
      '停止しました。何も録音されていません。',
    );
  });

  it('stops following when scrolled up, and Jump to live follows again', async () => {
    const { emit } = setUp();
    await userEvent.click(screen.getByRole('button', { name: 'Start' }));
    emit({ type: 'state', state: 'listening', jobId: 'j1' });
    for (let i = 0; i < 30; i++) emit(final(i, `utterance ${i}`));
    const box = screen.getByTestId('live-transcript');
    // jsdom lays nothing out: give the box a height and its content a larger one.
    Object.defineProperty(box, 'clientHeight', { value: 200, configurable: true });
    Object.defineProperty(box, 'scrollHeight', { value: 2000, configurable: true });
    box.scrollTop = 100;
    fireEvent.scroll(box);
    const jump = screen.getByRole('button', { name: 'Jump to live' });
    await userEvent.click(jump);
    expect(screen.queryByRole('button', { name: 'Jump to live' })).toBeNull();
    expect(box.scrollTop).toBe(2000);
  });

  it('on a full disk: says so, and says the job is saved only once there is room, in Japanese', async () => {
    const { store, emit } = setUp('ja');
    await userEvent.click(screen.getByRole('button', { name: '開始' }));
    const job: Job = {
      id: 'j1',
      file: { path: '/data/recordings/j1.flac', name: 'Live.flac', size: 0, container: 'flac' },
      connection: 'local',
      params: { d: '', logging: true },
      mode: 'live',
      status: 'recognizing',
      createdAt: 1,
      updatedAt: 1,
    };
    act(() => store.getState().applyJob(job));
    emit({ type: 'state', state: 'listening', jobId: 'j1' });
    emit({ type: 'error', error: appError('live-disk-full', { path: '/data' }), fatal: false });
    expect(screen.getByRole('alert').textContent).toContain(
      '/data のあるディスクがいっぱいのため、ライブの録音は止まり',
    );
    emit({ type: 'state', state: 'stopped' });
    expect(screen.getByTestId('live-state').textContent).toBe(
      '停止しました。ディスクがいっぱいのため、文字起こしはメモリーに保持されています。空きができしだい、中断したジョブとして保存されます。',
    );
    expect(screen.queryByTestId('live-open-job')).toBeNull();
    // Saved once there is room: the job to open is offered.
    act(() => store.getState().applyJob({ ...job, status: 'completed', cutOff: true }));
    expect(screen.getByTestId('live-state').textContent).toContain(
      '停止しました。録音と文字起こしはジョブとして保存されています。',
    );
    expect(screen.getByTestId('live-open-job')).toBeTruthy();
  });

  it.each([
    [
      'en',
      'Lower the microphone while the computer plays',
      'Also keep each source apart',
      /By 15 dB/,
    ],
    [
      'ja',
      'コンピューターの音が鳴っている間はマイクを下げる',
      '各音源も別に保存する',
      /15 dB 下げ/,
    ],
  ] as const)(
    'with both sources (%s): the duck and keep-apart boxes, named and described, by keyboard; apart is fixed while recording',
    async (lang, duckName, apartName, hint) => {
      const { store } = setUp(lang);
      act(() => store.getState().setLiveSource('both'));
      const duck = screen.getByRole('checkbox', { name: duckName });
      const apart = screen.getByRole('checkbox', { name: apartName });
      expect(duck.getAttribute('aria-describedby')).toBeTruthy();
      expect(document.getElementById(duck.getAttribute('aria-describedby')!)?.textContent).toMatch(
        hint,
      );
      duck.focus();
      await userEvent.keyboard(' ');
      expect(store.getState().liveDuck).toBe(true);
      apart.focus();
      await userEvent.keyboard(' ');
      expect(store.getState().liveKeepApart).toBe(true);
      // Recording (the computer's sound itself is the store's tests' business).
      act(() => store.setState({ live: { ...store.getState().live, phase: 'listening' } }));
      // The recording's shape is fixed at Start; the duck can change at any time.
      expect((apart as HTMLInputElement).disabled).toBe(true);
      expect((duck as HTMLInputElement).disabled).toBe(false);
      act(() => store.getState().setLiveSource('microphone'));
      expect(screen.queryByRole('checkbox', { name: duckName })).toBeNull();
    },
  );
});
