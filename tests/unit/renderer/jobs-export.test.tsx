// @vitest-environment happy-dom
/**
 * Jobs exports a selection: finished jobs are chosen by their boxes (a running one
 * has none), the count is announced, and Export asks the core for every chosen job in each
 * format with the person's choices and each script's rules: in the browser one zip is
 * downloaded (`export:bundle`), under Electron the host asks for a folder (`export:jobs`).
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeBridge, job, renderApp, type FakeBridge } from '../../support/window/fake-bridge';

const jobs = [
  job('a', { createdAt: 3 }),
  job('b', { createdAt: 2, title: 'Weekly' }),
  job('c', { createdAt: 1, status: 'recognizing' }),
];

function watchDownloads() {
  const downloads: string[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    downloads.push(this.download);
  });
  URL.createObjectURL = vi.fn(() => 'blob:x');
  URL.revokeObjectURL = vi.fn();
  return downloads;
}

afterEach(() => vi.restoreAllMocks());

async function openJobs(bridge: FakeBridge, lang: 'en' | 'ja') {
  localStorage.setItem('kikitori.lang', lang);
  localStorage.setItem(
    'kikitori.export',
    JSON.stringify({
      formats: ['txt', 'srt'],
      fillers: 'drop',
      speakers: true,
      times: true,
      readings: true,
      subtitles: { cjk: { maxLine: 12 } },
    }),
  );
  const user = userEvent.setup({ delay: null });
  renderApp(bridge);
  await user.click(screen.getByRole('tab', { name: lang === 'en' ? 'Jobs' : 'ジョブ' }));
  await screen.findAllByTestId('job-row');
  return user;
}

describe('exporting a selection of jobs', () => {
  it('in the browser: chosen by keyboard, counted aloud, one zip of every job in each format', async () => {
    const downloads = watchDownloads();
    const bridge = fakeBridge({
      'jobs:list': () => ({ ok: true, data: { jobs } }),
      'export:bundle': () => ({
        ok: true,
        data: { base64: btoa('zip'), files: ['a.txt', 'a.srt', 'Weekly.txt', 'Weekly.srt'] },
      }),
    });
    const user = await openJobs(bridge, 'en');
    // The running job has no box.
    expect(screen.getAllByTestId('job-select')).toHaveLength(2);
    const exportButton = screen.getByTestId('export-selected');
    expect(exportButton).toHaveProperty('disabled', true);
    const box = screen.getByRole('checkbox', { name: 'Select Weekly' });
    box.focus();
    await user.keyboard(' ');
    expect(screen.getByTestId('selected-count').textContent).toBe('1 job selected');
    expect(screen.getByTestId('selected-count').getAttribute('role')).toBe('status');
    await user.click(screen.getByRole('checkbox', { name: 'Select a.wav' }));
    expect(screen.getByTestId('selected-count').textContent).toBe('2 jobs selected');
    await user.click(screen.getByRole('button', { name: 'Export 2 jobs…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Export 2 transcripts' });
    expect(within(dialog).getByTestId('export-rules-each')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Export 2 files' }));
    await waitFor(() => expect(downloads).toEqual(['Kikitori 2 transcripts.zip']));
    expect(bridge.calls.filter((c) => c.channel === 'export:bundle')).toEqual([
      {
        channel: 'export:bundle',
        input: {
          // In the list's order, newest first.
          ids: ['a', 'b'],
          formats: ['txt', 'srt'],
          settings: { lang: 'en', fillers: 'drop', speakers: true, times: true, readings: true },
          rules: { cjk: { maxLine: 12 } },
        },
      },
    ]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Clear selection' }));
    expect(screen.getByTestId('selected-count').textContent).toBe('');
  });

  it('under Electron, in Japanese: Select all takes the finished jobs, the host asks for a folder', async () => {
    const downloads = watchDownloads();
    const bridge = Object.assign(
      fakeBridge({
        'jobs:list': () => ({ ok: true, data: { jobs } }),
        'export:jobs': () => ({
          ok: true,
          data: { saved: true, paths: ['/home/me/a.txt', '/home/me/Weekly.txt'] },
        }),
      }),
      { mode: 'electron' as const },
    );
    const user = await openJobs(bridge, 'ja');
    await user.click(screen.getByRole('button', { name: '完了したものをすべて選択' }));
    expect(screen.getByTestId('selected-count').textContent).toBe('2 件のジョブを選択中');
    await user.click(screen.getByRole('button', { name: '2 件のジョブを書き出す…' }));
    const dialog = await screen.findByRole('dialog', { name: '2 件の文字起こしの書き出し' });
    await user.click(within(dialog).getByRole('button', { name: '2 件のファイルを書き出す' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(
      bridge.calls.filter((c) => c.channel.startsWith('export:')).map((c) => c.channel),
    ).toEqual(['export:jobs']);
    expect(downloads).toEqual([]);
  });
});
