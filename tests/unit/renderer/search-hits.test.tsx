// @vitest-environment jsdom
/**
 * The Jobs search through transcripts: the hits the core answers (a small table keyed by query,
 * as `search:query` answers), each with its file and its snippet's matches marked; keyboard
 * moves between them; opening one opens the viewer on its word, focused. Both languages.
 */
import './dom-setup';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Transcript } from '../../../shared/domain/job';
import type { SearchHit } from '../../../shared/ipc/contract';
import { fakeBridge, job, renderApp } from './fake-bridge';

afterEach(() => localStorage.clear());

const meeting = job('meeting', { file: { path: '/a/定例.wav', name: '定例.wav', size: 10 } });
const review = job('review');
const words = ['今日', 'の', '会議', 'は', '予算', 'に', 'ついて', 'です'];
const transcript: Transcript = {
  text: words.join(''),
  utterances: [
    {
      text: words.join(''),
      tags: [],
      rulename: '',
      tokens: words.map((written, i) => ({ written, spoken: written, starttime: i * 500 })),
    },
  ],
};

const HITS: Record<string, SearchHit[]> = {
  予算: [
    {
      jobId: 'meeting',
      fileName: '定例.wav',
      field: 'text',
      snippet: { text: '今日の会議は予算についてです', marks: [[6, 8]] },
      wordIndex: 4,
    },
    {
      jobId: 'review',
      fileName: 'review.wav',
      title: '予算の見直し',
      field: 'title',
      snippet: { text: '予算の見直し', marks: [[0, 2]] },
    },
    // A file-name match is the table's, not the list's.
    {
      jobId: 'review',
      fileName: 'review.wav',
      field: 'name',
      snippet: { text: 'review.wav', marks: [] },
    },
  ],
};

async function openJobs(lang: 'en' | 'ja', complete: () => boolean = () => true) {
  localStorage.setItem('kikitori.lang', lang);
  const user = userEvent.setup();
  const bridge = fakeBridge({
    'jobs:list': () => ({ ok: true, data: { jobs: [meeting, review] } }),
    'jobs:get': () => ({ ok: true, data: { job: meeting, transcript } }),
    'search:query': ({ query }: { query: string }) => ({
      ok: true,
      data: { hits: HITS[query] ?? [], more: false, complete: complete() },
    }),
  });
  renderApp(bridge);
  await user.click(screen.getByRole('tab', { name: lang === 'en' ? 'Jobs' : 'ジョブ' }));
  await screen.findAllByTestId('job-row');
  return { user, bridge };
}

describe('the Jobs search through transcripts', () => {
  it('lists each hit with its file and its match marked, and says how many', async () => {
    const { user, bridge } = await openJobs('en');
    await user.type(
      screen.getByRole('searchbox', { name: 'Search file names and transcripts' }),
      '予算',
    );
    const hits = await screen.findByRole('list', { name: 'In transcripts' });
    const items = within(hits).getAllByRole('button');
    expect(items.map((b) => b.textContent)).toEqual([
      '定例.wav今日の会議は予算についてです',
      '予算の見直し review.wav (found in the title)予算の見直し',
    ]);
    expect([...hits.querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['予算', '予算']);
    expect(screen.getByTestId('search-hits-status').textContent).toBe(
      '2 transcripts contain this.',
    );
    // Asked once typing paused, not per keystroke.
    const asked = bridge.calls.filter((c) => c.channel === 'search:query');
    expect(asked.map((c) => c.input)).toEqual([{ query: '予算', limit: 50 }]);
    // The table still filters by file name: neither file is named 予算.
    expect(screen.queryAllByTestId('job-row')).toHaveLength(0);
  });

  it('says when nothing matches, and while older transcripts are still being indexed asks again until they are', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      let indexed = false;
      const { user, bridge } = await openJobs('ja', () => indexed);
      await user.type(
        screen.getByRole('searchbox', { name: 'ファイル名と文字起こしを検索' }),
        '会談',
      );
      const status = screen.getByTestId('search-hits-status');
      await waitFor(() =>
        expect(status.textContent).toBe(
          'これを含む文字起こしはありません。 古い文字起こしの索引を作成中のため、表示されないものがあります。',
        ),
      );
      expect(screen.queryByRole('list', { name: '文字起こしの中' })).toBeNull();
      const asked = () => bridge.calls.filter((c) => c.channel === 'search:query').length;
      const before = asked();
      await act(() => vi.advanceTimersByTimeAsync(2000));
      expect(asked()).toBe(before + 1);
      // Asked again, the last answer stays shown until the next one.
      expect(status.textContent).toContain('これを含む文字起こしはありません。');
      indexed = true;
      await act(() => vi.advanceTimersByTimeAsync(2000));
      await waitFor(() => expect(status.textContent).toBe('これを含む文字起こしはありません。'));
      const settled = asked();
      await act(() => vi.advanceTimersByTimeAsync(6000));
      expect(asked()).toBe(settled);
    } finally {
      vi.useRealTimers();
    }
  });

  it('moves between hits with the arrow keys and opens one on its word, focused', async () => {
    const { user } = await openJobs('en');
    await user.type(screen.getByRole('searchbox'), '予算');
    const hits = await screen.findByRole('list', { name: 'In transcripts' });
    const [first, second] = within(hits).getAllByRole('button');
    first!.focus();
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(second);
    await user.keyboard('{ArrowUp}');
    expect(document.activeElement).toBe(first);
    await user.keyboard('{Enter}');
    await screen.findByTestId('word-list');
    await waitFor(() => expect(document.activeElement?.getAttribute('data-i')).toBe('4'));
    expect(document.activeElement?.textContent).toBe('予算');
    expect(screen.getByRole('tab', { name: 'Words' }).getAttribute('aria-selected')).toBe('true');
  });
});
