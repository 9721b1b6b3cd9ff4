/** CMU PocketSphinx, US English (`-a-general-en`), as a pool of warm worker processes. */
import { availableParallelism } from 'node:os';
import { LOCAL_ENGINE } from '../../../shared/api';
import type { Engine, EngineResult, EngineStream, StreamOptions } from '../engine';
import { decodingDictionary, workerBinary } from './build-worker';
import { type PoolOptions, WorkerPool } from './worker-pool';

/** The most decoders the pool may run at once (live streams beyond one per core). */
function maxDecodersFromEnv(): number | undefined {
  const value = Number(process.env.KIKITORI_SERVICE_MAX_DECODERS);
  return Number.isInteger(value) && value > 0 ? value : undefined;
}

export class PocketSphinxEngine implements Engine {
  readonly name = LOCAL_ENGINE;
  readonly language = 'en';

  private constructor(readonly pool: WorkerPool) {}

  /**
   * Builds the worker if needed and loads the model in one process, kept warm; up to `workers`
   * batch requests run at once (one per core) on processes started as they need them, and live
   * streams may take more, up to `KIKITORI_SERVICE_MAX_DECODERS` (16).
   */
  static async start(
    workers = availableParallelism(),
    options: PoolOptions = {},
  ): Promise<PocketSphinxEngine> {
    const binary = await workerBinary();
    return new PocketSphinxEngine(
      await WorkerPool.start(binary, Math.max(1, workers), {
        maxDecoders: maxDecodersFromEnv(),
        dictionary: await decodingDictionary(binary),
        ...options,
      }),
    );
  }

  recognize(pcm: Int16Array): Promise<EngineResult> {
    return this.pool.recognize(pcm);
  }

  openStream(options?: StreamOptions): Promise<EngineStream> {
    return this.pool.openStream(options);
  }

  close(): Promise<void> {
    return this.pool.close();
  }
}
