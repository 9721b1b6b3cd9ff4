/**
 * What `kikitori` says, run as a person runs it (the package's bin, the real core and local
 * service): a wrong --engine, --profile or --connection is a bad argument (2) listing what there
 * is, before anything is sent; `kikitori connections` lists the ids; an --out that cannot be a
 * folder is refused at once, before anything is sent, and one that is missing is made, in every
 * command (watch too); a job is named by its id or its session id, or the start of either, and a
 * start several share lists them; `kikitori jobs` lists newest first in this machine's zone, with
 * an id a person can type; a name holding terminal escapes is shown escaped; Japanese sentences
 * carry no English detail; a missing argument is said by what it is.
 */
import { spawn } from 'node:child_process';
import { copyFile, readdir, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JobJournal } from '../../core/jobs/job-journal';
import type { Job } from '../../shared/domain/job';
import { commandEnv, kikitori } from '../support/kikitori-run';
import { removeDir, tempDir } from '../support/service-process';
import { until } from '../support/until';

const CLIP = 'tests/fixtures/generated/espeak/sentence-1.wav';
const jsonLines = (stdout: string) =>
  stdout
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Record<string, unknown>);

let work: string;
let dataDir: string;
let clip: string;
/** The jobs in the journal now. */
const jobsNow = async (data = dataDir) =>
  jsonLines((await kikitori(['--data', data, '--json', 'jobs'])).stdout).at(-1)!.jobs as Job[];

beforeAll(async () => {
  work = await tempDir('kikitori-cli-messages-');
  dataDir = await tempDir('kikitori-cli-messages-data-');
  clip = join(work, 'talk.wav');
  await copyFile(CLIP, clip);
});
afterAll(async () => {
  await removeDir(work);
  await removeDir(dataDir);
});

describe('what a file is sent with', () => {
  it('refuses an engine, a profile or a connection the service does not have, listing what there is, sending nothing', async () => {
    const cases: [string[], string][] = [
      [
        ['--engine', '-a-general'],
        'kikitori: The connection “local” has no engine “-a-general”. Use one of -a-general-en.',
      ],
      [
        ['--engine', 'general'],
        'kikitori: “general” is not an engine name: engine names start with “-”, such as -a-general-en.',
      ],
      [
        ['--profile', 'nosuch'],
        'kikitori: The connection “local” holds no dictionary profile for -a-general-en, so “nosuch” cannot be used. Make it in the window’s Dictionary first.',
      ],
      [
        ['--connection', 'nosuch'],
        'kikitori: There is no connection “nosuch”. Use one of local, cloud (kikitori connections lists them).',
      ],
    ];
    for (const [flags, sentence] of cases) {
      const run = await kikitori(['--data', dataDir, 'transcribe', clip, ...flags]);
      expect(run.code, flags.join(' ')).toBe(2);
      expect(run.stderr.trim(), flags.join(' ')).toBe(sentence);
    }
    expect(await jobsNow()).toEqual([]);
    expect(await readdir(work)).toEqual(['talk.wav']);
  }, 240_000);

  it('lists the connections with the ids --connection takes', async () => {
    const run = await kikitori(['--data', dataDir, 'connections']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout.split('\n')[0]).toMatch(/^\* {2}local {2}local {2}-a-general-en {2}- +Local/);
    expect(run.stdout.split('\n')[1]).toMatch(/^ {3}cloud {2}cloud {2}-a-general {2}/);
    const json = await kikitori(['--data', dataDir, '--json', 'connections']);
    expect(jsonLines(json.stdout).at(-1)).toMatchObject({ type: 'result', active: 'local' });
  });
});

describe('--out', () => {
  it('refuses at once a path that cannot be a folder, before anything is sent', async () => {
    const file = join(work, 'a-file');
    await writeFile(file, 'not a folder');
    const cases: [string, string][] = [
      [
        file,
        `kikitori: ${file} is not a folder. Name a folder with --out (it is made when missing).`,
      ],
      [
        '/proc/nope',
        'kikitori: Cannot make the folder /proc/nope: no folder can be made there. Name another folder with --out.',
      ],
    ];
    for (const [out, sentence] of cases)
      for (const command of [
        ['transcribe', clip],
        ['export', 'x'],
        ['watch', work],
      ]) {
        // Node's own mkdir -p spun at full CPU on /proc/nope, for ever: ended here if so.
        const run = await kikitori(['--data', dataDir, ...command, '--out', out], {}, 60_000);
        expect(run.code, `${command[0]} ${out}: ${run.stderr}`).toBe(2);
        expect(run.stderr.trim()).toBe(sentence);
      }
    expect(await jobsNow()).toEqual([]);
  }, 240_000);

  it('makes a missing folder, in every command: transcribe, convert, export and watch', async () => {
    const made = (name: string) => join(work, 'made', name, 'deeper');
    const watched = await tempDir('kikitori-cli-messages-watched-');
    try {
      const transcribed = await kikitori([
        '--data',
        dataDir,
        'transcribe',
        clip,
        '--out',
        made('transcribe'),
      ]);
      expect(transcribed.code, transcribed.stderr).toBe(0);
      expect(await readdir(made('transcribe'))).toEqual(['talk.txt']);
      const [job] = await jobsNow();
      const exported = await kikitori([
        '--data',
        dataDir,
        'export',
        job!.id,
        '--out',
        made('export'),
      ]);
      expect(exported.code, exported.stderr).toBe(0);
      expect(await readdir(made('export'))).toEqual(['talk.txt']);

      const watcher = spawn(
        process.execPath,
        [
          'scripts/kikitori.mjs',
          '--data',
          dataDir,
          '--json',
          'watch',
          watched,
          '--out',
          made('watch'),
        ],
        { env: commandEnv(), stdio: ['ignore', 'pipe', 'pipe'] },
      );
      let said = '';
      watcher.stdout.on('data', (c: Buffer) => (said += c.toString()));
      const exited = new Promise<number | null>((settle) => watcher.on('close', settle));
      await until(
        () => said,
        (text) => text.includes('"state":"watching"') || watcher.exitCode !== null,
      );
      expect(said).toContain('"state":"watching"');
      expect((await stat(made('watch'))).isDirectory()).toBe(true);
      watcher.kill('SIGTERM');
      expect(await exited).toBe(0);
    } finally {
      await removeDir(watched);
    }
  }, 240_000);

  it('says in --help that it is made when missing, and where the files go without it', async () => {
    const exportHelp = await kikitori(['export', '--help']);
    expect(exportHelp.stdout).toMatch(
      /--out <dir>\s+the folder to write the files in, made when\s+missing \(default: the current folder\)/,
    );
    for (const command of ['transcribe', 'convert', 'watch']) {
      const help = await kikitori([command, '--help']);
      expect(help.stdout, command).toMatch(
        /made when\s+missing \(default: next to each\s+source\)/,
      );
    }
  });
});

describe('naming a job', () => {
  let ids: string[];
  beforeAll(async () => {
    const journal = await JobJournal.open(join(work, 'named-data'));
    const base = Date.UTC(2026, 0, 1, 0, 2);
    ids = [
      '3f2a9c10-0000-4000-8000-000000000001',
      '3f2a9c77-0000-4000-8000-000000000002',
      'b1c2d3e4-0000-4000-8000-000000000003',
    ];
    const names = ['first.wav', 'second.wav', 'talk\u001b]0;pwned\u0007\u009b2J.wav'];
    for (const [i, id] of ids.entries()) {
      const resultFile = await journal.saveResult(id, {
        text: `words of job ${i}`,
        utterances: [],
      });
      await journal.save({
        id,
        file: { path: `/nowhere/${names[i]}`, name: names[i]!, size: 1000 },
        connection: 'local',
        params: { d: 'grammarFileNames=-a-general-en', logging: false },
        mode: 'async',
        status: 'completed',
        sessionid: `sess-${i}-0123456789abcdef`,
        createdAt: base + i * 60_000,
        updatedAt: base + i * 60_000,
        completedAt: base + i * 60_000 + 1000,
        resultFile,
      });
    }
    await journal.close();
  });
  const data = () => join(work, 'named-data');

  it('lists the jobs newest first, in this machine’s zone, with an id to type and the session ID', async () => {
    const run = await kikitori(['--data', data(), 'jobs'], { TZ: 'Asia/Tokyo' });
    expect(run.code, run.stderr).toBe(0);
    const lines = run.stdout.trim().split('\n');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(
      /^b1c2d3e4 {2}completed +async +2026-01-01 09:04 GMT\+9 {2}sess-2-0123456789abcdef {2}talk\\x1b\]0;pwned\\x07\\x9b2J\.wav$/,
    );
    expect(lines[1]).toMatch(/^3f2a9c77 {2}completed .* 2026-01-01 09:03 GMT\+9 {2}sess-1-/);
    expect(lines[2]).toMatch(/^3f2a9c10 {2}completed .* 2026-01-01 09:02 GMT\+9 {2}sess-0-/);
    // Nothing from a name reaches the terminal raw.
    // eslint-disable-next-line no-control-regex -- control characters are what must not be there
    expect(run.stdout).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/);
  });

  it('takes a job by its id or session id, whole or by its start, and lists the jobs a shared start names', async () => {
    const out = join(work, 'named-out');
    const by = async (name: string) =>
      kikitori(['--data', data(), '--quiet', 'export', name, '--out', out]);
    for (const [name, file] of [
      [ids[0]!, 'first.txt'],
      ['3f2a9c7', 'second.txt'],
      ['sess-0-0123456789abcdef', 'first (2).txt'],
      ['sess-1', 'second (2).txt'],
    ] as const) {
      const run = await by(name);
      expect(run.code, `${name}: ${run.stderr}`).toBe(0);
      expect(run.stdout.trim()).toBe(join(out, file));
    }
    const shared = await by('3f2a9c');
    expect(shared.code).toBe(1);
    expect(shared.stderr.trim()).toBe(
      'kikitori: 3f2a9c: “3f2a9c” starts the ids of 2 jobs: 3f2a9c10 (first.wav), 3f2a9c77 (second.wav). Give more of the id of the one you mean.',
    );
    const none = await kikitori(['--data', data(), 'cancel', 'no-such-job']);
    expect(none.code).toBe(1);
    expect(none.stderr.trim()).toBe(
      'kikitori: There is no job “no-such-job”. kikitori jobs lists the jobs with their ids.',
    );
    expect(none.stderr).not.toContain('Refresh');
  });
});

describe('sentences', () => {
  it('say in Japanese why a file fails, with no English in them', async () => {
    const empty = join(work, 'empty.wav');
    await writeFile(empty, '');
    const run = await kikitori(
      ['--data', dataDir, 'transcribe', empty, join(work, 'missing.wav')],
      { LANG: 'ja_JP.UTF-8' },
    );
    expect(run.code).toBe(1);
    expect(run.stderr).toContain('empty.wav を読めません（空のファイルです）。');
    expect(run.stderr).toContain('missing.wav を読めません（存在しません）。');
    // No system's words (errno, "the file is empty"), no English sentence.
    const sentences = run.stderr
      .replaceAll(work, '')
      .replaceAll('kikitori:', '')
      .replace(/[\w-]+\.wav/g, '');
    expect(sentences).not.toMatch(/[A-Za-z]{3,}/);
  }, 120_000);

  it('say what a command is missing by what it is', async () => {
    const cases: [string[], Record<string, string>, string][] = [
      [
        ['transcribe'],
        {},
        'kikitori: kikitori transcribe needs audio or video files. See kikitori transcribe --help.',
      ],
      [['search'], {}, 'kikitori: kikitori search needs what to find. See kikitori search --help.'],
      [
        ['transcribe'],
        { LANG: 'ja_JP.UTF-8' },
        'kikitori: kikitori transcribe には音声・動画ファイルを指定してください。kikitori transcribe --help をご覧ください。',
      ],
    ];
    for (const [args, env, sentence] of cases) {
      const run = await kikitori(args, env);
      expect(run.code).toBe(2);
      expect(run.stderr.trim()).toBe(sentence);
    }
  });

  it('give an engine example the service has in --help', async () => {
    const help = await kikitori(['transcribe', '--help']);
    expect(help.stdout).toMatch(/e\.g\.\s+-a-general-en for the local\s+service/);
  });
});
