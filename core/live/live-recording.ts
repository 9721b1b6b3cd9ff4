/**
 * A live session kept as a job (docs/architecture.md §4, "Live"): the job is journaled when the
 * session starts (mode `live`, status `recognizing`), the audio is encoded to FLAC by ffmpeg as
 * it arrives (never held whole in memory: only a bounded queue while ffmpeg catches up,
 * live-encoder.ts), and each final result is appended to `<data>/live/<id>.jsonl` and synced to
 * disk before it is acknowledged (live-journal.ts); so is each name a person gives a speaker
 * (`nameSpeaker`), which the job keeps as a speaker's edit. `finish` stores the transcript and
 * completes the job (live-completion.ts); a session whose app died is completed at the next start
 * by `recoverLiveJobs`, from that file and the audio that reached the disk, and marked `cutOff`.
 * On a full disk (`live-disk-full`) the finals wait in memory and are written when there is room;
 * `finish` then rejects and may be called again until it can store the job, cut off.
 *
 * Why FLAC and a repair on recovery rather than Ogg/Opus: FLAC is lossless (the recording is the
 * reference a person checks the transcript against, and a file the service takes as it is),
 * while Ogg/Opus is lossy; what a crash leaves is made whole (recording-files.ts).
 *
 * With the sources kept apart, each source is a channel of a second FLAC, by its index in
 * `start`'s sources (source-frames.ts): the recording never asks what kind a source is.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Connection } from '../../shared/domain/connection';
import { AppFailure, appError, type AppError } from '../../shared/domain/errors';
import type { EditOp } from '../../shared/domain/edits';
import { renameSpeaker } from '../../shared/domain/edits';
import type { Job } from '../../shared/domain/job';
import { LIVE_AUDIO, liveUtteranceSchema, type LiveUtterance } from '../../shared/ipc/live';
import { JobRemoved, LIVE_DIR, RECORDINGS_DIR, type JobJournal } from '../jobs/job-journal';
import { dOf } from '../jobs/request-d';
import { previewOf } from '../jobs/preview';
import { complete, transcriptOf } from './live-completion';
import { BYTES_PER_MS, Encoder, isDiskFull, liveDiskFull, MAX_QUEUED_BYTES } from './live-encoder';
import { FinalsWriter } from './live-journal';
import {
  finalsPathOf,
  recordingName,
  recordingPathOf,
  repairRecording,
  sizeOf,
  sourcesPathOf,
  type AudioFacts,
} from './recording-files';

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

export class LiveRecording {
  private readonly finals: LiveUtterance[] = [];
  /** Seconds of audio streamed to the service for this job so far (its session counts them). */
  billedSeconds = 0;
  /** The names given the speakers so far, by label ("" gives the default back). */
  private readonly names = new Map<string, string>();
  /** The disk filled during the session: the job is kept as cut off, even after Stop. */
  private diskWasFull = false;
  private bytes = 0;
  /** The journal of finals and names (live-journal.ts). */
  private readonly lines: FinalsWriter;
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
    this.lines = new FinalsWriter({
      path: finalsPathOf(deps.dataDir, current.id),
      dataDir: deps.dataDir,
      recording: current.file.path,
      kept: () => deps.journal.get(current.id) !== undefined,
    });
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
    return (
      this.diskWasFull || this.lines.diskWasFull || this.encoder.failure?.code === 'live-disk-full'
    );
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
    try {
      await this.lines.append(final);
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
    await this.lines.append({ speaker: label, name: given });
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
        await this.lines.write().catch(() => undefined);
        throw new AppFailure(liveDiskFull(this.deps.dataDir, (error as Error).message));
      }
      await this.lines.close();
      throw error;
    }
    await this.lines.close();
    this.deps.emit?.(this.current);
    return this.current;
  }

  /** Lets ffmpeg finish (or repairs what it left); the finals' journal is written as it can be. */
  private async closeAudio(): Promise<AudioFacts> {
    const sources = this.closeSources();
    const finished = await this.encoder.close();
    await sources;
    await this.lines.settled();
    await this.lines.write().catch(() => undefined);
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
    await this.lines.close();
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
      await this.lines.settled();
      await this.lines.close();
      await this.deps.journal.remove(this.current.id);
      return this.removed();
    })();
    await this.finishing.catch((error: unknown) => {
      if (!(error instanceof JobRemoved)) throw error;
    });
  }
}
