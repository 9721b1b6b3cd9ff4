/**
 * `kikitori`, the command line, as a person runs it: the package's bin (scripts/kikitori.mjs,
 * which builds dist/cli/kikitori.mjs when stale) as a child process, against the real core,
 * the real local service it supervises and real audio. Several files with a bad one among them,
 * the --json lines, outputs named after the source and never written over, convert of a sync
 * result and of a job's result with speakers, export (the same bytes as the window's
 * export:render), jobs, search, cancel, bad arguments (2), a held data folder (3), Japanese.
 */
import { execFileSync, spawn } from 'node:child_process';
import { copyFile, mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Core } from '../../core/core';
import { appError } from '../../shared/domain/errors';
import { DIARIZED_JOB_BODY } from '../support/diarized';
import { seedFailedJobs } from '../support/seed-jobs';
import {
  multipart,
  rawRequest,
  removeDir,
  startService,
  tempDir,
} from '../support/service-process';
import { useWebHost } from '../support/hooks';
import { until } from '../support/until';

const NO_KEYCHAIN = { DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/bus' };
const FIXTURES = 'tests/fixtures/generated';

interface Run {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs `kikitori ARGS…` to its end. */
function kikitori(args: readonly string[], env: Record<string, string> = {}): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['scripts/kikitori.mjs', ...args], {
      env: { ...process.env, ...NO_KEYCHAIN, LANG: 'C.UTF-8', LC_ALL: '', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

const jsonLines = (stdout: string) =>
  stdout
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Record<string, unknown>);

let work: string;
let dataDir: string;
beforeAll(async () => {
  work = await tempDir('kikitori-cli-');
  dataDir = await tempDir('kikitori-cli-data-');
});
afterAll(async () => {
  await removeDir(work);
  await removeDir(dataDir);
});

describe('kikitori transcribe', () => {
  let run: Run;
  let lines: Record<string, unknown>[];
  beforeAll(async () => {
    for (const name of ['sentence-1.wav', 'sentence-2.wav'])
      await copyFile(join(FIXTURES, 'espeak', name), join(work, name));
    await copyFile(join(FIXTURES, 'garbage', 'text.wav'), join(work, 'notes.wav'));
    // A file of the name an output would take, which is not ours to write over.
    await writeFile(join(work, 'sentence-2.txt'), 'mine\n');
    run = await kikitori([
      '--data',
      dataDir,
      '--json',
      'transcribe',
      join(work, 'sentence-1.wav'),
      join(work, 'notes.wav'),
      join(work, 'sentence-2.wav'),
      '--format',
      'txt,srt',
    ]);
    lines = jsonLines(run.stdout);
  }, 180_000);

  it('transcribes the good files, names the bad one with its reason, and exits 1', () => {
    expect(run.code, run.stderr).toBe(1);
    const failed = lines.filter((line) => line.type === 'error');
    expect(failed).toHaveLength(1);
    expect(failed[0]!.file).toBe(join(work, 'notes.wav'));
    expect(failed[0]!.message).toMatch(/notes\.wav.*not audio or video/);
    expect(run.stderr).toMatch(/kikitori: .*notes\.wav.*not audio or video/);
  });

  it('writes one JSON object a line: each event, then the result', () => {
    const types = lines.map((line) => line.type);
    expect(types.at(-1)).toBe('result');
    expect(types).toContain('job');
    expect(types).toContain('written');
    const result = lines.at(-1)!;
    expect(result).toMatchObject({ type: 'result', ok: false, exitCode: 1 });
    const files = result.files as { file: string; ok: boolean; outputs: string[] }[];
    expect(files.map((f) => [f.file, f.ok])).toEqual([
      [join(work, 'sentence-1.wav'), true],
      [join(work, 'notes.wav'), false],
      [join(work, 'sentence-2.wav'), true],
    ]);
    const statuses = lines
      .filter((line) => line.type === 'job' && line.file === join(work, 'sentence-1.wav'))
      .map((line) => line.status);
    expect(statuses.at(-1)).toBe('completed');
    // How each went to the service, as the core decided it: these short clips directly.
    const routes = lines.filter((line) => line.type === 'job').map((line) => line.route);
    expect(new Set(routes)).toEqual(new Set(['sync']));
  });

  it('names the outputs after the source, next to it, and never writes over a file', async () => {
    const names = (await readdir(work)).sort();
    expect(names).toEqual(
      expect.arrayContaining([
        'sentence-1.txt',
        'sentence-1.srt',
        'sentence-2 (2).txt',
        'sentence-2.srt',
      ]),
    );
    expect(await readFile(join(work, 'sentence-2.txt'), 'utf8')).toBe('mine\n');
    expect((await readFile(join(work, 'sentence-1.txt'), 'utf8')).length).toBeGreaterThan(5);
    expect(await readFile(join(work, 'sentence-1.srt'), 'utf8')).toMatch(/^1\n00:00:0/);
  });

  it('lists the jobs, finds one by its words, and exports it as the window does, byte for byte', async () => {
    const listed = await kikitori(['--data', dataDir, '--json', 'jobs', '--status', 'completed']);
    expect(listed.code, listed.stderr).toBe(0);
    const jobs = (
      jsonLines(listed.stdout).at(-1)!.jobs as { id: string; file: { name: string } }[]
    ).filter((job) => job.file.name === 'sentence-1.wav');
    expect(jobs).toHaveLength(1);
    const id = jobs[0]!.id;

    const text = await readFile(join(work, 'sentence-1.txt'), 'utf8');
    const word = text.split(/\s+/).find((w) => /^[a-z]{4,}$/i.test(w))!;
    const found = await kikitori(['--data', dataDir, 'search', word]);
    expect(found.code, found.stderr).toBe(0);
    expect(found.stdout).toContain(id);

    const out = join(work, 'exports');
    const settings = ['--speaker-name', 'speaker0=Ann', '--no-times', '--max-line', '30'];
    const formats = 'txt,srt,vtt,csv,md,html,json,docx';
    // By the start of its id, as `kikitori jobs` shows it.
    const exported = await kikitori([
      '--data',
      dataDir,
      'export',
      id.slice(0, 8),
      '--format',
      formats,
      '--out',
      out,
      ...settings,
    ]);
    expect(exported.code, exported.stderr).toBe(0);
    const written = (await readdir(out)).sort();
    expect(written).toHaveLength(8);

    // The window's export: the core's export:render channel, with the same choices.
    const core = await Core.open({ dataDir, localService: false });
    try {
      const rendered = await core.dispatch(
        'export:render',
        {
          id,
          formats: formats.split(','),
          settings: {
            lang: 'en',
            times: false,
            speakerNames: { speaker0: 'Ann' },
            subtitles: { maxLine: 30 },
          },
        },
        { paths: { kind: 'any' }, folders: 'any' },
      );
      if (!rendered.ok) throw new Error(rendered.error.code);
      const files = (rendered.data as { files: { fileName: string; bytes: Uint8Array }[] }).files;
      expect(files.map((f) => f.fileName).sort()).toEqual(written);
      for (const file of files)
        expect(
          Buffer.compare(await readFile(join(out, file.fileName)), Buffer.from(file.bytes)),
          file.fileName,
        ).toBe(0);
    } finally {
      await core.stop();
    }

    // Again into the same folder: numbered, nothing written over.
    const again = await kikitori(['--data', dataDir, '--quiet', 'export', id, '--out', out]);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout.trim()).toBe(join(out, 'sentence-1 (2).txt'));
    expect(again.stderr).toBe('');
  });
});

describe('kikitori transcribe, interrupted', () => {
  it('leaves the job the service has to finish, lists it, and exits 130; plain lines off a terminal', async () => {
    const folder = await tempDir('kikitori-cli-interrupt-');
    try {
      // About 75 s of speech, sent as a job (--speakers): long enough to be stopped mid-way.
      const clips = (await readdir(join(FIXTURES, 'librivox')))
        .filter((name) => name.endsWith('.wav'))
        .map((name) => join(FIXTURES, 'librivox', name));
      const long = join(folder, 'long.wav');
      execFileSync('sox', [...clips, ...clips, ...clips, long]);
      const child = spawn(
        process.execPath,
        ['scripts/kikitori.mjs', '--data', folder, 'transcribe', '--speakers', long],
        {
          env: { ...process.env, ...NO_KEYCHAIN, LANG: 'C.UTF-8' },
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
      let stderr = '';
      child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
      const exited = new Promise<number | null>((settle) => child.on('exit', settle));
      await until(
        () => stderr,
        (text) => /long\.wav: recognising/.test(text),
        { timeoutMs: 150_000 },
      );
      child.kill('SIGINT');
      expect(await exited, stderr).toBe(130);
      expect(stderr).toContain('Interrupted. These jobs are left to finish');
      expect(stderr).not.toContain('\u001b');
      const listed = await kikitori(['--data', folder, '--json', 'jobs']);
      const [job] = jsonLines(listed.stdout).at(-1)!.jobs as {
        id: string;
        status: string;
        mode: string;
        route?: string;
        sessionid?: string;
      }[];
      expect(job).toMatchObject({ status: 'recognizing', mode: 'async' });
      expect(job!.route).toMatch(/^async-/);
      const human = await kikitori(['--data', folder, 'jobs']);
      // By the start of its id that names it alone, as a person types it.
      expect(human.stdout).toMatch(
        new RegExp(`^${job!.id.slice(0, 8)}\\s+recognizing\\s+${job!.route}\\s`),
      );
      expect(job!.sessionid).toBeTruthy();
      expect(stderr).toMatch(new RegExp(`${job!.id}\\s+\\S*long\\.wav\\s+recognizing`));
    } finally {
      await removeDir(folder);
    }
  }, 240_000);

  it('draws a bar per file on a terminal, redrawn in place', async () => {
    const folder = await tempDir('kikitori-cli-tty-');
    try {
      await copyFile(join(FIXTURES, 'espeak', 'sentence-4.wav'), join(folder, 'talk.wav'));
      const command = [
        'scripts/kikitori.mjs',
        '--data',
        folder,
        'transcribe',
        join(folder, 'talk.wav'),
      ]
        .map((arg) => `'${arg}'`)
        .join(' ');
      // `script` gives the command a terminal and copies what it drew.
      const drawn = execFileSync(
        'script',
        ['-qefc', `'${process.execPath}' ${command} 2>&1`, '/dev/null'],
        { env: { ...process.env, ...NO_KEYCHAIN, LANG: 'C.UTF-8' }, encoding: 'utf8' },
      );
      expect(drawn).toContain('\u001b[');
      expect(drawn).toMatch(/\r/);
      expect(drawn).toMatch(/\d+% \S*talk\.wav: /);
      expect(drawn).toMatch(/talk\.wav: wrote \S*talk\.txt/);
    } finally {
      await removeDir(folder);
    }
  }, 180_000);
});

describe('kikitori cancel', () => {
  it('stops a queued job on our side, says a finished one has ended, and names one that is not there', async () => {
    const folder = await tempDir('kikitori-cli-cancel-');
    try {
      const journal = await seedFailedJobs(folder, 1);
      const now = Date.now();
      await journal.save({
        id: 'queued-job',
        file: { path: join(work, 'sentence-1.wav'), name: 'waiting.wav', size: 1000 },
        connection: 'local',
        params: { d: 'grammarFileNames=-a-general-en', logging: false },
        mode: 'async',
        status: 'queued',
        createdAt: now,
        updatedAt: now,
      });
      const cancelled = await kikitori(['--data', folder, '--json', 'cancel', 'queued-job']);
      expect(cancelled.code, cancelled.stderr).toBe(0);
      expect(jsonLines(cancelled.stdout).at(-1)).toMatchObject({
        type: 'result',
        job: {
          id: 'queued-job',
          status: 'cancelled',
          error: appError('cancelled', { service: 'none' }),
        },
      });
      // Cancelled in the list too, and its export refused with a sentence that says so.
      const listed = await kikitori(['--data', folder, 'jobs', '--status', 'cancelled']);
      expect(listed.code, listed.stderr).toBe(0);
      // Its id as the list gives it (the shortest unique start, at least 8 characters).
      expect(listed.stdout).toMatch(/^queued-j {2}cancelled {3}/m);
      const exported = await kikitori(['--data', folder, 'export', 'queued-job', '--out', folder]);
      expect(exported.code).toBe(1);
      expect(exported.stderr).toContain(
        'waiting.wav has no transcript to export: it was cancelled before it was done.',
      );
      expect(exported.stderr).not.toContain('Wait until it is done');
      const ended = await kikitori(['--data', folder, 'cancel', 'seeded-00000']);
      expect(ended.code).toBe(0);
      expect(ended.stderr).toContain('had already ended');
      const missing = await kikitori(['--data', folder, 'cancel', 'no-such-job']);
      expect(missing.code).toBe(1);
      expect(missing.stderr).toContain('no-such-job');
    } finally {
      await removeDir(folder);
    }
  });
});

describe('kikitori convert', () => {
  it('renders a sync result from the real service and a job result with speakers, with no service', async () => {
    const service = await startService();
    let sync: string;
    try {
      const audio = await readFile(join(FIXTURES, 'espeak', 'sentence-3.wav'));
      const { body, contentType } = multipart([
        { name: 'u', value: service.key },
        { name: 'd', value: '-a-general-en' },
        { name: 'a', value: audio, filename: 'clip.wav' },
      ]);
      const answer = await rawRequest(service.url, {
        path: '/v1/recognize',
        headers: { 'Content-Type': contentType },
        body,
      });
      sync = answer.body;
    } finally {
      await service.stop();
    }
    const folder = join(work, 'convert');
    const out = join(folder, 'out');
    await mkdir(folder, { recursive: true });
    await writeFile(join(folder, 'clip.json'), sync);
    await writeFile(join(folder, 'meeting.json'), DIARIZED_JOB_BODY);
    await writeFile(join(folder, 'broken.json'), '{"results": 3}');

    const run = await kikitori([
      '--json',
      'convert',
      join(folder, 'clip.json'),
      join(folder, 'meeting.json'),
      join(folder, 'broken.json'),
      '--format',
      'txt,srt,vtt',
      '--out',
      out,
      '--speaker-name',
      'speaker1=Bo',
    ]);
    expect(run.code, run.stderr).toBe(1);
    expect(run.stderr).toMatch(/broken\.json is not a recognition result/);
    expect((await readdir(out)).sort()).toEqual(
      ['clip.srt', 'clip.txt', 'clip.vtt', 'meeting.srt', 'meeting.txt', 'meeting.vtt'].sort(),
    );
    const syncText = (JSON.parse(sync) as { text: string }).text;
    expect(syncText.length).toBeGreaterThan(3);
    expect(await readFile(join(out, 'clip.txt'), 'utf8')).toContain(syncText);
    const meeting = await readFile(join(out, 'meeting.txt'), 'utf8');
    expect(meeting).toContain('Speaker 1');
    expect(meeting).toContain('Bo');
    expect(meeting).toContain('Good morning.');
    expect(await readFile(join(out, 'meeting.vtt'), 'utf8')).toContain('<v Bo>');
  }, 120_000);
});

describe('arguments and the data folder', () => {
  it('exits 2 on bad arguments, with the reason', async () => {
    const cases: [string[], RegExp][] = [
      [['convert', 'x.json', '--format', 'txt,pdf'], /“pdf” is not an export format/],
      [['convert', 'x.json', '--max-line', '2'], /--max-line takes a number from 4 to 200/],
      [['convert', 'x.json', '--speaker-name', 'Ann'], /--speaker-name takes LABEL=NAME/],
      [['jobs', '--status', 'done'], /“done” is not a job state/],
      [['transcribe'], /kikitori transcribe needs audio or video files/],
      [['frobnicate'], /no command frobnicate/],
      [['jobs', '--bogus'], /no option --bogus/],
    ];
    for (const [args, message] of cases) {
      const run = await kikitori(['--data', dataDir, ...args]);
      expect(run.code, args.join(' ')).toBe(2);
      expect(run.stderr, args.join(' ')).toMatch(message);
    }
  });

  it('documents every command and the exit codes in --help, and prints its version', async () => {
    const help = await kikitori(['--help']);
    expect(help.code).toBe(0);
    for (const command of ['transcribe', 'convert', 'export', 'jobs', 'search', 'cancel'])
      expect(help.stdout).toContain(command);
    expect(help.stdout).toMatch(/130 interrupted/);
    const transcribeHelp = await kikitori(['transcribe', '--help']);
    expect(transcribeHelp.stdout).toMatch(/--speakers/);
    expect(transcribeHelp.stdout).toMatch(/--max-cue-ms/);
    const version = await kikitori(['--version']);
    expect(version.stdout.trim()).toBe(
      (JSON.parse(await readFile('package.json', 'utf8')) as { version: string }).version,
    );
  });

  it('exits 3 with one sentence when a program that cannot be reached holds the data folder, in Japanese too', async () => {
    const folder = await tempDir('kikitori-cli-held-');
    const core = await Core.open({ dataDir: folder, localService: false });
    try {
      const held = await kikitori(['--data', folder, 'jobs']);
      expect(held.code).toBe(3);
      expect(held.stderr.trim()).toBe(
        `kikitori: The data folder ${folder} is held by a program that cannot be reached. Close it, or use another --data folder.`,
      );
      const ja = await kikitori(['--data', folder, 'jobs'], { LANG: 'ja_JP.UTF-8' });
      expect(ja.code).toBe(3);
      expect(ja.stderr).toContain(
        `データフォルダー ${folder} は、連絡の取れないプログラムが使用中です。`,
      );
      const badJa = await kikitori(['convert', 'x.json', '--format', 'pdf'], {
        LANG: 'ja_JP.UTF-8',
      });
      expect(badJa.code).toBe(2);
      expect(badJa.stderr).toContain('「pdf」は書き出し形式ではありません。');
      const helpJa = await kikitori(['--help'], { LANG: 'ja_JP.UTF-8' });
      expect(helpJa.stdout).toContain('終了コード');
      expect(helpJa.stdout).toContain('使い方:');
    } finally {
      await core.stop();
      await removeDir(folder);
    }
  });
});

describe('kikitori with the app running on the same data folder', () => {
  const web = useWebHost('kikitori-cli-app-');

  it("works through the app: its job is the window's at once, and the command takes no lock", async () => {
    const folder = await tempDir('kikitori-cli-through-');
    try {
      await copyFile(join(FIXTURES, 'espeak', 'sentence-1.wav'), join(folder, 'through.wav'));
      const run = await kikitori([
        '--data',
        web.dataDir,
        '--json',
        'transcribe',
        join(folder, 'through.wav'),
      ]);
      expect(run.code, run.stderr).toBe(0);
      const job = jsonLines(run.stdout).find((line) => line.type === 'job')!.job as string;
      // The window's own channel over HTTP sees the same job, completed, with its words.
      const jobs = await web.host.call<{ jobs: { id: string; status: string }[] }>('jobs:list');
      expect(jobs.jobs.find((j) => j.id === job)?.status).toBe('completed');
      expect((await readFile(join(folder, 'through.txt'), 'utf8')).trim().length).toBeGreaterThan(
        5,
      );
      // The app still holds the folder: the command opened no core of its own.
      const listed = await kikitori(['--data', web.dataDir, '--json', 'jobs']);
      expect(listed.code, listed.stderr).toBe(0);
      expect(listed.stdout).toContain(job);
    } finally {
      await removeDir(folder);
    }
  }, 180_000);
});
