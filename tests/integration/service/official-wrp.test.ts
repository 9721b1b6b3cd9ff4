/**
 * The official Python Wrp clients (advanced-media-inc/amivoice-api-client-library, `Wrp/python`)
 * against the local service, unchanged. The library carries no licence to copy it, so it is not
 * in this repository and this file runs only when given a checkout:
 *
 *   KIKITORI_OFFICIAL_WRP=<checkout>/Wrp/python npx vitest run tests/integration/service/official-realtime-protocol.test.ts
 *
 * Without it nothing here runs (and nothing is counted); the suite's own Wrp-like client
 * (tests/support/wrp-client.ts, raw-websocket.ts) reproduces these clients' wire habits in every
 * run.
 */
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { LOCAL_ENGINE } from '../../../shared/api';
import { DEFAULT_FIXTURES_DIR, loadFixtures } from '../../fixtures/build';
import { useService } from '../../support/hooks';
import { corpusWordErrorRate } from '../../support/wer';

const run = promisify(execFile);
const official = process.env.KIKITORI_OFFICIAL_WRP;

describe.runIf(official !== undefined && official !== '')('the official Python Wrp clients', () => {
  const service = useService();
  const python = (args: string[]) =>
    run('python3', args, {
      cwd: official,
      env: { ...process.env, PYTHONPATH: 'src' },
      timeout: 120_000,
    });

  it('WrpSimpleTester.py gets the words of every LibriVox clip', async () => {
    const clips = (await loadFixtures()).fixtures.filter((f) => f.kind === 'librivox');
    const pairs: Array<{ reference: string; hypothesis: string }> = [];
    for (const clip of clips) {
      const { stdout } = await python([
        'WrpSimpleTester.py',
        `${service.url.replace(/^http/, 'ws')}/v1/`,
        join(DEFAULT_FIXTURES_DIR, clip.path),
        '16K',
        LOCAL_ENGINE,
        service.key,
      ]);
      const texts = stdout
        .split('\n')
        .flatMap((line) => (line.startsWith(' -> ') ? [line.slice(4)] : []));
      expect(texts.length, stdout).toBeGreaterThan(0);
      pairs.push({ reference: clip.text ?? '', hypothesis: texts.join(' ') });
    }
    // PocketSphinx on these clips: 0.28 by sync recognition.
    expect(corpusWordErrorRate(pairs).wer).toBeLessThanOrEqual(0.35);
  });

  it('WrpTester.py paced at real time, every parameter set, two files on one connection', async () => {
    const clips = (await loadFixtures()).fixtures.filter((f) => f.kind === 'librivox').slice(0, 2);
    const { stdout } = await python([
      'WrpTester.py',
      `g=${LOCAL_ENGINE}`,
      `u=${service.key}`,
      'c=16K',
      'w=YOUNG-MAN young_man',
      'of=1',
      'oi=300',
      'oe=test',
      'r=json',
      '-e',
      '-v',
      `${service.url.replace(/^http/, 'ws')}/v1/nolog/`,
      ...clips.map((clip) => join(DEFAULT_FIXTURES_DIR, clip.path)),
    ]);
    expect(stdout).toMatch(/^S \d+$/m);
    expect(stdout).toMatch(/^C$/m);
    expect(stdout).toMatch(/^E \d+$/m);
    expect(stdout).toMatch(/^F \{"results"/m);
    expect(stdout).not.toMatch(/ERROR: (?!caught exception \(\[Errno 9\] Bad file descriptor\))/);
  });
});
