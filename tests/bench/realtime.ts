/**
 * The realtime interface's figures, measured against the real local service
 * with the raw client pacing audio at real time (tests/support/wrp-client.ts):
 *
 *   (r1) end of speech → the final `A`, on clips followed by room tone     goal <= 0.3 s
 *   (r2) `S` → the first `U`                                               goal <= 1 s
 *   (r3) decoder CPU per live session, as a share of one core              goal <= 0.15
 *   (r4) sessions at real time on this machine without falling behind      goal >= 8
 *   (r5) WER streamed at real time − WER of sync on the LibriVox clips     goal <= 0.02
 *
 * "End of speech" is the time `E` names on the audio's clock, mapped to the wall clock by when
 * the client sent that audio; falling behind means an `A` more than 1 s after its `E`'s audio
 * was sent, or `e` answered more than 1 s after the last packet.
 */
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import Database from 'better-sqlite3';
import { AccountStore } from '../../service/keys/accounts';
import { LOCAL_ENGINE } from '../../shared/api';
import { buildFixtures, DEFAULT_FIXTURES_DIR } from '../fixtures/build';
import {
  multipart,
  rawRequest,
  startService,
  type RunningService,
} from '../support/service-process';
import { pcmOfWav } from '../support/wav-header';
import { corpusWordErrorRate } from '../support/wer';
import { sendAudio, textOfFinals, WrpClient } from '../support/wrp-client';

const run = promisify(execFile);
const BYTES_PER_SECOND = 32_000;
const PACKET = 3_200; // 100 ms

type Line = (label: string, value: string, goal: string, ok: boolean) => void;
const median = (values: number[]) =>
  values.length === 0 ? NaN : [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

interface Clip {
  readonly name: string;
  readonly reference: string;
  readonly wav: Buffer;
  /** 16 kHz PCM of the clip and then 1.5 s of room tone. */
  readonly pcm: Buffer;
}

async function clips(): Promise<Clip[]> {
  const { fixtures } = await buildFixtures();
  const librivox = fixtures.filter((f) => f.kind === 'librivox');
  const tone = Buffer.alloc(BYTES_PER_SECOND * 1.5);
  let seed = 1;
  for (let i = 0; i < tone.length; i += 2) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    tone.writeInt16LE((seed % 41) - 20, i);
  }
  return Promise.all(
    librivox.map(async (fixture) => {
      const wav = await readFile(join(DEFAULT_FIXTURES_DIR, fixture.path));
      const pcm = pcmOfWav(wav);
      return {
        name: fixture.path,
        reference: fixture.text ?? '',
        wav,
        pcm: Buffer.concat([pcm, tone]),
      };
    }),
  );
}

interface Session {
  readonly client: WrpClient;
  /** When (client clock, ms) the audio at each byte offset was sent, per packet. */
  readonly sent: Array<{ offset: number; at: number }>;
  /** ms from the last packet to the `e` answer. */
  readonly endLag: number;
}

async function liveSession(service: RunningService, key: string, pcm: Buffer): Promise<Session> {
  const client = await WrpClient.connect(`${service.url.replace(/^http/, 'ws')}/v1/nolog/`);
  const answer = await client.start('LSB16K', LOCAL_ENGINE, { authorization: key });
  if (answer !== null) throw new Error(`s refused: ${answer}`);
  const sent: Session['sent'] = [];
  await sendAudio(client, pcm, {
    packetBytes: PACKET,
    bytesPerSecond: BYTES_PER_SECOND,
    onPacket: (offset, at) => sent.push({ offset, at }),
  });
  const last = client.now();
  // A session so far behind that its `e` is not answered within the client's wait (60 s) fell
  // behind, with no end lag to give: the full run once ended here, on a machine busy with
  // other work, before (r4) and every later figure were printed.
  let endLag = Number.POSITIVE_INFINITY;
  try {
    const ended = await client.end();
    if (ended !== null) throw new Error(`e refused: ${ended}`);
    endLag = client.now() - last;
  } catch (error) {
    if (!(error instanceof Error && error.message.startsWith('timed out waiting'))) throw error;
  }
  client.close();
  return { client, sent, endLag };
}

/**
 * The service's answer to more sessions than an account may hold at once (8, all its keys
 * together, as the cloud counts them); a service that counts per key lets two keys hold 16.
 */
const ACCOUNT_LIMIT = /^s refused: too many concurrent recognitions/;
const REFUSED = 'refused by the account’s limit (8 at once, all its keys together)';

/** Every session's outcome once all have ended; `refused` when the account's limit refused one. */
async function allOrRefused(sessions: Promise<Session>[]): Promise<Session[] | 'refused'> {
  const settled = await Promise.allSettled(sessions);
  const failed = settled.flatMap((s) => (s.status === 'rejected' ? [s.reason as Error] : []));
  if (failed.length === 0) return settled.map((s) => (s as PromiseFulfilledResult<Session>).value);
  if (failed.every((error) => ACCOUNT_LIMIT.test(error.message))) return 'refused';
  throw failed.find((error) => !ACCOUNT_LIMIT.test(error.message))!;
}

/** A worst lag as printed: ms, or that an `e` was never answered. */
const lagOf = (ms: number) => (Number.isFinite(ms) ? `${ms.toFixed(0)} ms` : 'an e never answered');

/** When the audio at `ms` on the session's clock was sent (ms, client clock). */
function sentAt(session: Session, ms: number): number {
  const offset = Math.floor((ms / 1000) * BYTES_PER_SECOND);
  const packet = session.sent.find((p) => p.offset + PACKET > offset) ?? session.sent.at(-1)!;
  return packet.at + ((offset - packet.offset) / BYTES_PER_SECOND) * 1000;
}

/** Per utterance: E's audio sent → A received, and S received → first U received. */
function latencies(session: Session): { finals: number[]; firstUpdates: number[] } {
  const finals: number[] = [];
  const firstUpdates: number[] = [];
  let started: number | undefined;
  let updated = false;
  let ended: number | undefined;
  for (const message of session.client.messages) {
    const parsed = message.parsed;
    if (parsed?.kind === 'S') {
      started = message.at;
      updated = false;
    } else if (parsed?.kind === 'U' && started !== undefined && !updated) {
      firstUpdates.push(message.at - started);
      updated = true;
    } else if (parsed?.kind === 'E') {
      ended = parsed.ms;
    } else if (parsed?.kind === 'A' && ended !== undefined) {
      finals.push(message.at - sentAt(session, ended));
      ended = undefined;
      started = undefined;
    }
  }
  return { finals, firstUpdates };
}

/** CPU seconds (user + system) used so far by these processes. */
export async function cpuSeconds(pids: readonly number[]): Promise<number> {
  let ticks = 0;
  for (const pid of pids) {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    ticks += Number(fields[11] ?? 0) + Number(fields[12] ?? 0);
  }
  const { stdout } = await run('getconf', ['CLK_TCK']);
  return ticks / Number(stdout);
}

async function decoderPids(service: RunningService): Promise<number[]> {
  const { stdout } = await run('pgrep', ['-P', String(service.process.pid), 'ps-worker']).catch(
    () => ({ stdout: '' }),
  );
  return stdout.split(/\s+/).filter(Boolean).map(Number);
}

/**
 * What `work` cost the service's process and its decoders, in CPU seconds (decoders started
 * during it count from zero), how many decoders started, and its wall time in seconds.
 */
async function cpuWhile<T>(
  service: RunningService,
  work: () => Promise<T>,
): Promise<{ result: T; service: number; decoders: number; started: number; wall: number }> {
  const pid = service.process.pid!;
  const before = new Map<number, number>();
  for (const worker of await decoderPids(service)) before.set(worker, await cpuSeconds([worker]));
  const own = await cpuSeconds([pid]);
  const started = performance.now();
  const result = await work();
  const wall = (performance.now() - started) / 1000;
  const after = await decoderPids(service);
  let decoders = 0;
  for (const worker of after) decoders += (await cpuSeconds([worker])) - (before.get(worker) ?? 0);
  return {
    result,
    service: (await cpuSeconds([pid])) - own,
    decoders,
    started: after.filter((worker) => !before.has(worker)).length,
    wall,
  };
}

/**
 * The service again on the same data folder, with a second account beside its own: a service
 * counts at most 8 sessions at once per account (all its keys together, as the cloud does), so
 * more at once need another account, and the local service makes only the first. The account is
 * added to its database while it is stopped (the same tables for today's service and last
 * month's), and one session, not measured, loads the restarted service's decoders.
 */
async function withSecondAccount(
  service: RunningService,
  warmUp: Buffer,
): Promise<{ service: RunningService; key: string }> {
  await service.stop();
  const db = new Database(join(service.dataDir, 'service.sqlite'));
  let key: string;
  try {
    key = new AccountStore(db).createAccount().apiKey;
  } finally {
    db.close();
  }
  const again = await startService({ dataDir: service.dataDir, key: service.key });
  await liveSession(again, key, warmUp);
  return { service: again, key };
}

/**
 * The figures, printed through `line`. The service is restarted on its data folder for (r4) (see
 * `withSecondAccount`): the one it ends with is returned, for the caller to use and stop.
 */
export async function realtimeBench(first: RunningService, line: Line): Promise<RunningService> {
  let service = first;
  const all = await clips();

  // (r1), (r2), (r5): each clip streamed at real time, one session at a time.
  const finals: number[] = [];
  const firstUpdates: number[] = [];
  const live: Array<{ reference: string; hypothesis: string }> = [];
  const sync: Array<{ reference: string; hypothesis: string }> = [];
  let cpu = 0;
  let audioSeconds = 0;
  // One session first, not measured: the pool grows to what one stream holds (its decoder and a
  // warm spare). A service keeping one worker loaded while idle loads the spare then, about half
  // a second of CPU once, which (r3) counted against 32 s of audio as if every session paid it
  // (+0.02 of a core); one keeping two loaded had paid it at its start, uncounted.
  await liveSession(service, service.key, all[0]!.pcm);
  let started = 0;
  for (const clip of all) {
    // Workers the pool started during the session (it grows for streams) count from zero.
    const used = await cpuWhile(service, () => liveSession(service, service.key, clip.pcm));
    const session = used.result;
    started += used.started;
    cpu += used.decoders;
    audioSeconds += clip.pcm.length / BYTES_PER_SECOND;
    const measured = latencies(session);
    // The clip's last utterance is the one followed by room tone.
    if (measured.finals.length > 0) finals.push(measured.finals.at(-1)!);
    firstUpdates.push(...measured.firstUpdates);
    live.push({ reference: clip.reference, hypothesis: textOfFinals(session.client.finals()) });
    const { body, contentType } = multipart([
      { name: 'u', value: service.key },
      { name: 'd', value: LOCAL_ENGINE },
      { name: 'a', value: clip.wav, filename: 'a.wav' },
    ]);
    const answer = await rawRequest(service.url, {
      path: '/v1/nolog/recognize',
      headers: { 'Content-Type': contentType },
      body,
    });
    sync.push({ reference: clip.reference, hypothesis: answer.json<{ text: string }>().text });
  }
  const r1 = median(finals) / 1000;
  line(
    `(r1) end of speech → A, median of ${finals.length} clips with trailing room tone`,
    `${r1.toFixed(3)} s`,
    '<= 0.3 s',
    r1 <= 0.3,
  );
  const r2 = median(firstUpdates) / 1000;
  line(
    `(r2) S → first U, median of ${firstUpdates.length} utterances`,
    `${r2.toFixed(3)} s`,
    '<= 1 s',
    r2 <= 1,
  );
  const r3 = cpu / audioSeconds;
  line(
    `(r3) decoder CPU per live session (${audioSeconds.toFixed(0)} s of audio, ${started} worker${started === 1 ? '' : 's'} started in it)`,
    r3.toFixed(3),
    '<= 0.15',
    r3 <= 0.15,
  );

  // (r4) n sessions at once, each a clip after another at real time; n grows while none lags.
  const second = await withSecondAccount(service, all[0]!.pcm);
  service = second.service;
  const keys = [service.key, second.key];
  const pcm = Buffer.concat(all.map((c) => c.pcm));
  let best = 0;
  for (const n of [2, 3, 4, 6, 8, 10, 12, 16]) {
    const used = await cpuWhile(service, () =>
      allOrRefused(
        Array.from({ length: n }, (_, i) => liveSession(service, keys[Math.floor(i / 8)]!, pcm)),
      ),
    );
    const sessions = used.result;
    if (sessions === 'refused') {
      console.log(`    ${n} sessions at once: ${REFUSED}`);
      break;
    }
    const worst = Math.max(...sessions.flatMap((s) => [...latencies(s).finals, s.endLag]));
    // Where the two cores went: the service's own process (sockets, endpointing, results) and
    // the decoders, as cores over the round's wall time.
    console.log(
      `    ${n} sessions at once: worst lag ${lagOf(worst)}; service ${(used.service / used.wall).toFixed(2)} core, decoders ${(used.decoders / used.wall).toFixed(2)} core (${used.started} started)`,
    );
    if (worst > 1000) break;
    best = n;
  }
  line(
    '(r4) sessions at real time without falling behind (lag <= 1 s)',
    String(best),
    '>= 8',
    best >= 8,
  );
  console.log(
    '    every session sends the same audio from the same moment: all speak, pause and finish their utterances together (the worst case)',
  );

  // (r4b) The same, but as people are: each session starts 0.7 s after the one before, so their
  // utterances end (and are finalized, the costly moment) at different times.
  let staggered = 0;
  for (const n of [4, 6, 8, 10, 12, 16]) {
    const sessions = await allOrRefused(
      Array.from({ length: n }, async (_, i) => {
        await new Promise((resolve) => setTimeout(resolve, i * 700));
        return liveSession(service, keys[Math.floor(i / 8)]!, pcm);
      }),
    );
    if (sessions === 'refused') {
      console.log(`    ${n} sessions, starts 0.7 s apart: ${REFUSED}`);
      break;
    }
    const worst = Math.max(...sessions.flatMap((s) => [...latencies(s).finals, s.endLag]));
    console.log(`    ${n} sessions, starts 0.7 s apart: worst lag ${lagOf(worst)}`);
    if (worst > 1000) break;
    staggered = n;
  }
  line(
    '(r4b) the same with starts 0.7 s apart (lag <= 1 s)',
    String(staggered),
    '>= 8',
    staggered >= 8,
  );

  const liveWer = corpusWordErrorRate(live).wer;
  const syncWer = corpusWordErrorRate(sync).wer;
  line(
    `(r5) WER streamed ${liveWer.toFixed(3)} − sync ${syncWer.toFixed(3)} (${live.length} LibriVox clips)`,
    (liveWer - syncWer).toFixed(3),
    '<= 0.02',
    liveWer - syncWer <= 0.02,
  );
  return service;
}
