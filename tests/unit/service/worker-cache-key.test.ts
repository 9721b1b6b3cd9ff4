import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import {
  workerCacheKey,
  type WorkerBuildInputs,
} from '../../../service/engine/pocketsphinx/build-worker';

const base: WorkerBuildInputs = {
  source: new TextEncoder().encode('int main(void) { return 0; }'),
  compilerArgs: ['-O2', '-Wall', '-lpocketsphinx'],
  compilerVersion: 'cc (Debian 12.2.0-14) 12.2.0',
  libraryVersion: '5prealpha\n5prealpha\n',
  platform: 'linux-x64',
};

describe('the PocketSphinx worker cache key', () => {
  it('is stable for the same inputs', () => {
    expect(workerCacheKey({ ...base })).toBe(workerCacheKey(base));
  });

  it.each<[string, Partial<WorkerBuildInputs>]>([
    ['source', { source: new TextEncoder().encode('int main(void) { return 1; }') }],
    ['compiler flags', { compilerArgs: ['-O0', '-Wall', '-lpocketsphinx'] }],
    ['compiler version', { compilerVersion: 'cc (Debian 13.1.0) 13.1.0' }],
    ['library version', { libraryVersion: '5.0.0\n' }],
    ['platform', { platform: 'linux-arm64' }],
  ])('changes with the %s', (_, change) => {
    expect(workerCacheKey({ ...base, ...change })).not.toBe(workerCacheKey(base));
  });

  it('does not confuse a boundary between two inputs', () => {
    expect(workerCacheKey({ ...base, compilerArgs: ['-O2', '-Wall'] })).not.toBe(
      workerCacheKey({ ...base, compilerArgs: ['-O2-Wall'] }),
    );
  });

  it('git tracks no built worker', () => {
    const tracked = execFileSync('git', ['ls-files', 'service/engine/pocketsphinx/native'], {
      encoding: 'utf8',
    });
    expect(tracked.split('\n').filter((line) => line.includes('.build/'))).toEqual([]);
    const ignored = execFileSync(
      'git',
      ['check-ignore', 'service/engine/pocketsphinx/native/.build/ps-worker-x'],
      { encoding: 'utf8' },
    );
    expect(ignored.trim()).toBe('service/engine/pocketsphinx/native/.build/ps-worker-x');
  });
});
