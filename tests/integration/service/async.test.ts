import { existsSync } from 'node:fs';
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFile, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobStatusSchema, utterancesOfJob, type JobStatus } from '../../../shared/api';
import { DEFAULT_FIXTURES_DIR, loadFixtures } from '../../fixtures/build';
import {
  multipart,
  rawRequest,
  removeDir,
  startService,
  tempDir,
  type RunningService,
} from '../../support/service-process';
import { useService } from '../../support/hooks';
import { until } from '../../support/until';
import { corpusWordErrorRate } from '../../support/wer';

const run = promisify(execFile);
const manifest = await loadFixtures();
const librivox = manifest.fixtures.filter((f) => f.kind === 'librivox');
const CLIP = librivox[0]!; // 0870, 7 s
/**
 * The shortest clip (0880, 3 s), for the checks that need a job to complete and look at what it
 * leaves, not at its words: each decode of the 7 s clip cost as much again.
 */
const SHORT = librivox.find((f) => f.path.includes('0880'))!;

const service = useService();
let work: string;
/** Three clips (0870, 0920, 0930) three times over, with a second of silence after each (~55 s). */
let longAudio: string;
let longReference: string;
let longSeconds: number;
/** Length of one repetition: the three clips and three seconds of silence. */
let periodMs: number;
/** One repetition (~19 s): a job long enough to be killed while it is decoded. */
let oneRepetition: string;
let oneReference: string;

beforeAll(async () => {
  work = await tempDir('kikitori-async-');
  const silence = join(work, 'silence.wav');
  await run('sox', ['-n', '-r', '16000', '-c', '1', '-b', '16', silence, 'trim', '0', '1']);
  const parts: string[] = [];
  // Three repetitions (the timeline check below compares them) of three of the five clips: the
  // first ("john") and the two the engine does best on, so a third less audio to decode.
  const clips = [librivox[0]!, librivox[3]!, librivox[4]!];
  for (let i = 0; i < 3; i++)
    for (const clip of clips) parts.push(join(DEFAULT_FIXTURES_DIR, clip.path), silence);
  longAudio = join(work, 'long.wav');
  await run('sox', [...parts, longAudio]);
  oneRepetition = join(work, 'once.wav');
  await run('sox', [...parts.slice(0, 2 * clips.length), oneRepetition]);
  oneReference = clips.map((c) => c.text).join(' ');
  longReference = Array.from({ length: 3 }, () => oneReference).join(' ');
  longSeconds = Number((await run('soxi', ['-D', longAudio])).stdout);
  periodMs = (longSeconds * 1000) / 3;
});
afterAll(async () => {
  await removeDir(work);
});

async function create(
  target: RunningService,
  audio: Buffer,
  d = '-a-general-en',
  version: 1 | 2 = 2,
) {
  const { body, contentType } = multipart([
    { name: 'u', value: target.key },
    { name: 'd', value: d },
    { name: 'a', value: audio, filename: 'audio.wav' },
  ]);
  return rawRequest(target.url, {
    path: `/v${version}/recognitions`,
    headers: { 'Content-Type': contentType },
    body,
  });
}

async function status(
  target: RunningService,
  sessionId: string,
  version: 1 | 2 = 2,
  key = target.key,
) {
  return rawRequest(target.url, {
    method: 'GET',
    path: `/v${version}/recognitions/${sessionId}`,
    headers: { Authorization: `Bearer ${key}` },
  });
}

/** Polls until the job ends; returns every status seen, in order. */
async function waitForJob(
  target: RunningService,
  sessionId: string,
  version: 1 | 2 = 2,
): Promise<{ seen: string[]; final: JobStatus }> {
  const seen: string[] = [];
  const final = await until(
    async () => {
      const body = jobStatusSchema.parse((await status(target, sessionId, version)).json());
      if (seen.at(-1) !== body.status) seen.push(body.status);
      return body;
    },
    (body) => body.status === 'completed' || body.status === 'error',
  );
  return { seen, final };
}

const ORDER = ['queued', 'started', 'processing', 'completed'];

describe('async jobs (v2 and v1)', () => {
  it('runs a v2 job through the statuses in order, with size, MD5, content id and segments', async () => {
    const audio = await readFile(join(DEFAULT_FIXTURES_DIR, CLIP.path));
    const created = await create(service, audio, '-a-general-en contentId=clip-0870');
    expect(created.status).toBe(200);
    const { sessionid, text } = created.json<{ sessionid: string; text: string }>();
    expect(sessionid).toMatch(/^[0-9a-f]{24}$/);
    expect(text).toBe('...');
    const { seen, final } = await waitForJob(service, sessionid);
    expect(seen.every((s, i) => i === 0 || ORDER.indexOf(s) > ORDER.indexOf(seen[i - 1]!))).toBe(
      true,
    );
    expect(final).toMatchObject({
      status: 'completed',
      session_id: sessionid,
      service_id: 'local',
      audio_size: audio.length,
      audio_md5: createHash('md5').update(audio).digest('hex'),
      content_id: 'clip-0870',
      code: '',
    });
    if (final.status !== 'completed') throw new Error('not completed');
    expect(final.segments?.length).toBeGreaterThan(0);
    expect(final.results).toBeUndefined();
    expect(
      corpusWordErrorRate([{ reference: CLIP.text!, hypothesis: final.text }]).wer,
    ).toBeLessThanOrEqual(0.4);
    const raw = (await status(service, sessionid)).json<Record<string, unknown>>();
    expect(Object.keys(raw)).toEqual([
      'status',
      'session_id',
      'service_id',
      'audio_size',
      'audio_md5',
      'content_id',
      'segments',
      'utteranceid',
      'text',
      'code',
      'message',
    ]);
  });

  it('splits a long recording at silences and puts every word on the original timeline (v2 and v1 agree)', async () => {
    const audio = await readFile(longAudio);
    const v2 = await waitForJob(
      service,
      (await create(service, audio)).json<{ sessionid: string }>().sessionid,
    );
    const v1 = await waitForJob(
      service,
      (await create(service, audio, '-a-general-en', 1)).json<{ sessionid: string }>().sessionid,
      1,
    );
    if (v2.final.status !== 'completed' || v1.final.status !== 'completed')
      throw new Error('not completed');
    const utterances = utterancesOfJob(v2.final);
    expect(utterances.length).toBeGreaterThanOrEqual(3);
    expect(
      corpusWordErrorRate([{ reference: longReference, hypothesis: v2.final.text }]).wer,
    ).toBeLessThanOrEqual(0.3);
    expect(v1.final.text).toBe(v2.final.text);
    // Times increase through the whole recording and end inside it.
    const times = utterances.flatMap((u) => u.tokens.map((t) => t.starttime!));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(times.at(-1)!).toBeGreaterThan(longSeconds * 1000 - 5_000);
    expect(times.at(-1)!).toBeLessThan(longSeconds * 1000);
    // "john" (first clip) comes once a repetition, one period apart on the original timeline: to
    // the frame where the decoder saw the same context (repetitions 2 and 3, both after a pause),
    // within the engine's alignment jitter where it did not (repetition 1 starts the file).
    const john = utterances
      .flatMap((u) => u.tokens)
      .filter((t) => t.written === 'john')
      .map((t) => t.starttime!);
    expect(john).toHaveLength(3);
    expect(Math.abs(john[2]! - john[1]! - periodMs)).toBeLessThan(30);
    expect(Math.abs(john[1]! - john[0]! - periodMs)).toBeLessThan(150);
  }, 240_000);

  it('lays the result out like sync with compatibleWithSync=True', async () => {
    const audio = await readFile(join(DEFAULT_FIXTURES_DIR, SHORT.path));
    const { final } = await waitForJob(
      service,
      (await create(service, audio, '-a-general-en compatibleWithSync=True')).json<{
        sessionid: string;
      }>().sessionid,
    );
    if (final.status !== 'completed') throw new Error('not completed');
    expect(final.segments).toBeUndefined();
    expect(final.results?.[0]?.tokens.length).toBeGreaterThan(5);
  });

  it('reports a job whose audio cannot be decoded as error with error_message', async () => {
    const garbage = await readFile(join(DEFAULT_FIXTURES_DIR, 'garbage/random.bin'));
    const { final } = await waitForJob(
      service,
      (await create(service, garbage)).json<{ sessionid: string }>().sessionid,
    );
    expect(final).toMatchObject({
      status: 'error',
      error_message: expect.stringMatching(/^ERROR: received unsupported audio format/),
    });
  });

  it("answers unknown sessions and other accounts' sessions with 404, and needs Bearer", async () => {
    expect((await status(service, '0123456789abcdef01234567')).status).toBe(404);
    expect((await status(service, '0123456789abcdef01234567')).json()).toEqual({
      code: '?',
      message: 'session not found',
    });
    const audio = await readFile(join(DEFAULT_FIXTURES_DIR, SHORT.path));
    const { sessionid } = (await create(service, audio)).json<{ sessionid: string }>();
    const noAuth = await rawRequest(service.url, {
      method: 'GET',
      path: `/v2/recognitions/${sessionid}`,
    });
    expect(noAuth.status).toBe(401);
    // A second account, made with the service's own account store in its database.
    const { AccountStore } = await import('../../../service/keys/accounts');
    const db = new Database(join(service.dataDir, 'service.sqlite'));
    const other = new AccountStore(db).createAccount();
    db.close();
    const foreign = await status(service, sessionid, 2, other.apiKey);
    expect(foreign.status).toBe(404);
    expect(foreign.json()).toEqual({ code: '?', message: 'session not found' });
    await waitForJob(service, sessionid);
  });

  it('with loggingOptOut=True deletes the job audio when decoding ends and logs nothing; without it, logs', async () => {
    const audio = await readFile(join(DEFAULT_FIXTURES_DIR, SHORT.path));
    const optOut = (await create(service, audio, '-a-general-en loggingOptOut=True')).json<{
      sessionid: string;
    }>().sessionid;
    await waitForJob(service, optOut);
    const logged = (await create(service, audio)).json<{ sessionid: string }>().sessionid;
    await waitForJob(service, logged);
    // The job's end is written just before its audio goes (job-runner.ts), so a status check may
    // see it completed a moment before the file is gone.
    await until(
      async () =>
        (await readdir(join(service.dataDir, 'jobs'))).filter((f) => f.startsWith(optOut)),
      (left) => left.length === 0,
      { timeoutMs: 5_000 },
    );
    const logs = await readdir(join(service.dataDir, 'logs'));
    expect(logs).toContain(`${logged}.audio`);
    expect(logs.filter((f) => f.startsWith(optOut))).toEqual([]);
    const db = new Database(join(service.dataDir, 'service.sqlite'), { readonly: true });
    const rows = db
      .prepare('SELECT session_id FROM request_log WHERE session_id IN (?, ?)')
      .all(optOut, logged) as Array<{ session_id: string }>;
    db.close();
    expect(rows.map((r) => r.session_id)).toEqual([logged]);
  });
});

describe('async jobs across a crash', () => {
  it('a kill between a loggingOptOut job’s end and its audio’s removal leaves no audio and a completed job', async () => {
    const dataDir = await tempDir();
    const first = await startService({ dataDir });
    const audio = await readFile(join(DEFAULT_FIXTURES_DIR, SHORT.path));
    const { sessionid } = (await create(first, audio, '-a-general-en loggingOptOut=True')).json<{
      sessionid: string;
    }>();
    expect((await waitForJob(first, sessionid)).final.status).toBe('completed');
    await first.kill();
    // What the kill would have left: the job's end written, its audio file still there.
    const left = join(dataDir, 'jobs', `${sessionid}.audio`);
    await writeFile(left, audio);
    const second = await startService({ dataDir, key: first.key });
    expect(existsSync(left)).toBe(false);
    expect((await status(second, sessionid)).json<{ status: string }>().status).toBe('completed');
    await second.stop();
    await removeDir(dataDir);
  });

  it('finishes a job that was in flight when the service was killed with SIGKILL', async () => {
    const dataDir = await tempDir();
    const first = await startService({ dataDir, args: ['--workers', '1'] });
    const audio = await readFile(oneRepetition);
    const { sessionid } = (await create(first, audio, '-a-general-en', 1)).json<{
      sessionid: string;
    }>();
    // Wait until it is being worked on, then kill the service outright.
    for (let i = 0; i < 400; i++) {
      const s = (await status(first, sessionid, 1)).json<{ status: string }>().status;
      if (s === 'processing') break;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect((await status(first, sessionid, 1)).json<{ status: string }>().status).toBe(
      'processing',
    );
    await first.kill();
    const second = await startService({ dataDir, key: first.key });
    expect(second.events.some((e) => e.event === 'account-created')).toBe(false);
    expect(second.events).toContainEqual({ event: 'jobs-resumed', count: 1 });
    const { final } = await waitForJob(second, sessionid, 1);
    expect(final.status).toBe('completed');
    if (final.status === 'completed')
      expect(
        corpusWordErrorRate([{ reference: oneReference, hypothesis: final.text }]).wer,
      ).toBeLessThanOrEqual(0.3);
    await second.stop();
    await removeDir(dataDir);
  }, 240_000);

  it('purges finished jobs and log entries older than their retention periods at start', async () => {
    const dataDir = await tempDir();
    const first = await startService({ dataDir, args: ['--job-retention-days', '3'] });
    const audio = await readFile(join(DEFAULT_FIXTURES_DIR, SHORT.path));
    const old = (await create(first, audio)).json<{ sessionid: string }>().sessionid;
    const recent = (await create(first, audio)).json<{ sessionid: string }>().sessionid;
    await waitForJob(first, old);
    await waitForJob(first, recent);
    await first.stop();
    expect(await readdir(join(dataDir, 'logs'))).toEqual(
      expect.arrayContaining([`${old}.audio`, `${recent}.audio`]),
    );
    const db = new Database(join(dataDir, 'service.sqlite'));
    const audioOf = (sid: string) =>
      (
        db.prepare('SELECT audio_path FROM jobs WHERE session_id = ?').get(sid) as {
          audio_path: string;
        }
      ).audio_path;
    // A logged job keeps its audio beside its row until the row is purged.
    const oldAudio = audioOf(old);
    const recentAudio = audioOf(recent);
    expect(existsSync(oldAudio) && existsSync(recentAudio)).toBe(true);
    const daysAgo = (days: number) => Date.now() - days * 86_400_000;
    db.prepare('UPDATE jobs SET finished_at = ? WHERE session_id = ?').run(daysAgo(4), old);
    db.prepare('UPDATE request_log SET created_at = ? WHERE session_id = ?').run(daysAgo(2), old);
    db.close();
    const second = await startService({
      dataDir,
      args: ['--job-retention-days', '3', '--log-retention-days', '1'],
      key: first.key,
    });
    expect((await status(second, old)).status).toBe(404);
    expect((await status(second, recent)).json<{ status: string }>().status).toBe('completed');
    // The log store keeps its own retention: the old entry's audio is gone, the recent one stays.
    const logs = await readdir(join(dataDir, 'logs'));
    expect(logs).toContain(`${recent}.audio`);
    expect(logs).not.toContain(`${old}.audio`);
    // Nothing of the purged job stays on disk, while the service runs (not only after the next
    // start's sweep): no file anywhere in the data folder is named after it.
    expect(existsSync(oldAudio)).toBe(false);
    expect(existsSync(recentAudio)).toBe(true);
    const everything = await readdir(dataDir, { recursive: true });
    expect(everything.filter((name) => name.includes(old))).toEqual([]);
    await second.stop();
    await removeDir(dataDir);
  });
});
