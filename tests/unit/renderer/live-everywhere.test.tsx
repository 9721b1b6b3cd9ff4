// @vitest-environment happy-dom
/**
 * A live session seen from the rest of the window: a mark on the Live tab, with
 * its accessible name, and in the window's title while it records or is paused; Jobs offers Stop
 * for it, which stops it as the Live screen's Stop does; and the Live screen chooses the
 * dictionary profile the session uses, kept on the connection as for files.
 */
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { Shell } from '../../../renderer/src/app/Shell';
import { connectStore, createAppStore } from '../../../renderer/src/store/store';
import type { Connection } from '../../../shared/domain/connection';
import { fakeBridge, job } from '../../support/window/fake-bridge';
import { inStore } from '../../support/window/in-store';
import { fakeLive } from '../../support/window/live-fakes';

let disconnect: (() => void) | undefined;
afterEach(() => {
  disconnect?.();
  disconnect = undefined;
});

function setUp(lang: 'en' | 'ja' = 'en') {
  localStorage.clear();
  const { link, capture, emit, sent, stops } = fakeLive();
  const live = job('talk-live', {
    mode: 'live',
    status: 'recognizing',
    file: { path: '/data/live/talk-live.flac', name: 'Live 10:00.flac', size: 0 },
  });
  const bridge = fakeBridge({
    'jobs:list': () => ({ ok: true, data: { jobs: [live] } }),
    'dictionary:profiles': () => ({ ok: true, data: { profiles: ['names', 'terms'] } }),
    'connections:save': (input: { connection: Connection }) => ({
      ok: true,
      data: { connection: input.connection },
    }),
  });
  bridge.openLive = () => link;
  const store = createAppStore({ bridge, capture });
  disconnect = connectStore(store, bridge);
  render(inStore(store, lang, <Shell />));
  return { store, bridge, emit, sent, stops };
}

const liveTab = () => screen.getByRole('tab', { name: /^(Live|ライブ)/ });

describe('a live session seen from every tab', () => {
  it('marks the Live tab and the window title while recording and paused, and clears both after', async () => {
    const { store, emit } = setUp();
    expect(liveTab().getAttribute('aria-label') ?? liveTab().textContent).toBe('Live');
    expect(document.title).toBe('Kikitori');
    await act(() => store.getState().liveStart());
    emit({ type: 'state', state: 'listening', jobId: 'talk-live' });
    expect(screen.getByRole('tab', { name: 'Live (recording)' })).toBe(liveTab());
    expect(screen.getByTestId('live-tab-mark').dataset.mark).toBe('recording');
    expect(document.title).toBe('● Recording — Kikitori');
    emit({ type: 'state', state: 'paused', jobId: 'talk-live' });
    expect(screen.getByRole('tab', { name: 'Live (paused)' })).toBeTruthy();
    expect(document.title).toBe('Paused — Kikitori');
    emit({ type: 'state', state: 'stopped', jobId: 'talk-live' });
    expect(screen.getByRole('tab', { name: 'Live' })).toBeTruthy();
    expect(screen.queryByTestId('live-tab-mark')).toBeNull();
    expect(document.title).toBe('Kikitori');
  });

  it('says it in Japanese', async () => {
    const { store, emit } = setUp('ja');
    await act(() => store.getState().liveStart());
    emit({ type: 'state', state: 'listening', jobId: 'talk-live' });
    expect(screen.getByRole('tab', { name: 'ライブ （録音中）' })).toBeTruthy();
    expect(document.title).toBe('● 録音中 — Kikitori');
  });

  it('offers Stop in Jobs for the running live session, which stops it as the Live screen does', async () => {
    const { store, emit, sent, stops } = setUp();
    const user = userEvent.setup({ delay: null });
    await act(() => store.getState().liveStart());
    emit({ type: 'state', state: 'listening', jobId: 'talk-live' });
    await user.click(screen.getByRole('tab', { name: 'Jobs' }));
    const row = (await screen.findAllByTestId('job-row'))[0]!;
    const stop = within(row).getByRole('button', { name: 'Stop: Live 10:00.flac' });
    await user.click(stop);
    // The worklet finishes its last audio and says stop; the session is stopping.
    expect(stops).toEqual(['worklet']);
    expect(store.getState().live.phase).toBe('stopping');
    expect(sent.filter((m) => m.type === 'stop')).toEqual([]);
    expect(within(row).getByRole('button', { name: 'Stop: Live 10:00.flac' })).toHaveProperty(
      'disabled',
      true,
    );
    emit({ type: 'state', state: 'stopped', jobId: 'talk-live' });
    await waitFor(() =>
      expect(within(row).queryByRole('button', { name: 'Stop: Live 10:00.flac' })).toBeNull(),
    );
  });

  it('chooses the dictionary profile of the live session on the Live screen, kept on the connection', async () => {
    const { store, bridge, emit } = setUp();
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('tab', { name: 'Live' }));
    const profile = await screen.findByRole('combobox', { name: 'Dictionary profile' });
    await waitFor(() =>
      expect(within(profile).getByRole('option', { name: 'names' })).toBeTruthy(),
    );
    await user.selectOptions(profile, 'names');
    await waitFor(() =>
      expect(store.getState().connections.find((c) => c.id === 'local')?.profileId).toBe('names'),
    );
    expect(
      (
        bridge.calls.find((c) => c.channel === 'connections:save')!.input as {
          connection: Connection;
        }
      ).connection,
    ).toMatchObject({ id: 'local', profileId: 'names' });
    // Not while a session runs: it was chosen for the session at Start.
    await act(() => store.getState().liveStart());
    emit({ type: 'state', state: 'listening', jobId: 'talk-live' });
    expect(screen.getByRole('combobox', { name: 'Dictionary profile' })).toHaveProperty(
      'disabled',
      true,
    );
  });
});
