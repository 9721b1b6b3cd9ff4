/**
 * `kikitori transcribe --speech-only`, as a person runs it (the package's bin, the real core and
 * the local service it supervises): a recording with long silences is sent with only its
 * speech, the command says how much of it was sent, in English and in Japanese, and the
 * transcript it writes has the recording's times. The connection itself still sends whole.
 */
import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sentenceInRoom } from '../fixtures/quiet-room';
import { removeDir, tempDir } from '../support/service-process';

const NO_KEYCHAIN = { DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/bus' };

interface Run {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** Runs `kikitori ARGS…` to its end, in the locale `lang`. */
function kikitori(args: readonly string[], lang: string): Promise<Run> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['scripts/kikitori.mjs', ...args], {
      env: { ...process.env, ...NO_KEYCHAIN, LANG: lang, LC_ALL: '', LC_MESSAGES: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

let work: string;
let dataDir: string;
/** 8 s of quiet room, a sentence, 20 s of quiet room: 31 s, of which about 3 s speech. */
let recording: string;

beforeAll(async () => {
  work = await tempDir('kikitori-cli-speech-');
  dataDir = await tempDir('kikitori-cli-speech-data-');
  recording = await sentenceInRoom(work, 'meeting.wav');
});
afterAll(async () => {
  await removeDir(work);
  await removeDir(dataDir);
});

describe('kikitori transcribe --speech-only', () => {
  it('says how much was sent, and writes the words at the recording’s times', async () => {
    const run = await kikitori(
      [
        '--data',
        dataDir,
        'transcribe',
        recording,
        '--speech-only',
        '--format',
        'json',
        '--out',
        work,
      ],
      'C.UTF-8',
    );
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toMatch(/meeting\.wav: sent 0:0\d of 0:31 \(only where people speak\)/);
    const written = JSON.parse(await readFile(join(work, 'meeting.json'), 'utf8')) as {
      utterances: { tokens: { written: string; starttime: number }[] }[];
    };
    const starts = written.utterances.flatMap((u) => u.tokens.map((t) => t.starttime));
    expect(starts.length).toBeGreaterThan(3);
    // The sentence is 8 s in: its words are there, not at the start of the file sent.
    expect(Math.min(...starts)).toBeGreaterThan(7_500);
    expect(Math.max(...starts)).toBeLessThan(12_000);
  }, 180_000);

  it('says it in Japanese in a Japanese locale; without the flag the file goes whole', async () => {
    const run = await kikitori(
      [
        '--data',
        dataDir,
        'transcribe',
        recording,
        '--speech-only',
        '--format',
        'txt',
        '--out',
        work,
      ],
      'ja_JP.UTF-8',
    );
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toMatch(/meeting\.wav: 録音 0:31 のうち 0:0\d を送りました（発話部分のみ）/);
    const whole = await kikitori(
      ['--data', dataDir, '--json', 'transcribe', recording, '--format', 'txt', '--out', work],
      'C.UTF-8',
    );
    expect(whole.code, whole.stderr).toBe(0);
    expect(whole.stdout).toContain('"type":"written"');
    expect(whole.stdout).not.toContain('"type":"sent"');
  }, 240_000);
});
