// @vitest-environment happy-dom
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, onTestFinished, vi } from 'vitest';
import { createAppStore } from '../../../renderer/src/store/store';
import { filterJobs } from '../../../renderer/src/features/jobs/filter';
import { fakeBridge, job, renderApp } from '../../support/window/fake-bridge';

/**
 * Holds the window's clock (Date only; timers run) at this moment for the test, and returns it:
 * the time a job has run is then what the test says, however long rendering takes. With the
 * real clock, a loaded machine took over a second to show the rows, and 0:40 left read 0:38.
 */
function stillClock(): number {
  const now = Date.now();
  vi.useFakeTimers({ toFake: ['Date'], now });
  onTestFinished(() => {
    vi.useRealTimers();
  });
  return now;
}

const many = Array.from({ length: 10_000 }, (_, i) =>
  job(`job-${String(i).padStart(5, '0')}`, {
    createdAt: 1_700_000_000_000 + i * 1000,
    status: i % 10 === 0 ? 'failed' : 'completed',
  }),
);

describe('the jobs slice', () => {
  it('keeps jobs newest first as they are hydrated, changed and removed', async () => {
    const bridge = fakeBridge({
      'jobs:list': () => ({
        ok: true,
        data: { jobs: [job('b', { createdAt: 2 }), job('a', { createdAt: 1 })] },
      }),
    });
    const store = createAppStore({ bridge });
    expect(await store.getState().loadJobs()).toMatchObject({ ok: true });
    expect(store.getState().jobOrder).toEqual(['b', 'a']);
    store.getState().applyJob(job('c', { createdAt: 3 }));
    store.getState().applyJob(job('m', { createdAt: 1.5 }));
    expect(store.getState().jobOrder).toEqual(['c', 'b', 'm', 'a']);
    const before = store.getState().jobs.b;
    store.getState().applyJob(job('m', { createdAt: 1.5, status: 'failed' }));
    expect(store.getState().jobOrder).toEqual(['c', 'b', 'm', 'a']);
    expect(store.getState().jobs.b).toBe(before);
    store.getState().dropJob('b');
    expect(store.getState().jobOrder).toEqual(['c', 'm', 'a']);
  });

  it('filters by status and file name', () => {
    const jobs = Object.fromEntries(many.map((j) => [j.id, j]));
    const order = many.map((j) => j.id);
    expect(filterJobs(order, jobs, 'failed', '')).toHaveLength(1000);
    expect(filterJobs(order, jobs, 'all', 'JOB-0999')).toHaveLength(10);
    expect(filterJobs(order, jobs, 'failed', 'job-09990')).toEqual(['job-09990']);
  });
});

describe('the Jobs view', () => {
  it('renders 10,000 jobs as a few rows, newest first, and follows events', async () => {
    const user = userEvent.setup({ delay: null });
    const bridge = fakeBridge({ 'jobs:list': () => ({ ok: true, data: { jobs: many } }) });
    renderApp(bridge);
    await user.click(screen.getByRole('tab', { name: 'Jobs' }));
    await waitFor(() => expect(screen.getByTestId('job-count').textContent).toBe('10000 jobs'));
    const rows = await screen.findAllByTestId('job-row');
    expect(rows.length).toBeGreaterThan(3);
    expect(rows.length).toBeLessThan(40);
    expect(rows[0]!.textContent).toContain('job-09999.wav');
    expect(screen.getByRole('table').getAttribute('aria-rowcount')).toBe('10001');

    act(() => bridge.emit('jobs:changed', { job: { ...many[9999]!, status: 'recognizing' } }));
    expect(screen.getAllByTestId('job-row')[0]!.dataset.status).toBe('recognizing');
    act(() => bridge.emit('jobs:removed', { id: 'job-09999' }));
    expect(screen.getAllByTestId('job-row')[0]!.textContent).toContain('job-09998.wav');

    await user.selectOptions(screen.getByTestId('job-filter'), 'failed');
    expect(screen.getByTestId('job-count').textContent).toBe('1000 jobs');
    const first = screen.getAllByTestId('job-row')[0]!;
    expect(first.textContent).toContain('job-09990.wav');
    expect(within(first).getByRole('button', { name: 'Retry: job-09990.wav' })).toBeTruthy();
  });

  it('removes a job only after a confirmation that says the service keeps its copy', async () => {
    const user = userEvent.setup({ delay: null });
    const bridge = fakeBridge({
      'jobs:list': () => ({ ok: true, data: { jobs: [job('talk')] } }),
      'jobs:remove': () => ({ ok: true, data: { removed: true } }),
    });
    renderApp(bridge);
    await user.click(screen.getByRole('tab', { name: 'Jobs' }));
    await user.click(await screen.findByRole('button', { name: 'Remove: talk.wav' }));
    const dialog = screen.getByRole('alertdialog');
    expect(dialog.textContent).toContain('own copy of the job is left alone');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(bridge.calls.some((c) => c.channel === 'jobs:remove')).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Remove: talk.wav' }));
    await user.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Remove' }),
    );
    await waitFor(() => expect(screen.queryByTestId('job-row')).toBeNull());
    expect(bridge.calls.find((c) => c.channel === 'jobs:remove')?.input).toEqual({ id: 'talk' });
  });

  it("names the built-in connection of a job in the window's language", async () => {
    localStorage.setItem('kikitori.lang', 'ja');
    const user = userEvent.setup({ delay: null });
    renderApp(fakeBridge({ 'jobs:list': () => ({ ok: true, data: { jobs: [job('talk')] } }) }));
    await user.click(screen.getByRole('tab', { name: 'ジョブ' }));
    const row = await screen.findByTestId('job-row');
    expect(row.textContent).toContain('ローカル（オフライン）');
    expect(row.textContent).not.toContain('Local (offline)');
  });

  it('estimates the time left of a running job from the jobs the connection finished before', async () => {
    const user = userEvent.setup({ delay: null });
    const now = stillClock();
    // Two earlier jobs worked 0.4 and 0.6 s per second of audio: the median is 0.5.
    const earlier = (id: string, rate: number) =>
      job(id, {
        mode: 'async',
        seconds: 60,
        startedAt: now - 900_000,
        completedAt: now - 900_000 + 60_000 * rate,
      });
    renderApp(
      fakeBridge({
        'jobs:list': () => ({
          ok: true,
          data: {
            jobs: [
              earlier('e1', 0.4),
              earlier('e2', 0.6),
              job('running', {
                mode: 'async',
                status: 'recognizing',
                seconds: 100,
                startedAt: now - 10_000,
              }),
              job('unknown', { mode: 'async', status: 'recognizing', startedAt: now - 5_000 }),
            ],
          },
        }),
      }),
    );
    await user.click(screen.getByRole('tab', { name: 'Jobs' }));
    const rows = await screen.findAllByTestId('job-row');
    const row = (name: string) => rows.find((r) => r.textContent.includes(`${name}.wav`))!;
    // 100 s of audio at 0.5: 50 s in all, 10 s gone.
    expect(row('running').querySelector('[data-testid="job-progress"]')!.textContent).toMatch(
      /^Recognizing… about 0:40 left$/,
    );
    expect(Number(row('running').querySelector('progress')!.value)).toBeCloseTo(0.2, 1);
    // No length known: the elapsed time only, no bar.
    expect(row('unknown').querySelector('[data-testid="job-progress"]')!.textContent).toMatch(
      /^Recognizing… 0:05$/,
    );
    expect(row('unknown').querySelector('progress')).toBeNull();
  });

  it('gives the first job of a connection a first estimate, said to be one, and shows a cancelled job as cancelled', async () => {
    const user = userEvent.setup({ delay: null });
    const now = stillClock();
    renderApp(
      fakeBridge({
        'jobs:list': () => ({
          ok: true,
          data: {
            jobs: [
              job('first', {
                mode: 'async',
                status: 'recognizing',
                seconds: 100,
                defaultRate: 0.5,
                startedAt: now - 10_000,
              }),
              job('stopped', {
                mode: 'async',
                status: 'cancelled',
                error: { code: 'cancelled', params: { service: 'none' } },
              }),
            ],
          },
        }),
      }),
    );
    await user.click(screen.getByRole('tab', { name: 'Jobs' }));
    const rows = await screen.findAllByTestId('job-row');
    const row = (name: string) => rows.find((r) => r.textContent.includes(`${name}.wav`))!;
    expect(row('first').querySelector('[data-testid="job-progress"]')!.textContent).toMatch(
      /^Recognizing… about 0:40 left \(first estimate\)$/,
    );
    expect(row('first').querySelector('progress')).not.toBeNull();
    expect(row('stopped').querySelector('.chip')!.textContent).toBe('Cancelled');
    expect(row('stopped').textContent).toContain('You cancelled this transcription.');
    expect(within(row('stopped')).getByRole('button', { name: /^Retry/ })).toBeTruthy();
  });

  it('says how long a job took, and "under a second" rather than 0:00', async () => {
    const user = userEvent.setup({ delay: null });
    const at = 1_700_000_000_000;
    renderApp(
      fakeBridge({
        'jobs:list': () => ({
          ok: true,
          data: {
            jobs: [
              job('quick', { createdAt: at + 1, completedAt: at + 1 + 420 }),
              job('slow', { createdAt: at, completedAt: at + 83_000 }),
            ],
          },
        }),
      }),
    );
    await user.click(screen.getByRole('tab', { name: 'Jobs' }));
    const rows = await screen.findAllByTestId('job-row');
    const cell = (name: string) =>
      rows
        .find((r) => r.textContent.includes(`${name}.wav`))!
        .querySelector('.job-took > :last-child')!.textContent;
    expect(cell('quick')).toBe('under a second');
    expect(cell('slow')).toBe('1:23');
  });

  it('shows a live session with its connection and the length it recorded', async () => {
    const user = userEvent.setup({ delay: null });
    renderApp(
      fakeBridge({
        'jobs:list': () => ({
          ok: true,
          data: {
            jobs: [job('meeting', { mode: 'live', seconds: 754.2 }), job('file', { seconds: 30 })],
          },
        }),
      }),
    );
    await user.click(screen.getByRole('tab', { name: 'Jobs' }));
    const rows = await screen.findAllByTestId('job-row');
    const live = rows.find((r) => r.textContent.includes('meeting.wav'))!;
    expect(within(live).getByTestId('recorded-length').textContent).toBe('Recorded 12:34');
    expect(live.querySelector('.file-meta')!.textContent).toContain('Live');
    expect(live.querySelector('.file-meta')!.textContent).toContain('Local');
    const file = rows.find((r) => r.textContent.includes('file.wav'))!;
    expect(within(file).queryByTestId('recorded-length')).toBeNull();
  });

  it('says how much a speech-only job sent of its recording, and nothing for one sent whole', async () => {
    const user = userEvent.setup({ delay: null });
    renderApp(
      fakeBridge({
        'jobs:list': () => ({
          ok: true,
          data: {
            jobs: [
              job('meeting', {
                seconds: 3482.4,
                speechOnly: true,
                speech: { kept: [[0, 2_470_000]], recordingMs: 3_482_400 },
                sentSeconds: 2470.2,
              }),
              job('whole', { seconds: 30 }),
            ],
          },
        }),
      }),
    );
    await user.click(screen.getByRole('tab', { name: 'Jobs' }));
    const rows = await screen.findAllByTestId('job-row');
    const cut = within(rows.find((r) => r.textContent.includes('meeting.wav'))!);
    expect(cut.getByTestId('sent-length').textContent).toBe('Sent 41:10 of 58:02');
    const whole = rows.find((r) => r.textContent.includes('whole.wav'))!;
    expect(within(whole).queryByTestId('sent-length')).toBeNull();
  });
});

describe('what a failed job offers', () => {
  it('offers Retry where it can help, and not for a file that cannot be converted', async () => {
    const user = userEvent.setup({ delay: null });
    const failed = (id: string, code: 'conversion-failed' | 'network') =>
      job(id, {
        status: 'failed',
        error: {
          code,
          params: code === 'network' ? { host: 'h', reason: 'refused' } : { name: `${id}.m4a` },
        },
      });
    renderApp(
      fakeBridge({
        'jobs:list': () => ({
          ok: true,
          data: { jobs: [failed('broken', 'conversion-failed'), failed('offline', 'network')] },
        }),
      }),
    );
    await user.click(screen.getByRole('tab', { name: 'Jobs' }));
    await screen.findAllByTestId('job-row');
    expect(screen.queryByRole('button', { name: 'Retry: broken.wav' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Retry: offline.wav' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Remove: broken.wav' })).toBeTruthy();
  });

  it('says why a Retry failed above the list, and clears it when the next one works', async () => {
    const user = userEvent.setup({ delay: null });
    const offline = job('offline', {
      status: 'failed',
      error: { code: 'network', params: { host: 'h', reason: 'refused' } },
    });
    let answer: 'fail' | 'pass' = 'fail';
    renderApp(
      fakeBridge({
        'jobs:list': () => ({ ok: true, data: { jobs: [offline] } }),
        'jobs:retry': () =>
          answer === 'fail'
            ? { ok: false, error: { code: 'service-starting', params: {} } }
            : { ok: true, data: { job: { ...offline, status: 'queued', error: undefined } } },
      }),
    );
    await user.click(screen.getByRole('tab', { name: 'Jobs' }));
    await user.click(await screen.findByRole('button', { name: 'Retry: offline.wav' }));
    const said = (await screen.findAllByRole('alert')).map((a) => a.textContent).join('\n');
    expect(said).toMatch(/starting/i);
    answer = 'pass';
    await user.click(screen.getByRole('button', { name: 'Retry: offline.wav' }));
    await waitFor(() =>
      expect(screen.queryAllByRole('alert').map((a) => a.textContent)).not.toContainEqual(
        expect.stringMatching(/starting/i),
      ),
    );
  });
});

describe('stopping a running job', () => {
  it('offers Stop on a running job, and shows it cancelled with what the service may still do', async () => {
    const user = userEvent.setup({ delay: null });
    const running = job('long', { mode: 'async', status: 'recognizing', sessionid: 's1' });
    const bridge = fakeBridge({
      'jobs:list': () => ({ ok: true, data: { jobs: [running] } }),
      'jobs:cancel': () => ({
        ok: true,
        data: {
          job: {
            ...running,
            status: 'failed',
            error: { code: 'cancelled', params: { service: 'may-finish' } },
          },
        },
      }),
    });
    renderApp(bridge);
    await user.click(screen.getByRole('tab', { name: 'Jobs' }));
    await user.click(await screen.findByRole('button', { name: 'Stop: long.wav' }));
    const row = await screen.findByTestId('job-row');
    await waitFor(() => expect(row.dataset.status).toBe('failed'));
    expect(row.textContent).toContain(
      'its API offers no way to stop it, so it may still finish it',
    );
    expect(screen.queryByRole('button', { name: 'Stop: long.wav' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Retry: long.wav' })).toBeTruthy();
  });
});

describe('a job’s id, shared with the command line', () => {
  it('is copied by the row’s Copy ID, named for its job, in each language', async () => {
    for (const lang of ['en', 'ja'] as const) {
      localStorage.setItem('kikitori.lang', lang);
      const user = userEvent.setup({ delay: null });
      const view = renderApp(
        fakeBridge({
          'jobs:list': () => ({
            ok: true,
            data: { jobs: [job('3f2a9c10-7d1e-4c55-9a0b-1e2f3a4b5c6d', { status: 'failed' })] },
          }),
        }),
      );
      await user.click(screen.getByRole('tab', { name: lang === 'en' ? 'Jobs' : 'ジョブ' }));
      const row = await screen.findByTestId('job-row');
      const name = row.querySelector('.file-name')!.textContent;
      const copy = within(row).getByRole('button', {
        name: `${lang === 'en' ? 'Copy ID' : 'ID をコピー'}: ${name}`,
      });
      await user.click(copy);
      expect(await navigator.clipboard.readText()).toBe('3f2a9c10-7d1e-4c55-9a0b-1e2f3a4b5c6d');
      // It says so, for as long as the flash lasts.
      expect(copy.textContent).toBe(lang === 'en' ? 'Copied' : 'コピーしました');
      view.unmount();
    }
  });
});

describe('one way to write a moment', () => {
  it('writes a job’s time as the keys table does: date, time and this machine’s zone, per language', async () => {
    const { formatDateTime } = await import('../../../renderer/src/ui/format');
    const at = Date.UTC(2026, 10, 24, 9, 5);
    for (const lang of ['en', 'ja'] as const) {
      localStorage.setItem('kikitori.lang', lang);
      const user = userEvent.setup({ delay: null });
      const view = renderApp(
        fakeBridge({
          'jobs:list': () => ({ ok: true, data: { jobs: [job('when', { createdAt: at })] } }),
        }),
      );
      await user.click(screen.getByRole('tab', { name: lang === 'en' ? 'Jobs' : 'ジョブ' }));
      const row = await screen.findByTestId('job-row');
      const written = row.querySelector('.job-created > :last-child')!.textContent;
      expect(written).toBe(formatDateTime(at, lang));
      // The zone is named, as in Settings.
      expect(written).toMatch(/\d{1,2}:\d{2} \S+$/);
      view.unmount();
    }
  });
});

describe('tabs with a transcript open', () => {
  it('a click on Jobs or Transcribe shows that tab’s own screen, not the transcript', async () => {
    const user = userEvent.setup({ delay: null });
    renderApp(
      fakeBridge({
        'jobs:list': () => ({ ok: true, data: { jobs: [job('talk')] } }),
        'jobs:get': () => ({
          ok: true,
          data: { job: job('talk'), transcript: { text: 'hello', utterances: [] } },
        }),
      }),
    );
    await user.click(screen.getByRole('tab', { name: 'Jobs' }));
    await user.click(await screen.findByRole('button', { name: 'Open: talk.wav' }));
    await screen.findByTestId('viewer');
    // The open tab clicked again.
    await user.click(screen.getByRole('tab', { name: 'Jobs' }));
    await waitFor(() => expect(screen.queryByTestId('viewer')).toBeNull());
    expect(screen.getByTestId('job-row')).toBeTruthy();
    // Another tab.
    await user.click(screen.getByRole('button', { name: 'Open: talk.wav' }));
    await screen.findByTestId('viewer');
    await user.click(screen.getByRole('tab', { name: 'Transcribe' }));
    await waitFor(() => expect(screen.queryByTestId('viewer')).toBeNull());
    expect(screen.getByRole('button', { name: 'Choose files…' })).toBeTruthy();
  });
});

describe('a finished job’s first words', () => {
  it('shows them in the Jobs row, whole on hover', async () => {
    const user = userEvent.setup({ delay: null });
    renderApp(
      fakeBridge({
        'jobs:list': () => ({
          ok: true,
          data: { jobs: [job('said', { preview: 'he might even have been made…' })] },
        }),
      }),
    );
    await user.click(screen.getByRole('tab', { name: 'Jobs' }));
    const preview = await screen.findByTestId('preview');
    expect(preview.textContent).toBe('he might even have been made…');
    expect(preview.getAttribute('title')).toBe('he might even have been made…');
  });
});

describe('a program’s job in Jobs', () => {
  it('is marked with the program’s name, said whole to screen readers', async () => {
    const user = userEvent.setup({ delay: null });
    const sent = job('sent', { program: { name: 'Obsidian' } });
    const bridge = fakeBridge({ 'jobs:list': () => ({ ok: true, data: { jobs: [sent] } }) });
    renderApp(bridge);
    await user.click(screen.getByRole('tab', { name: 'Jobs' }));
    const mark = await screen.findByTestId('program');
    expect(mark.textContent).toBe('Program: ObsidianSent by the program Obsidian, with its key');
    expect(within(mark).getByText('Program: Obsidian').getAttribute('aria-hidden')).toBe('true');
  });
});
