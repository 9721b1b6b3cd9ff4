/**
 * A live session kept as a job (docs/architecture.md §4, "Live"): the job is journaled when the
 * session starts (mode `live`, status `recognizing`), the audio is encoded to FLAC by ffmpeg as
 * it arrives (never held whole in memory: only a bounded queue while ffmpeg catches up), and each
 * final result is appended to `<data>/live/<id>.jsonl` and synced to disk before it is
 * acknowledged; so is each name a person gives a speaker (`nameSpeaker`), which the job keeps as
 * a speaker's edit. `finish` stores the transcript and completes the job; a session whose app died
 * is completed at the next start by `recoverLiveJobs`, from that file and the audio that reached
 * the disk, and marked `cutOff`. On a full disk (`live-disk-full`) the finals wait in memory and
 * are written when there is room; `finish` then rejects and may be called again until it can
 * store the job, cut off.
 *
 * Why FLAC and a repair on recovery rather than Ogg/Opus: FLAC is lossless (the recording is the
 * reference a person checks the transcript against, and a file the service takes as it is),
 * while Ogg/Opus is lossy. ffmpeg writes FLAC's STREAMINFO (total samples, MD5) only when it
 * finishes, so a recording cut by a crash says its length is unknown, and its last frame may be
 * torn: ffmpeg still decodes it, but ffprobe gives no duration and a player no length to seek
 * in. Recovery therefore re-encodes what decodes (seconds per hour of audio) into a finalized
 * FLAC that replaces it; a recording ffmpeg did finalize (its header says its length) is left
 * as it is.
 */
import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { statfsSync } from 'node:fs';
import {
  mkdir,
  open,
  readdir,
  readFile,
  rename,
  rm,
  stat,
  type FileHandle,
} from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { z } from 'zod';
import { headerDuration } from '../../shared/api/audio-sniff';
import type { Connection } from '../../shared/domain/connection';
import { AppFailure, appError, type AppError } from '../../shared/domain/errors';
import {
  applicable,
  editedTranscript,
  pushEdit,
  renameSpeaker,
  type EditOp,
} from '../../shared/domain/edits';
import type { Job, Transcript } from '../../shared/domain/job';
import { joinTexts } from '../../shared/format/speakers';
import { LIVE_AUDIO, liveUtteranceSchema, type LiveUtterance } from '../../shared/ipc/live';
import {
  JobRemoved,
  LIVE_DIR,
  RECORDINGS_DIR,
  SOURCES_SUFFIX,
  type JobJournal,
} from '../jobs/job-journal';
import { dOf } from '../jobs/request-d';
import { previewOf } from '../jobs/preview';
import { probeSeconds, readHead, reencodeFlac, spawnFlacEncoder } from '../media/media-tools';

/** Bytes of LSB16K audio per millisecond (16 kHz, 2 bytes a sample). */
const BYTES_PER_MS = (LIVE_AUDIO.sampleRate * LIVE_AUDIO.bytesPerSample) / 1000;

/** Audio waiting for ffmpeg, at most: 10 s (320 kB). Beyond it ffmpeg is not keeping up. */
export const MAX_QUEUED_BYTES = 10_000 * BYTES_PER_MS;

/** Less room than this on the disk when ffmpeg stops: it stopped because the disk is full. */
const NEARLY_FULL_BYTES = 1024 * 1024;

/** Whether the disk holding `path` has (almost) no room left for this user. */
function nearlyFull(path: string): boolean {
  try {
    const fs = statfsSync(path);
    return fs.bavail * fs.bsize < NEARLY_FULL_BYTES;
  } catch {
    return false;
  }
}

/** The error of a live session on a full disk: what is finalized is kept in memory. */
export const liveDiskFull = (dataDir: string, detail?: string): AppError =>
  appError('live-disk-full', { path: dataDir }, detail);

const isDiskFull = (error: unknown): boolean => {
  const code =
    error instanceof AppFailure ? error.error.code : (error as NodeJS.ErrnoException)?.code;
  return (
    code === 'disk-full' || code === 'live-disk-full' || code === 'ENOSPC' || code === 'EDQUOT'
  );
};

/** How long `finish` waits for ffmpeg to write the end of the file before killing it. */
const ENCODER_EXIT_MS = 30_000;

export const recordingPathOf = (dataDir: string, id: string): string =>
  join(dataDir, RECORDINGS_DIR, `${id}.flac`);
/** The sources kept apart: a multi-channel FLAC beside the mix, one per source. */
export const sourcesPathOf = (dataDir: string, id: string): string =>
  join(dataDir, RECORDINGS_DIR, `${id}${SOURCES_SUFFIX}`);
export const finalsPathOf = (dataDir: string, id: string): string =>
  join(dataDir, LIVE_DIR, `${id}.jsonl`);

export interface LiveRecordingDeps {
  readonly dataDir: string;
  readonly journal: JobJournal;
  readonly connection: Connection;
  /** The job's name, given by the window (a meeting's session); else its file's name shows. */
  readonly title?: string;
  /** A program streamed the audio, with the key of this name (core/programs/openai/). */
  readonly program?: Job['program'];
  readonly now?: () => number;
  /** Every change of the job (jobs:changed). */
  readonly emit?: (job: Job) => void;
  /**
   * The encoder failed between writes (ffmpeg died, or fell 10 s behind): recording has stopped;
   * `finish` still completes the job with what was recorded and finalized.
   */
  readonly onError?: (error: AppError) => void;
  /** The `d` the session was opened with; by default the connection's. */
  readonly d?: string;
  /** The ffmpeg to run (default `ffmpeg` on the PATH). */
  readonly ffmpeg?: string;
  /** The bound on audio waiting for ffmpeg, in bytes (default MAX_QUEUED_BYTES). */
  readonly maxQueuedBytes?: number;
  /**
   * Names a speaker in the completed job's edits (JobEdits.apply): a name given once the
   * session is ending, after its names were taken into the job.
   */
  readonly rename?: (id: string, op: EditOp) => Promise<unknown>;
  /**
   * How many sources are also kept apart (writeSources), each a channel of a FLAC beside the
   * mix (sourcesPathOf); none when absent.
   */
  readonly apart?: number;
}

/**
 * A chunk of frames of 1 + `apart` samples (shared/ipc/live.ts `apart`) as the mix (mono) and
 * the sources (interleaved, `apart` channels).
 */
export function splitFrames(
  chunk: Uint8Array,
  apart: number,
): { mix: Uint8Array; sources: Uint8Array } {
  const width = 1 + apart;
  const frames = Math.floor(chunk.byteLength / (2 * width));
  const mix = new Uint8Array(frames * 2);
  const sources = new Uint8Array(frames * 2 * apart);
  for (let f = 0; f < frames; f++) {
    const at = f * width * 2;
    mix[f * 2] = chunk[at]!;
    mix[f * 2 + 1] = chunk[at + 1]!;
    sources.set(chunk.subarray(at + 2, at + width * 2), f * apart * 2);
  }
  return { mix, sources };
}

/** Two digits. */
const two = (n: number) => String(n).padStart(2, '0');

/** "Live 2026-11-25 10-58.flac", in local time: a name a person recognises in a folder. */
export function recordingName(at: number): string {
  const t = new Date(at);
  const date = `${t.getFullYear()}-${two(t.getMonth() + 1)}-${two(t.getDate())}`;
  return `Live ${date} ${two(t.getHours())}-${two(t.getMinutes())}.flac`;
}

/** The transcript of a session: its finals in order, their times in recording milliseconds. */
export function transcriptOf(finals: readonly LiveUtterance[]): Transcript {
  const ordered = [...finals].sort((a, b) => a.index - b.index);
  return {
    text: joinTexts(ordered.map((u) => u.text)),
    utterances: ordered.map((u) => ({
      tokens: u.tokens,
      starttime: u.startMs,
      endtime: u.endMs,
      tags: [],
      rulename: '',
      text: u.text,
    })),
  };
}

/** ffmpeg encoding stdin to the recording, and how it ended. */
class Encoder {
  private stderr = '';
  private readonly exited: Promise<{ code: number | null; signal: string | null }>;
  /** Why it cannot take audio any more. */
  failure: AppError | undefined;
  private closing = false;

  private constructor(
    readonly child: ChildProcess,
    private readonly path: string,
    private readonly onFailure: (error: AppError) => void,
  ) {
    this.exited = new Promise((resolve) =>
      child.once('exit', (code, signal) => resolve({ code, signal })),
    );
    child.stderr?.setEncoding('utf8');
    child.stderr?.on('data', (text: string) => {
      this.stderr = (this.stderr + text).slice(-2_000);
    });
    // A write after ffmpeg died fails with EPIPE, a late kill may fail: the exit says why, once.
    child.stdin?.on('error', () => undefined);
    child.on('error', () => undefined);
    void this.exited.then(({ code, signal }) => {
      if (this.closing) return;
      const detail = this.lastLine() || `exit ${code ?? signal}`;
      // ffmpeg could not write: the disk is full (said as such, not as ffmpeg stopping).
      if (nearlyFull(dirname(path))) this.failWith(liveDiskFull(dirname(dirname(path)), detail));
      else this.fail('encoder-ended', detail);
    });
  }

  static async start(
    command: string,
    path: string,
    onFailure: (error: AppError) => void,
    channels = 1,
  ): Promise<Encoder> {
    const child = spawnFlacEncoder(command, path, channels);
    await new Promise<void>((resolve, reject) => {
      child.once('spawn', resolve);
      child.once('error', (error: NodeJS.ErrnoException) =>
        reject(
          new AppFailure(
            appError(
              'recording-failed',
              { path, reason: error.code === 'ENOENT' ? 'ffmpeg-missing' : 'encoder-ended' },
              error.message,
            ),
          ),
        ),
      );
    });
    return new Encoder(child, path, onFailure);
  }

  private lastLine(): string {
    return this.stderr.trim().split('\n').at(-1) ?? '';
  }

  fail(reason: 'encoder-ended' | 'too-slow', detail?: string): void {
    this.failWith(appError('recording-failed', { path: this.path, reason }, detail));
  }

  private failWith(error: AppError): void {
    if (this.failure) return;
    this.failure = error;
    this.onFailure(error);
  }

  /** Bytes written but not yet taken by ffmpeg. */
  get queued(): number {
    return this.child.stdin?.writableLength ?? 0;
  }

  write(pcm: Uint8Array): void {
    // A copy: the caller may reuse its buffer, and the stream keeps it until ffmpeg reads it.
    this.child.stdin!.write(Buffer.from(pcm));
  }

  /**
   * Ends the input and waits for ffmpeg to write the end of the file; whether it did (a killed
   * or failed ffmpeg leaves a file to repair).
   */
  async close(): Promise<boolean> {
    this.closing = true;
    this.child.stdin?.end();
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), ENCODER_EXIT_MS);
    });
    const ended = await Promise.race([this.exited, timeout]);
    clearTimeout(timer);
    if (ended === 'timeout') {
      this.child.kill('SIGKILL');
      await this.exited;
      return false;
    }
    return ended.code === 0 && this.failure === undefined;
  }

  kill(): Promise<unknown> {
    this.closing = true;
    this.child.kill('SIGKILL');
    return this.exited;
  }
}

/** The recording as it lies on disk once its encoder is done. */
interface AudioFacts {
  readonly size: number;
  readonly seconds: number | undefined;
  /** Absent when nothing playable reached the disk. */
  readonly playable: boolean;
}

async function sizeOf(path: string): Promise<number> {
  return stat(path).then(
    (info) => info.size,
    () => 0,
  );
}

/**
 * Makes an unfinished recording (a crash, a killed ffmpeg) whole: what decodes is re-encoded to a
 * FLAC whose header says its length, which replaces it. A recording whose header already says its
 * length was finished by ffmpeg and is kept as it is.
 */
export async function repairRecording(path: string): Promise<AudioFacts> {
  const head = await readHead(path).catch(() => undefined);
  if (head && headerDuration(head) !== undefined)
    return { size: await sizeOf(path), seconds: headerDuration(head), playable: true };
  if (!head || head.length === 0) return { size: 0, seconds: undefined, playable: false };
  const temp = join(path, '..', `.${basename(path)}.${randomUUID().slice(0, 8)}.repair.flac`);
  const ok = await reencodeFlac(path, temp);
  const seconds = ok ? await probeSeconds(temp) : undefined;
  if (!ok || seconds === undefined) {
    // Nothing decodes: the file is kept for a person to look at, but not offered to the player.
    await rm(temp, { force: true });
    return { size: await sizeOf(path), seconds: undefined, playable: false };
  }
  await syncFile(temp);
  await rename(temp, path);
  return { size: await sizeOf(path), seconds, playable: true };
}

/** Flushes what ffmpeg wrote of the recording to the disk (fsync acts on the file, not the fd). */
async function syncFile(path: string): Promise<void> {
  const file = await open(path, 'r').catch(() => undefined);
  if (!file) return;
  try {
    await file.datasync();
  } catch {
    // Some file systems refuse fsync on a read-only descriptor; the journal line is what counts.
  } finally {
    await file.close();
  }
}

/** A journal line naming a speaker: `{"speaker":"speaker0","name":"Tanaka"}`. */
const speakerLineSchema = z.object({ speaker: z.string().min(1), name: z.string() });

/** What a session journaled: its finals in order, each once, and the names given its speakers. */
export async function readLiveJournal(path: string): Promise<{
  finals: LiveUtterance[];
  names: Map<string, string>;
}> {
  const text = await readFile(path, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return '';
    throw error;
  });
  const byIndex = new Map<number, LiveUtterance>();
  const names = new Map<string, string>();
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      continue;
    }
    const parsed = liveUtteranceSchema.safeParse(value);
    if (parsed.success && !byIndex.has(parsed.data.index))
      byIndex.set(parsed.data.index, parsed.data);
    const named = speakerLineSchema.safeParse(value);
    // The last name given counts.
    if (named.success) names.set(named.data.speaker, named.data.name);
  }
  return { finals: [...byIndex.values()].sort((a, b) => a.index - b.index), names };
}

/**
 * The finals a session journaled, in order, each once. A line a crash cut short (the last one)
 * is not JSON or not a whole utterance and is skipped.
 */
export async function readFinals(path: string): Promise<LiveUtterance[]> {
  return (await readLiveJournal(path)).finals;
}

/**
 * The names given a session's speakers, as the job's speaker edits, so the viewer
 * and exports show them and the viewer can rename them again. Written once: a job that already
 * has edits (a crash after they were written) keeps them. Whether the job's text is edited.
 */
async function nameSpeakers(
  journal: JobJournal,
  id: string,
  transcript: Transcript,
  names: ReadonlyMap<string, string>,
): Promise<boolean> {
  const ops = [...names]
    .filter(([, name]) => name !== '')
    .map(([label, name]) => renameSpeaker(label, name))
    .filter((op) => applicable(transcript, op));
  if (ops.length === 0) return false;
  let history = await journal.readEdits(id);
  if (history.ops.length === 0)
    for (const op of ops) {
      history = pushEdit(history, op);
      await journal.saveEdit(id, { push: op }, history);
    }
  return editedTranscript(transcript, history).edited === true;
}

/**
 * Stores a session's transcript, then completes its job (a job is never completed without its
 * result), then drops its journal of finals.
 */
async function complete(
  journal: JobJournal,
  job: Job,
  { finals, names }: { finals: readonly LiveUtterance[]; names: ReadonlyMap<string, string> },
  audio: AudioFacts,
  {
    cutOff,
    now,
    dataDir,
    billedSeconds,
  }: { cutOff: boolean; now: number; dataDir: string; billedSeconds?: number },
): Promise<Job> {
  const transcript = transcriptOf(finals);
  const resultFile = await journal.saveResult(job.id, transcript);
  const edited = await nameSpeakers(journal, job.id, transcript, names);
  const lastEnd = Math.max(0, ...finals.map((u) => u.endMs));
  const seconds = audio.seconds ?? (lastEnd > 0 ? lastEnd / 1000 : undefined);
  const file: Job['file'] = { path: job.file.path, name: job.file.name, size: audio.size };
  // Only a recording that plays is offered to the player (core/media/media.ts).
  if (audio.playable) file.container = 'flac';
  const done = await journal.save({
    ...job,
    file,
    status: 'completed',
    resultFile,
    preview: previewOf(transcript.text),
    seconds,
    completedAt: now,
    updatedAt: now,
    cutOff,
    ...(edited && { edited }),
    ...(billedSeconds ? { billedSeconds } : {}),
    error: undefined,
    progress: undefined,
  });
  await rm(finalsPathOf(dataDir, job.id), { force: true });
  return done;
}

export class LiveRecording {
  private readonly finals: LiveUtterance[] = [];
  /** Seconds of audio streamed to the service for this job so far (its session counts them). */
  billedSeconds = 0;
  /** The names given the speakers so far, by label ("" gives the default back). */
  private readonly names = new Map<string, string>();
  /** The journal's lines (finals, names) not yet on disk, in order: they wait for room. */
  private readonly unwritten: string[] = [];
  /** A write of finals failed part way: the next starts on a line of its own. */
  private torn = false;
  /** The disk filled during the session: the job is kept as cut off, even after Stop. */
  private diskWasFull = false;
  private bytes = 0;
  private appends: Promise<unknown> = Promise.resolve();
  private finalsFile: FileHandle | undefined;
  /** Set once the session ended: no more audio or finals. */
  private ended = false;
  private finishing: Promise<Job> | undefined;
  private audioFacts: Promise<AudioFacts> | undefined;
  private readonly now: () => number;

  private constructor(
    private current: Job,
    private readonly encoder: Encoder,
    private readonly deps: LiveRecordingDeps,
    /** The sources kept apart, when asked (deps.apart). */
    private readonly sourcesEncoder: Encoder | undefined,
  ) {
    this.now = deps.now ?? Date.now;
  }

  /**
   * Starts the encoder, then journals the job (so a job is never journaled without a recording
   * under way). ffmpeg missing is `recording-failed` (ffmpeg-missing), and nothing is journaled.
   */
  static async create(deps: LiveRecordingDeps): Promise<LiveRecording> {
    const now = (deps.now ?? Date.now)();
    const id = randomUUID();
    const path = recordingPathOf(deps.dataDir, id);
    await mkdir(join(deps.dataDir, RECORDINGS_DIR), { recursive: true, mode: 0o700 });
    await mkdir(join(deps.dataDir, LIVE_DIR), { recursive: true, mode: 0o700 });
    const encoder = await Encoder.start(deps.ffmpeg ?? 'ffmpeg', path, (error) =>
      deps.onError?.(error),
    );
    let sourcesEncoder: Encoder | undefined;
    if (deps.apart && deps.apart > 1) {
      try {
        sourcesEncoder = await Encoder.start(
          deps.ffmpeg ?? 'ffmpeg',
          sourcesPathOf(deps.dataDir, id),
          (error) => deps.onError?.(error),
          deps.apart,
        );
      } catch (error) {
        await encoder.kill();
        await rm(path, { force: true });
        throw error;
      }
    }
    let d = deps.d;
    if (d === undefined) {
      try {
        d = dOf(deps.connection, 'sync');
      } catch {
        d = '';
      }
    }
    const job: Job = {
      id,
      file: { path, name: recordingName(now), size: 0, container: 'flac' },
      ...(deps.title ? { title: deps.title } : {}),
      ...(deps.program ? { program: deps.program } : {}),
      connection: deps.connection.id,
      params: { d, logging: deps.connection.logging },
      mode: 'live',
      status: 'recognizing',
      createdAt: now,
      startedAt: now,
      updatedAt: now,
    };
    let recording: LiveRecording;
    try {
      recording = new LiveRecording(await deps.journal.save(job), encoder, deps, sourcesEncoder);
    } catch (error) {
      await encoder.kill();
      await sourcesEncoder?.kill();
      await rm(path, { force: true });
      await rm(sourcesPathOf(deps.dataDir, id), { force: true });
      throw error;
    }
    deps.emit?.(recording.current);
    return recording;
  }

  /** The job as it stands (completed once `finish` resolves). */
  get job(): Job {
    return this.current;
  }

  /** Milliseconds of audio taken so far: the clock that finals' times are measured on. */
  get recordedMs(): number {
    return Math.floor(this.bytes / BYTES_PER_MS);
  }

  /** Audio written but not yet taken by ffmpeg, in bytes (at most the bound). */
  get queuedBytes(): number {
    return this.encoder.queued;
  }

  /** ffmpeg's process id (for tests that stop it to see the queue's bound hold). */
  get encoderPid(): number | undefined {
    return this.encoder.child.pid;
  }

  /** The sources' ffmpeg's process id, when they are kept apart (for tests, as encoderPid). */
  get sourcesEncoderPid(): number | undefined {
    return this.sourcesEncoder?.child.pid;
  }

  /** Why recording stopped, when it did (the job still completes with what was recorded). */
  get error(): AppError | undefined {
    return this.encoder.failure;
  }

  /**
   * Takes the next chunk of LSB16K audio, in order. Throws `recording-failed` once ffmpeg has
   * died or fallen more than the bound behind (the chunk is then not recorded).
   */
  writeAudio(pcm: Uint8Array): void {
    if (this.ended) throw new Error('audio after the recording was finished');
    if (pcm.length % LIVE_AUDIO.bytesPerSample !== 0)
      throw new AppFailure(appError('invalid-input', {}, 'LSB16K audio has whole 2-byte samples'));
    if (this.encoder.failure) throw new AppFailure(this.encoder.failure);
    if (this.encoder.queued + pcm.length > (this.deps.maxQueuedBytes ?? MAX_QUEUED_BYTES)) {
      this.encoder.fail('too-slow');
      throw new AppFailure(this.encoder.failure!);
    }
    this.encoder.write(pcm);
    this.bytes += pcm.length;
  }

  /**
   * Takes the next chunk of the sources kept apart (interleaved, deps.apart channels), in step
   * with writeAudio. Never throws: once their encoder failed or fell behind (said through
   * onError), the sources stop being written and the mix goes on.
   */
  writeSources(pcm: Uint8Array): void {
    const encoder = this.sourcesEncoder;
    if (!encoder || this.ended || encoder.failure) return;
    const bound = (this.deps.maxQueuedBytes ?? MAX_QUEUED_BYTES) * (this.deps.apart ?? 1);
    if (encoder.queued + pcm.length > bound) return encoder.fail('too-slow');
    encoder.write(pcm);
  }

  /** Whether the disk filled during the session (what could not be written waits in memory). */
  get diskFull(): boolean {
    return this.diskWasFull || this.encoder.failure?.code === 'live-disk-full';
  }

  /**
   * Journals a final result before it resolves: appended and synced (with the audio ffmpeg wrote
   * so far), then the job's preview is updated and shown. Finals are written in the order they
   * are given. On a full disk the final is kept in memory and this rejects with
   * `live-disk-full`; it is written with the next final that finds room, or when the session
   * ends, and is in the transcript either way.
   */
  async addFinal(utterance: LiveUtterance): Promise<void> {
    if (this.ended) throw new Error('a final after the recording was finished');
    const final = liveUtteranceSchema.parse(utterance);
    this.finals.push(final);
    this.unwritten.push(`${JSON.stringify(final)}\n`);
    const write = this.appends.then(() => this.writeFinals());
    this.appends = write.catch(() => undefined);
    try {
      await write;
    } finally {
      if (this.deps.journal.get(this.current.id)) {
        const text = transcriptOf(this.finals).text;
        // Shown at once; written with the job when it completes (the finals are already on disk).
        this.current = this.deps.journal.hold({
          ...this.current,
          preview: previewOf(text),
          updatedAt: this.now(),
        });
        this.deps.emit?.(this.current);
      }
    }
  }

  /**
   * Keeps the name a person gave a speaker: journaled beside the finals, as they
   * are (on a full disk it waits in memory), and given to the job as a speaker's edit when it
   * completes, so the viewer and exports show it. Once the session is ending, the name goes to
   * the completed job's edits instead.
   */
  async nameSpeaker(label: string, name: string): Promise<void> {
    const given = name.trim();
    if (this.finishing) {
      // (One a full disk kept from being saved keeps the name with its finals, as before.)
      const job = await this.finishing.catch(() => undefined);
      if (job) {
        await this.deps.rename?.(job.id, renameSpeaker(label, given));
        return;
      }
    }
    this.names.set(label, given);
    this.unwritten.push(`${JSON.stringify({ speaker: label, name: given })}\n`);
    const write = this.appends.then(() => this.writeFinals());
    this.appends = write.catch(() => undefined);
    await write;
  }

  /** Appends the journal's lines not yet on disk (finals, names), in order, and syncs them. */
  private async writeFinals(): Promise<void> {
    // A job removed while recording leaves nothing behind.
    if (!this.deps.journal.get(this.current.id)) return;
    const count = this.unwritten.length;
    if (count === 0) return;
    const lines = this.unwritten.slice(0, count).join('');
    // After a torn write the new lines start afresh; readFinals skips the torn one.
    const text = Buffer.from(`${this.torn ? '\n' : ''}${lines}`);
    try {
      this.finalsFile ??= await open(finalsPathOf(this.deps.dataDir, this.current.id), 'a', 0o600);
      const { bytesWritten } = await this.finalsFile.write(text);
      // A short write is the disk filling part way through (caught below, as ENOSPC).
      if (bytesWritten < text.length)
        throw Object.assign(new Error('a short write'), { code: 'ENOSPC' });
      this.torn = false;
      await this.finalsFile.datasync();
    } catch (error) {
      if (!isDiskFull(error)) throw error;
      // Part of a line may have reached the disk.
      this.torn = true;
      this.diskWasFull = true;
      throw new AppFailure(liveDiskFull(this.deps.dataDir, (error as Error).message));
    }
    this.unwritten.splice(0, count);
    await syncFile(this.current.file.path);
  }

  /**
   * Ends the recording: ffmpeg writes the end of the file (a recording it could not finish is
   * repaired), the transcript is stored, and the job completes (`cutOff` when the session ended
   * without Stop). Calling it again gives the same job. A job removed meanwhile rejects with
   * JobRemoved and leaves no file.
   */
  finish(options: { cutOff?: boolean } = {}): Promise<Job> {
    this.ended = true;
    this.finishing ??= this.complete(options.cutOff ?? false).catch((error: unknown) => {
      // A full disk: everything is still in memory, and a later call tries again.
      if (isDiskFull(error)) this.finishing = undefined;
      throw error;
    });
    return this.finishing;
  }

  private async complete(cutOff: boolean): Promise<Job> {
    this.audioFacts ??= this.closeAudio();
    let audio = await this.audioFacts;
    if (!audio.playable && this.diskFull && audio.size > 0) {
      // The repair needed room the disk did not have: tried again now.
      this.audioFacts = repairRecording(this.current.file.path).catch(() => audio);
      audio = await this.audioFacts;
    }
    if (!this.deps.journal.get(this.current.id)) return this.removed();
    try {
      const session = { finals: this.finals, names: this.names };
      this.current = await complete(this.deps.journal, this.current, session, audio, {
        cutOff: cutOff || this.diskFull,
        now: this.now(),
        dataDir: this.deps.dataDir,
        billedSeconds: this.billedSeconds,
      });
    } catch (error) {
      if (error instanceof JobRemoved) return this.removed();
      if (isDiskFull(error)) {
        this.diskWasFull = true;
        // What the journal of finals lacks is written if it can be, for the next start's recovery.
        await this.writeFinals().catch(() => undefined);
        throw new AppFailure(liveDiskFull(this.deps.dataDir, (error as Error).message));
      }
      await this.finalsFile?.close().catch(() => undefined);
      throw error;
    }
    await this.finalsFile?.close().catch(() => undefined);
    this.deps.emit?.(this.current);
    return this.current;
  }

  /** Lets ffmpeg finish (or repairs what it left); the finals' journal is written as it can be. */
  private async closeAudio(): Promise<AudioFacts> {
    const sources = this.closeSources();
    const finished = await this.encoder.close();
    await sources;
    await this.appends;
    await this.writeFinals().catch(() => undefined);
    const path = this.current.file.path;
    return finished
      ? this.finishedAudio(path)
      : repairRecording(path).catch(() => ({ size: 0, seconds: undefined, playable: false }));
  }

  /** Lets the sources' ffmpeg finish, or repairs what it left. */
  private async closeSources(): Promise<void> {
    if (!this.sourcesEncoder) return;
    const finished = await this.sourcesEncoder.close();
    if (!finished)
      await repairRecording(sourcesPathOf(this.deps.dataDir, this.current.id)).catch(
        () => undefined,
      );
  }

  private async finishedAudio(path: string): Promise<AudioFacts> {
    const size = await sizeOf(path);
    const seconds = this.recordedMs > 0 ? this.recordedMs / 1000 : undefined;
    // ffmpeg writes a header even for no audio: nothing to play.
    return { size, seconds, playable: seconds !== undefined && size > 0 };
  }

  private async removed(): Promise<never> {
    await rm(this.current.file.path, { force: true });
    await rm(sourcesPathOf(this.deps.dataDir, this.current.id), { force: true });
    await rm(finalsPathOf(this.deps.dataDir, this.current.id), { force: true });
    throw new JobRemoved(this.current.id);
  }

  /**
   * Drops the session: ffmpeg is stopped and the job removed with its recording and finals
   * (a session that recorded nothing worth keeping). The caller announces the removal.
   */
  async discard(): Promise<void> {
    this.ended = true;
    this.finishing ??= (async () => {
      await this.encoder.kill();
      await this.sourcesEncoder?.kill();
      await this.appends;
      await this.finalsFile?.close().catch(() => undefined);
      await this.deps.journal.remove(this.current.id);
      return this.removed();
    })();
    await this.finishing.catch((error: unknown) => {
      if (!(error instanceof JobRemoved)) throw error;
    });
  }
}

/**
 * At start, before jobs are listed or resumed: each live job still `recognizing` belonged to an
 * app that died during its session. It is completed, cut off, from the finals it journaled and
 * the audio that reached the disk (repaired so it plays and says its length). A job that cannot
 * be completed now (a full disk) stays as it is and is tried again at the next start. Recordings
 * and finals no job owns (a crash while a job was removed) are deleted.
 */
export async function recoverLiveJobs(deps: {
  readonly dataDir: string;
  readonly journal: JobJournal;
  readonly emit?: (job: Job) => void;
  readonly now?: () => number;
}): Promise<Job[]> {
  const now = deps.now ?? Date.now;
  const recovered: Job[] = [];
  for (const job of deps.journal.list()) {
    if (job.mode !== 'live' || job.status === 'completed' || job.status === 'failed') continue;
    try {
      const journaled = await readLiveJournal(finalsPathOf(deps.dataDir, job.id));
      const audio = await repairRecording(job.file.path);
      // The sources kept apart, if the session kept them, are made whole the same way.
      const sources = sourcesPathOf(deps.dataDir, job.id);
      if (
        await stat(sources).then(
          () => true,
          () => false,
        )
      )
        // Never in the way of the job's own recovery.
        await repairRecording(sources).catch(() => undefined);
      const done = await complete(deps.journal, job, journaled, audio, {
        cutOff: true,
        now: now(),
        dataDir: deps.dataDir,
      });
      deps.emit?.(done);
      recovered.push(done);
    } catch {
      // Left recognizing: the runner never resumes a live job, and the next start tries again.
    }
  }
  // Tidying is not worth failing a start over (a folder that cannot be written says so elsewhere).
  await dropOrphans(deps.dataDir).catch(() => undefined);
  return recovered;
}

/**
 * Deletes recordings and finals whose job is gone. Any file in the jobs folder keeps its id's
 * files: a job set aside as damaged, or written by a newer Kikitori, may still be recovered.
 */
async function dropOrphans(dataDir: string): Promise<void> {
  const names = await readdir(join(dataDir, 'jobs')).catch(() => [] as string[]);
  const owned = new Set(names.map((name) => name.split('.')[0]!));
  for (const dir of [RECORDINGS_DIR, LIVE_DIR]) {
    for (const name of await readdir(join(dataDir, dir)).catch(() => [] as string[])) {
      // `<id>.flac`, `<id>.jsonl`, or a repair's `.<id>.flac.<hex>.repair.flac` a crash left.
      const id = name.replace(/^\./, '').split('.')[0]!;
      if (!owned.has(id) || name.endsWith('.repair.flac'))
        await rm(join(dataDir, dir, name), { force: true });
    }
  }
}
