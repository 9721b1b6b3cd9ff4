// @vitest-environment happy-dom
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Result } from '../../../shared/api/result';
import { appError } from '../../../shared/domain/errors';
import { judgeFile } from '../../../renderer/src/store/accept';
import { fakeBridge, job, renderApp } from '../../support/window/fake-bridge';

const wav = (name: string, size = 1000) =>
  new File([new Uint8Array(size)], name, { type: 'audio/wav' });

describe('files in', () => {
  it.each([
    ['a.wav', 16_777_215, '', { ok: true }],
    ['a.flac', 16_777_216, '', { ok: true }],
    ['clip', 10, 'video/webm', { ok: true }],
    ['notes.txt', 10, 'text/plain', { ok: false, reason: 'type' }],
    ['empty.wav', 0, '', { ok: false, reason: 'empty' }],
    ['huge.wav', 3 * 1024 ** 3, '', { ok: false, reason: 'too-large' }],
  ])(
    'takes what the formats table names, and names what it will not send: %s, %i bytes, type "%s"',
    (name, size, type, verdict) => {
      expect(judgeFile({ name, size, type })).toEqual(verdict);
    },
  );

  it('a file dropped before the window has read the connections goes to the core’s active connection, never to one named ""', async () => {
    // Seen on a fresh machine: dropped right after start, a file failed with "There is no
    // connection “”": the window sent the active connection it had not read yet.
    const user = userEvent.setup({ applyAccept: false, delay: null });
    const bridge = fakeBridge({
      // Never answered (the window awaits its answer, so a promise stands for a slow host).
      'connections:list': () => new Promise(() => {}) as unknown as Result<never, never>,
      'transcribe:files': () => ({
        ok: true,
        data: { jobs: [job('j1', { status: 'queued' })] },
      }),
    });
    renderApp(bridge);
    await user.upload(screen.getByTestId('file-input'), [wav('early.wav')]);
    await waitFor(() =>
      expect(bridge.calls.filter((c) => c.channel === 'transcribe:files')).toHaveLength(1),
    );
    expect(bridge.calls.find((c) => c.channel === 'transcribe:files')!.input).toEqual({
      files: ['early.wav'],
    });
  });

  it('sends picked files one by one and follows each job to done; unsupported ones are named and never sent', async () => {
    // A drop has no accept filter: let the picker pass everything too, to see the window's own check.
    const user = userEvent.setup({ applyAccept: false, delay: null });
    let n = 0;
    const bridge = fakeBridge({
      'transcribe:files': (input: { files: string[] }) => ({
        ok: true,
        data: {
          jobs: [
            job(`j${++n}`, {
              status: 'queued',
              file: { path: `/uploads/${input.files[0]!}`, name: input.files[0]!, size: 1000 },
            }),
          ],
        },
      }),
    });
    renderApp(bridge);
    await waitFor(() =>
      expect(screen.getByTestId('service-status').textContent).toContain('Running'),
    );
    await user.upload(screen.getByTestId('file-input'), [
      wav('one.wav'),
      wav('two.wav'),
      new File(['x'], 'notes.txt', { type: 'text/plain' }),
    ]);
    expect(screen.getByTestId('rejected').textContent).toContain(
      'notes.txt: not an audio or video type',
    );
    await waitFor(() =>
      expect(bridge.calls.filter((c) => c.channel === 'transcribe:files')).toHaveLength(2),
    );
    expect(
      bridge.calls.filter((c) => c.channel === 'transcribe:files').map((c) => c.input),
    ).toEqual([
      { files: ['one.wav'], connection: 'local' },
      { files: ['two.wav'], connection: 'local' },
    ]);
    const rows = screen.getAllByTestId('file-row');
    expect(rows).toHaveLength(2);
    const one = rows.find((r) => r.textContent.includes('one.wav'))!;
    await waitFor(() => expect(one.dataset.state).toBe('queued'));
    expect(one.textContent).toContain('Direct (up to 16 MB and 8:45)');
    const first = bridge.calls.find((c) => c.channel === 'transcribe:files')!;
    const id = (first.input as { files: string[] }).files[0]! === 'one.wav' ? 'j1' : 'j2';
    act(() =>
      bridge.emit('jobs:changed', {
        job: job(id, {
          status: 'completed',
          file: { path: '/uploads/one.wav', name: 'one.wav', size: 1000 },
        }),
      }),
    );
    expect(one.dataset.state).toBe('completed');
    expect(within(one).getByRole('button', { name: 'Open transcript of one.wav' })).toBeTruthy();
  });

  it('sends a file at once while the local service starts: its job waits in the core, and the row says so', async () => {
    const user = userEvent.setup({ delay: null });
    const bridge = fakeBridge({
      'service:status': () => ({ ok: true, data: { state: 'starting' } }),
      'transcribe:files': () => ({ ok: true, data: { jobs: [job('late', { status: 'queued' })] } }),
    });
    renderApp(bridge);
    await waitFor(() =>
      expect(screen.getByText('Waiting for the local service to start…')).toBeTruthy(),
    );
    await user.upload(screen.getByTestId('file-input'), wav('late.wav'));
    // The window does not hold the file back: the core's job is what waits (core/clients.ts).
    await waitFor(() =>
      expect(bridge.calls.some((c) => c.channel === 'transcribe:files')).toBe(true),
    );
    const row = screen.getByTestId('file-row');
    await waitFor(() => expect(row.dataset.state).toBe('queued'));
    act(() =>
      bridge.emit('jobs:changed', {
        job: job('late', {
          status: 'queued',
          pollProblem: appError('service-starting', { seconds: 120 }),
        }),
      }),
    );
    expect(row.textContent).toContain(
      'The local service is starting; this job waits for it (up to 120 s).',
    );
    act(() => bridge.emit('service:status', { state: 'running', url: 'http://x' }));
    act(() => bridge.emit('jobs:changed', { job: job('late', { status: 'completed' }) }));
    expect(row.dataset.state).toBe('completed');
  });

  it('says what to do when a job fails for want of a key, with a way to Settings', async () => {
    const user = userEvent.setup({ delay: null });
    const bridge = fakeBridge({
      'transcribe:files': () => ({ ok: true, data: { jobs: [job('k', { status: 'queued' })] } }),
    });
    renderApp(bridge);
    await waitFor(() =>
      expect(screen.getByTestId('service-status').textContent).toContain('Running'),
    );
    await user.upload(screen.getByTestId('file-input'), wav('k.wav'));
    await waitFor(() => expect(screen.getByTestId('file-row').dataset.state).toBe('queued'));
    act(() =>
      bridge.emit('jobs:changed', {
        job: job('k', {
          status: 'failed',
          error: appError('no-key', { connection: 'Local (offline)' }),
        }),
      }),
    );
    expect(screen.getByTestId('file-row').textContent).toContain(
      'has no API key. Add one in Settings.',
    );
    await user.click(screen.getByRole('button', { name: 'Open Settings' }));
    expect(screen.getByRole('tab', { name: 'Settings' }).getAttribute('aria-selected')).toBe(
      'true',
    );
  });
});

describe('a job that fails at once', () => {
  it('is shown failed when its events overtake the answer that made it (queued, failed, then the answer)', async () => {
    const user = userEvent.setup({ delay: null });
    const queued = job('fast', { status: 'queued', revision: 1 });
    const failed = job('fast', {
      status: 'failed',
      revision: 2,
      error: appError('no-key', { connection: 'AmiVoice Cloud' }),
    });
    const bridge = fakeBridge({
      // Browser mode: the answer comes over HTTP, the events over the event stream; here the
      // stream is quicker, as it is when the job fails before the answer leaves the host.
      'transcribe:files': () => {
        bridge.emit('jobs:changed', { job: queued });
        bridge.emit('jobs:changed', { job: failed });
        return { ok: true, data: { jobs: [queued] } };
      },
      'jobs:retry': () => {
        const again = { ...queued, revision: 3 };
        bridge.emit('jobs:changed', { job: again });
        bridge.emit('jobs:changed', { job: { ...failed, revision: 4 } });
        return { ok: true, data: { job: again } };
      },
    });
    renderApp(bridge);
    await waitFor(() =>
      expect(screen.getByTestId('service-status').textContent).toContain('Running'),
    );
    await user.upload(screen.getByTestId('file-input'), wav('fast.wav'));
    await waitFor(() => expect(screen.getByTestId('file-row').dataset.state).toBe('failed'));
    expect(screen.getByTestId('file-row').textContent).toContain('has no API key');
    // A Retry that fails at once again: the same order, the same end.
    await user.click(within(screen.getByTestId('file-row')).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(bridge.calls.some((c) => c.channel === 'jobs:retry')).toBe(true));
    expect(screen.getByTestId('file-row').dataset.state).toBe('failed');
    await user.click(screen.getByRole('tab', { name: 'Jobs' }));
    const row = await screen.findByTestId('job-row');
    expect(row.textContent).toContain('has no API key');
    expect(row.textContent).not.toContain('Queued');
  });
});

describe('messages and names', () => {
  it('a file with no speech says so in one spelling, and offers no Retry that cannot help', async () => {
    const user = userEvent.setup({ delay: null });
    const silent = job('quiet', {
      status: 'failed',
      revision: 2,
      error: appError('nothing-recognised', {}),
    });
    const bridge = fakeBridge({
      'transcribe:files': () => {
        bridge.emit('jobs:changed', { job: silent });
        return { ok: true, data: { jobs: [{ ...silent, status: 'queued', revision: 1 }] } };
      },
    });
    renderApp(bridge);
    await waitFor(() =>
      expect(screen.getByTestId('service-status').textContent).toContain('Running'),
    );
    await user.upload(screen.getByTestId('file-input'), wav('quiet.wav'));
    const row = await screen.findByTestId('file-row');
    await waitFor(() => expect(row.dataset.state).toBe('failed'));
    expect(row.textContent).toContain('No speech was recognized');
    expect(row.textContent).not.toMatch(/recognis/);
    expect(within(row).queryByRole('button', { name: /Retry/ })).toBeNull();
    await user.click(screen.getByRole('tab', { name: 'Jobs' }));
    const listed = await screen.findByTestId('job-row');
    expect(listed.textContent).toContain('No speech was recognized');
    expect(within(listed).queryByRole('button', { name: /Retry/ })).toBeNull();
  });

  it('files of one name get rows told apart, in Transcribe and in Jobs, and a long name keeps its end in both', async () => {
    const user = userEvent.setup({ delay: null });
    const long = 'quarterly-planning-meeting-with-the-regional-sales-team-recording-part-07.wav';
    let n = 0;
    const bridge = fakeBridge({
      'transcribe:files': (input: { files: string[] }) => {
        const name = input.files[0]!;
        n += 1;
        return {
          ok: true,
          data: {
            jobs: [
              job(`same${n}`, {
                status: 'queued',
                createdAt: n,
                file: {
                  path: `/uploads/${name}`,
                  name,
                  size: 1000,
                  ...(n === 2 ? { nth: 2 } : {}),
                },
              }),
            ],
          },
        };
      },
    });
    renderApp(bridge);
    await waitFor(() =>
      expect(screen.getByTestId('service-status').textContent).toContain('Running'),
    );
    await user.upload(screen.getByTestId('file-input'), wav('talk.wav'));
    await waitFor(() => expect(screen.getByTestId('file-row').dataset.state).toBe('queued'));
    await user.upload(screen.getByTestId('file-input'), wav('talk.wav'));
    await waitFor(() =>
      expect(screen.getAllByTestId('file-row').map((r) => r.dataset.state)).toEqual([
        'queued',
        'queued',
      ]),
    );
    const names = (rows: HTMLElement[]) =>
      rows.map((r) => r.querySelector('.file-name')!.textContent).sort();
    expect(names(screen.getAllByTestId('file-row'))).toEqual(['talk.wav', 'talk.wav (2)']);
    expect(screen.getByRole('button', { name: 'Cancel talk.wav (2)' })).toBeTruthy();
    await user.upload(screen.getByTestId('file-input'), wav(long));
    await waitFor(() => expect(screen.getAllByTestId('file-row')).toHaveLength(3));
    const longRow = screen.getAllByTestId('file-row').find((r) => r.textContent.includes('part'))!;
    // Cut in the middle, as Jobs cuts it: the end of the name is never what is cut.
    const cut = longRow.querySelector('.file-name.middle-cut')!;
    expect(cut.querySelector('.cut-tail')!.textContent).toBe(long.slice(-16));
    expect(cut.getAttribute('title')).toBe(long);
    await user.click(screen.getByRole('tab', { name: 'Jobs' }));
    await waitFor(() => expect(screen.getAllByTestId('job-row')).toHaveLength(3));
    expect(names(screen.getAllByTestId('job-row')).filter((t) => t?.startsWith('talk'))).toEqual([
      'talk.wav',
      'talk.wav (2)',
    ]);
    const longJob = screen.getAllByTestId('job-row').find((r) => r.textContent.includes('part'))!;
    expect(longJob.querySelector('.file-name.middle-cut .cut-tail')!.textContent).toBe(
      long.slice(-16),
    );
  });
});

describe('a Stop or Retry that fails', () => {
  it('says why in the file row, and the next one that works clears it', async () => {
    const user = userEvent.setup({ delay: null });
    let retry: 'refused' | 'accepted' = 'refused';
    const failed = job('r', {
      status: 'failed',
      error: appError('network', { host: 'h', reason: 'refused' }),
    });
    const bridge = fakeBridge({
      'transcribe:files': () => ({ ok: true, data: { jobs: [job('r', { status: 'queued' })] } }),
      'jobs:retry': () =>
        retry === 'refused'
          ? { ok: false, error: appError('service-starting', {}) }
          : { ok: true, data: { job: job('r', { status: 'queued' }) } },
    });
    renderApp(bridge);
    await waitFor(() =>
      expect(screen.getByTestId('service-status').textContent).toContain('Running'),
    );
    await user.upload(screen.getByTestId('file-input'), wav('r.wav'));
    await waitFor(() => expect(screen.getByTestId('file-row').dataset.state).toBe('queued'));
    act(() => bridge.emit('jobs:changed', { job: failed }));
    await user.click(within(screen.getByTestId('file-row')).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.getByTestId('file-row').textContent).toMatch(/starting/i));
    retry = 'accepted';
    act(() => bridge.emit('jobs:changed', { job: failed }));
    await user.click(within(screen.getByTestId('file-row')).getByRole('button', { name: 'Retry' }));
    await waitFor(() =>
      expect(screen.getByTestId('file-row').textContent).not.toMatch(/starting/i),
    );
  });
});

describe('cancel', () => {
  it('stops a file while it streams to the host, and never submits it', async () => {
    const user = userEvent.setup({ delay: null });
    const bridge = fakeBridge();
    let aborted = false;
    bridge.chosenFile = (_file, onProgress, signal) =>
      new Promise((resolve) => {
        onProgress(250, 1000);
        signal.addEventListener('abort', () => {
          aborted = true;
          resolve({ ok: false, error: appError('invalid-input', { detail: 'cancelled' }) });
        });
      });
    renderApp(bridge);
    await waitFor(() =>
      expect(screen.getByTestId('service-status').textContent).toContain('Running'),
    );
    await user.upload(screen.getByTestId('file-input'), wav('long.wav'));
    const row = screen.getByTestId('file-row');
    await waitFor(() => expect(row.dataset.state).toBe('sending'));
    expect(row.textContent).toContain('Uploading 25 %');
    await user.click(within(row).getByRole('button', { name: 'Cancel long.wav' }));
    expect(aborted).toBe(true);
    expect(row.dataset.state).toBe('cancelled');
    expect(row.textContent).toContain('Cancelled');
    expect(bridge.calls.some((c) => c.channel === 'transcribe:files')).toBe(false);
  });
});

describe('a row whose job is removed', () => {
  it('says Removed once the job is removed in Jobs, offers nothing, and clears with the finished ones', async () => {
    const user = userEvent.setup({ delay: null });
    const bridge = fakeBridge({
      'transcribe:files': () => ({
        ok: true,
        data: {
          jobs: [
            job('gone', { file: { path: '/uploads/gone.wav', name: 'gone.wav', size: 1000 } }),
          ],
        },
      }),
      'jobs:remove': () => ({ ok: true, data: { removed: true } }),
    });
    renderApp(bridge);
    await waitFor(() =>
      expect(screen.getByTestId('service-status').textContent).toContain('Running'),
    );
    await user.upload(screen.getByTestId('file-input'), wav('gone.wav'));
    await waitFor(() => expect(screen.getByTestId('file-row').dataset.state).toBe('completed'));

    await user.click(screen.getByRole('tab', { name: 'Jobs' }));
    await user.click(await screen.findByRole('button', { name: 'Remove: gone.wav' }));
    await user.click(
      within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Remove' }),
    );
    await waitFor(() => expect(screen.queryByTestId('job-row')).toBeNull());
    await user.click(screen.getByRole('tab', { name: 'Transcribe' }));

    const row = screen.getByTestId('file-row');
    expect(row.dataset.state).toBe('removed');
    expect(row.textContent).toContain('Removed');
    expect(row.textContent).not.toContain('Queued');
    expect(within(row).queryByRole('button')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Clear finished' }));
    expect(screen.queryByTestId('file-row')).toBeNull();
  });
});

describe('how a file is sent, and why', () => {
  it('says what the core decided on the job, never working it out again, and nothing before the job', async () => {
    const user = userEvent.setup({ delay: null });
    const bridge = fakeBridge({
      'transcribe:files': () => ({
        ok: true,
        // A small file without speaker labels in this window: the core's word is what shows.
        data: { jobs: [job('told', { mode: 'async', route: 'async-speakers', status: 'queued' })] },
      }),
    });
    let upload!: () => void;
    const uploaded = new Promise<void>((resolve) => (upload = resolve));
    bridge.chosenFile = async (file) => {
      await uploaded;
      return { ok: true, data: file.name };
    };
    renderApp(bridge);
    await waitFor(() =>
      expect(screen.getByTestId('service-status').textContent).toContain('Running'),
    );
    await user.upload(screen.getByTestId('file-input'), wav('told.wav'));
    await waitFor(() => expect(screen.getByTestId('file-row').dataset.state).toBe('sending'));
    expect(screen.queryByTestId('route')).toBeNull();
    upload();
    await waitFor(() =>
      expect(screen.getByTestId('route').textContent).toBe(
        'Job (speaker labels need one, survives restarts)',
      ),
    );
  });

  it('labels a 10:30 file a job for its length, in the row', async () => {
    const user = userEvent.setup({ delay: null });
    const bridge = fakeBridge({
      'transcribe:files': () => ({
        ok: true,
        data: {
          jobs: [
            job('long', {
              mode: 'async',
              route: 'async-length',
              status: 'recognizing',
              file: { path: '/uploads/long.mp3', name: 'long.mp3', size: 2_400_000 },
            }),
          ],
        },
      }),
    });
    renderApp(bridge);
    await waitFor(() =>
      expect(screen.getByTestId('service-status').textContent).toContain('Running'),
    );
    await user.upload(screen.getByTestId('file-input'), wav('long.mp3'));
    await waitFor(() =>
      expect(screen.getByTestId('route').textContent).toBe(
        'Job (longer than 8:45, survives restarts)',
      ),
    );
  });
});

describe('Transcribe after a reload', () => {
  it('shows the jobs still running and the recent ones, not "nothing transcribed"', async () => {
    const now = Date.now();
    renderApp(
      fakeBridge({
        'jobs:list': () => ({
          ok: true,
          data: {
            jobs: [
              job('running', { status: 'recognizing', mode: 'async', updatedAt: now }),
              job('done', { status: 'completed', preview: 'hello there', updatedAt: now - 1000 }),
              job('last-week', { status: 'completed', updatedAt: now - 8 * 86_400_000 }),
            ],
          },
        }),
      }),
    );
    const list = await screen.findByTestId('recent-jobs');
    const names = within(list)
      .getAllByRole('listitem')
      .map((li) => li.querySelector('.file-name')!.textContent);
    expect(names).toEqual(['running.wav', 'done.wav']);
    expect(list.textContent).toContain('hello there');
    expect(screen.queryByText('Nothing transcribed in this session yet.')).toBeNull();
  });
});
