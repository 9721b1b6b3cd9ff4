// @vitest-environment jsdom
/**
 * The Jobs search: one list, the jobs whose transcript (the core's answer, a small
 * table keyed by query as `search:query` answers), title or file name holds the query, each row
 * with how many matches its transcript holds and a few of them marked; opening one opens the
 * viewer on its word, focused, with the query in the find box. Both languages.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Transcript } from '../../../shared/domain/job';
import type { SearchHit } from '../../../shared/ipc/contract';
import { fakeBridge, job, renderApp } from '../../support/window/fake-bridge';

afterEach(() => localStorage.clear());

const meeting = job('meeting', {
  status: 'completed',
  preview: '今日の会議は予算についてです',
  file: { path: '/a/定例.wav', name: '定例.wav', size: 10 },
});
const review = job('review', { title: '予算の見直し' });
const other = job('other');
const words = ['今日', 'の', '会議', 'は', '予算', 'に', 'ついて', 'です', '予算', 'は', '十分'];
const transcript: Transcript = {
  text: words.join(''),
  utterances: [
    {
      text: words.slice(0, 8).join(''),
      tags: [],
      rulename: '',
      tokens: words
        .slice(0, 8)
        .map((written, i) => ({ written, spoken: written, starttime: i * 500 })),
    },
    {
      text: words.slice(8).join(''),
      tags: [],
      rulename: '',
      tokens: words
        .slice(8)
        .map((written, i) => ({ written, spoken: written, starttime: 4000 + i * 500 })),
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
      matches: 2,
      snippets: [
        { text: '今日の会議は予算についてです', marks: [[6, 8]], wordIndex: 4 },
        { text: '予算は十分', marks: [[0, 2]], wordIndex: 8 },
      ],
    },
    {
      jobId: 'review',
      fileName: 'review.wav',
      title: '予算の見直し',
      field: 'title',
      snippet: { text: '予算の見直し', marks: [[0, 2]] },
      matches: 0,
      snippets: [{ text: '予算の見直し', marks: [[0, 2]] }],
    },
  ],
};

async function openJobs(lang: 'en' | 'ja', complete: () => boolean = () => true) {
  localStorage.setItem('kikitori.lang', lang);
  const user = userEvent.setup({ delay: null });
  const bridge = fakeBridge({
    'jobs:list': () => ({ ok: true, data: { jobs: [meeting, review, other] } }),
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

const rowOf = (id: string) =>
  screen.getAllByTestId('job-row').find((row) => row.dataset.jobId === id)!;

describe('the Jobs search: one list of the jobs it finds', () => {
  it('lists the jobs whose transcript, title or name holds the query, each with how many matches and a few of them marked', async () => {
    const { user, bridge } = await openJobs('en');
    await user.type(
      screen.getByRole('searchbox', { name: 'Search file names and transcripts' }),
      '予算',
    );
    // The list is the search's: the transcript's job and the title's, and the count says so.
    await waitFor(() =>
      expect(screen.getAllByTestId('job-row').map((row) => row.dataset.jobId)).toEqual([
        'meeting',
        'review',
      ]),
    );
    expect(screen.getByTestId('job-count').textContent).toBe('2 jobs');
    expect(screen.queryByText('No job matches this filter.')).toBeNull();
    const found = rowOf('meeting');
    expect(within(found).getByTestId('match-count').textContent).toBe('2 matches');
    const snippets = within(
      within(found).getByRole('list', { name: 'Matches in the transcript' }),
    ).getAllByRole('button');
    expect(snippets.map((b) => b.textContent)).toEqual([
      '今日の会議は予算についてです',
      '予算は十分',
    ]);
    expect([...found.querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['予算', '予算']);
    // The title's job is listed by its name (which holds the query); no transcript matches in it.
    expect(within(rowOf('review')).queryByTestId('row-hits')).toBeNull();
    // Asked once typing paused, not per keystroke.
    const asked = bridge.calls.filter((c) => c.channel === 'search:query');
    expect(asked.map((c) => c.input)).toEqual([{ query: '予算', limit: 50 }]);
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
      const status = screen.getByTestId('search-status');
      await waitFor(() =>
        expect(status.textContent).toBe(
          '古い文字起こしの索引を作成中のため、表示されないものがあります。',
        ),
      );
      expect(screen.getByText('この条件に合うジョブはありません。')).toBeTruthy();
      expect(screen.getByTestId('job-count').textContent).toBe('0 件のジョブ');
      const asked = () => bridge.calls.filter((c) => c.channel === 'search:query').length;
      const before = asked();
      await act(() => vi.advanceTimersByTimeAsync(2000));
      expect(asked()).toBe(before + 1);
      indexed = true;
      await act(() => vi.advanceTimersByTimeAsync(2000));
      await waitFor(() => expect(status.textContent).toBe(''));
      const settled = asked();
      await act(() => vi.advanceTimersByTimeAsync(6000));
      expect(asked()).toBe(settled);
    } finally {
      vi.useRealTimers();
    }
  });

  it('opens a match on its word, focused, with the query in the find box, so Enter goes on to the next match', async () => {
    const { user } = await openJobs('en');
    await user.type(screen.getByRole('searchbox'), '予算');
    await waitFor(() => expect(rowOf('meeting')).toBeTruthy());
    const second = await within(rowOf('meeting')).findByRole('button', { name: '予算は十分' });
    await user.click(second);
    await screen.findByTestId('word-list');
    await waitFor(() => expect(document.activeElement?.getAttribute('data-i')).toBe('8'));
    expect(screen.getByRole('tab', { name: 'Words' }).getAttribute('aria-selected')).toBe('true');
    const find = screen.getByTestId<HTMLInputElement>('find');
    expect(find.value).toBe('予算');
    await waitFor(() => expect(screen.getByTestId('find-position').textContent).toBe('2 of 2'));
    find.focus();
    await user.keyboard('{Enter}');
    expect(screen.getByTestId('find-position').textContent).toBe('1 of 2');
    await user.keyboard('{Enter}');
    expect(screen.getByTestId('find-position').textContent).toBe('2 of 2');
  });
});
