/**
 * Where a packaged app's local service finds its engine: the worker and the English model that
 * electron-builder ships as resources/engine (scripts/build-service.mjs builds them). Free of
 * Electron at run time, so tests can run the bundled service with exactly this environment.
 */
import { join } from 'node:path';

export function packagedServiceEnv(
  resourcesPath: string,
  platform: NodeJS.Platform = process.platform,
): Record<string, string> {
  const engine = join(resourcesPath, 'engine');
  return {
    KIKITORI_PS_WORKER: join(engine, platform === 'win32' ? 'ps-worker.exe' : 'ps-worker'),
    KIKITORI_PS_MODEL_DIR: join(engine, 'model', 'en-us'),
  };
}
