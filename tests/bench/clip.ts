/** The benches' 5 s clip of read speech: the first 5 s of one LibriVox fixture, made with sox. */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { DEFAULT_FIXTURES_DIR } from '../fixtures/build';

export async function fiveSecondClip(dir: string): Promise<string> {
  const clip = join(dir, 'clip5s.wav');
  await promisify(execFile)('sox', [
    '-R',
    join(DEFAULT_FIXTURES_DIR, 'librivox/sense_and_sensibility_01_austen_64kb-0920.wav'),
    clip,
    'trim',
    '0',
    '5',
  ]);
  return clip;
}
