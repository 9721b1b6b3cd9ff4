/**
 * What `kikitori` leaves on a person's terminal, run as a person runs it (the package's bin, the
 * real core and local service, real audio): on a pseudo-terminal, read back through a terminal
 * emulator, each file ends as one line saying what was written (or why not), with no bar, blank
 * line or stale state left, however the lines wrap, and a name holding terminal escapes shown
 * escaped; off a terminal, a line when a file's state changes and at most every 15 s while it
 * stays; a closed output (| head) ends any command quietly with 141.
 */
import { execFileSync, spawn } from 'node:child_process';
import { copyFile, mkdir, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JobJournal } from '../../core/jobs/job-journal';
import { DIARIZED_JOB_BODY } from '../support/diarized';
import { commandEnv, kikitori, onTerminal } from '../support/kikitori-run';
import { seedFailedJobs } from '../support/seed-jobs';
import { removeDir, tempDir } from '../support/service-process';

const FIXTURES = 'tests/fixtures/generated';
const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

let work: string;
beforeAll(async () => {
  work = await tempDir('kikitori-cli-terminal-');
});
afterAll(async () => {
  await removeDir(work);
});

describe('kikitori transcribe on a terminal', () => {
  it('ends each file as one line saying what was written, and leaves nothing else behind', async () => {
    // A long folder name: on a narrow terminal every line wraps.
    const folder = join(work, 'recordings of the weekly planning meeting');
    await mkdir(folder, { recursive: true });
    const names = ['first.wav', 'notes.wav', 'talk\u001b[2J\u009b31m.wav'];
    await copyFile(join(FIXTURES, 'espeak', 'sentence-1.wav'), join(folder, names[0]!));
    await copyFile(join(FIXTURES, 'garbage', 'text.wav'), join(folder, names[1]!));
    await copyFile(join(FIXTURES, 'espeak', 'sentence-2.wav'), join(folder, names[2]!));
    const drawn = await onTerminal(
      [
        '--data',
        join(work, 'data'),
        'transcribe',
        ...names.map((name) => join(folder, name)),
        '--format',
        'txt,srt',
      ],
      { columns: 60, rows: 20 },
    );
    expect(drawn.code, drawn.raw).toBe(1);
    // Drawn in place while it ran.
    expect(drawn.raw).toContain('█');
    const shownTalk = join(folder, 'talk\\x1b[2J\\x9b31m');
    expect(drawn.screen).toEqual(
      expect.arrayContaining([
        `${join(folder, 'first.wav')}: wrote ${join(folder, 'first.txt')}, ${join(folder, 'first.srt')}`,
        // (Its outputs are named without the controls: core/export/save.ts writes plain names.)
        expect.stringMatching(new RegExp(`^${escaped(`${shownTalk}.wav: wrote `)}\\S`)),
        expect.stringMatching(
          new RegExp(`^kikitori: ${join(folder, 'notes\\.wav')}: Kikitori will not transcribe`),
        ),
        '1 of 3 failed.',
      ]),
    );
    // Those four lines and nothing else: no bar, no blank line, no state left from the run.
    expect(drawn.screen, drawn.screen.join('\n')).toHaveLength(4);
    expect(drawn.screen.at(-1)).toBe('1 of 3 failed.');
    // The name's escapes reached the terminal as text, never as commands.
    expect(drawn.raw).not.toContain('\u001b[2J');
    expect(drawn.raw).not.toContain('\u009b');
    expect((await readdir(folder)).filter((name) => name.endsWith('.txt'))).toHaveLength(2);
  }, 180_000);
});

describe('kikitori transcribe off a terminal', () => {
  it('says a state when it changes and at most every 15 s while it stays, with no escapes', async () => {
    const dataDir = join(work, 'plain-data');
    // A finished job of the same kind, so the estimate counts down from the start.
    const journal = await JobJournal.open(dataDir);
    const started = Date.now() - 3_600_000;
    const resultFile = await journal.saveResult('before', { text: 'hi', utterances: [] });
    await journal.save({
      id: 'before',
      file: { path: '/nowhere/before.wav', name: 'before.wav', size: 1000 },
      connection: 'local',
      params: { d: 'grammarFileNames=-a-general-en', logging: false },
      mode: 'async',
      status: 'completed',
      seconds: 60,
      createdAt: started,
      updatedAt: started + 45_000,
      startedAt: started,
      completedAt: started + 45_000,
      resultFile,
    });
    await journal.close();
    // About 75 s of speech, sent as a job (--speakers): recognised for tens of seconds.
    const clips = (await readdir(join(FIXTURES, 'librivox')))
      .filter((name) => name.endsWith('.wav'))
      .map((name) => join(FIXTURES, 'librivox', name));
    const long = join(work, 'long.wav');
    execFileSync('sox', [...clips, ...clips, ...clips, long]);

    const run = await kikitori(['--data', dataDir, 'transcribe', '--speakers', long]);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).not.toContain('\u001b');
    const about = run.stderrLines.filter(({ line }) => line.startsWith(`${long}: `));
    const recognising = about.filter(({ line }) => line.includes('recognising'));
    expect(recognising.length, run.stderr).toBeGreaterThan(0);
    // A line a second while it counts down was the old way; at most one each 15 s, plus the
    // change into the state (the whole run bounds the time spent in it).
    expect(recognising.length, run.stderr).toBeLessThanOrEqual(2 + Math.ceil(run.ms / 15_000));
    expect(about.at(-1)!.line).toBe(`${long}: wrote ${join(work, 'long.txt')}`);
    expect(run.stdout).toBe(`${join(work, 'long.txt')}\n`);
  }, 300_000);
});

describe('a closed output', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = join(work, 'pipe-data');
    await seedFailedJobs(dataDir, 1000);
    await writeFile(join(work, 'result.json'), DIARIZED_JOB_BODY);
  }, 120_000);

  it('ends `kikitori jobs | head -1` quietly, as a Unix tool does', async () => {
    const [line, stderr] = await new Promise<[string, string]>((settle) => {
      const shell = spawn(
        'sh',
        ['-c', `'${process.execPath}' scripts/kikitori.mjs --data '${dataDir}' jobs | head -1`],
        { env: commandEnv(), stdio: ['ignore', 'pipe', 'pipe'] },
      );
      let out = '';
      let err = '';
      shell.stdout.on('data', (c: Buffer) => (out += c.toString()));
      shell.stderr.on('data', (c: Buffer) => (err += c.toString()));
      shell.on('close', () => settle([out, err]));
    });
    expect(stderr).toBe('');
    expect(line).toMatch(/^seeded-00999\s+failed\s/);
  }, 60_000);

  it('ends every command quietly with 141 when its output is closed before it writes', async () => {
    const commands = [
      ['--help'],
      ['transcribe', '--help'],
      ['--data', dataDir, 'jobs'],
      ['--data', dataDir, '--json', 'jobs'],
      ['--data', dataDir, 'connections'],
      ['--data', dataDir, 'search', 'seeded'],
      ['convert', join(work, 'result.json'), '--out', join(work, 'converted')],
    ];
    for (const args of commands) {
      const [code, stderr] = await new Promise<[number | null, string]>((settle) => {
        const child = spawn(process.execPath, ['scripts/kikitori.mjs', ...args], {
          env: commandEnv(),
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        // The reader goes away at once, as `head` does once it has its line.
        child.stdout.destroy();
        let err = '';
        child.stderr.on('data', (c: Buffer) => (err += c.toString()));
        child.on('close', (code) => settle([code, err]));
      });
      // No error and no stack trace (a note said on stderr before the pipe was found closed
      // may stand, as a Unix tool's would).
      expect(stderr, args.join(' ')).not.toMatch(/EPIPE|Error|^\s+at |kikitori:/m);
      expect(code, args.join(' ')).toBe(141);
    }
  }, 120_000);
});
