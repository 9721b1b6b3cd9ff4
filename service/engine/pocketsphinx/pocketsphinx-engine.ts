/** CMU PocketSphinx, US English (`-a-general-en`), as a pool of warm worker processes. */
import { availableParallelism } from 'node:os';
import { LOCAL_ENGINE } from '../../../shared/api';
import type { Engine, EngineResult } from '../engine';
import { workerBinary } from './build-worker';
import { WorkerPool } from './worker-pool';

export class PocketSphinxEngine implements Engine {
  readonly name = LOCAL_ENGINE;
  readonly language = 'en';

  private constructor(readonly pool: WorkerPool) {}

  /** Builds the worker if needed and loads the model in `workers` processes (one per core). */
  static async start(workers = availableParallelism()): Promise<PocketSphinxEngine> {
    const binary = await workerBinary();
    return new PocketSphinxEngine(await WorkerPool.start(binary, Math.max(1, workers)));
  }

  recognize(pcm: Int16Array): Promise<EngineResult> {
    return this.pool.recognize(pcm);
  }

  close(): Promise<void> {
    return this.pool.close();
  }
}
