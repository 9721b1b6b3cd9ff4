// @vitest-environment jsdom
/**
 * "Label who speaks" on Live (issue #33 §2): on a cloud connection it puts `useDiarizer=1` in the
 * connection's segmenterProperties (kept with its other sub-properties, and with the tuning the
 * person set), which Live's `s` line and a direct request's `d` both send; the local service
 * cannot tell speakers apart and says so; finals that come labelled show their speaker as they
 * arrive, in either language.
 */
import './dom-setup';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { dOf } from '../../../core/jobs/request-d';
import { startLineOf } from '../../../core/live/realtime-target';
import { diarizerOn, withDiarizer } from '../../../shared/api/diarizer';
import { decodeD } from '../../../shared/api/d-codec';
import type { Connection } from '../../../shared/domain/connection';
import { LiveView } from '../../../renderer/src/features/live/LiveView';
import { createAppStore } from '../../../renderer/src/store/store';
import { inStore } from './in-store';
import { fakeLive } from './live-fakes';
import { fakeBridge, LOCAL_CONNECTION } from './table-bridge';

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
  const { link, capture, emit } = fakeLive();
  const saved: Connection[] = [];
  const bridge = fakeBridge({
    'connections:save': ({ connection: given }) => {
      saved.push(given);
      return { connection: given };
    },
    'dictionary:profiles': () => ({ profiles: [] }),
  });
  const store = createAppStore({ bridge: { ...bridge, openLive: () => link }, capture });
  store.setState({ lang, connections: [connection], activeConnection: connection.id });
  render(inStore(store, lang, <LiveView />));
  return { emit, saved };
}

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
});
