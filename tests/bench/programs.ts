/**
 * Kikitori for other programs, for `npm run bench -- --programs` (never asserted in tests):
 *
 *   (p1) OpenAI's client transcribing the 5 s clip through the app's OpenAI-compatible endpoint
 *        / the app's own sync time for it (transcribe:files until completed)   goal <= +0.1 s
 *   (p2) `search_transcripts` over 10,000 transcripts of 1,000 words, through `kikitori mcp`
 *        (the MCP SDK's client over stdio), p95 of a set of queries         goal <= 100 ms
 *
 * `npm run bench -- --programs --programs-mcp` runs (p2) alone. Both run the real thing: browser mode with the real local service, the package's bin.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import OpenAI, { toFile } from 'openai';
import { removeDir, tempDir } from '../support/service-process';
import { until } from '../support/until';
import { startWebHostProcess } from '../support/web-host-process';
import { fiveSecondClip } from './clip';
import { seed } from './search';

type Line = (label: string, value: string, goal: string, ok: boolean) => void;

const NO_KEYCHAIN = { DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/bus' };
const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))]!;

async function endpointOverhead(work: string, line: Line): Promise<void> {
  const clip = await fiveSecondClip(work);
  const bytes = await readFile(clip);
  const dataDir = join(work, 'app');
  const app = await startWebHostProcess(dataDir, NO_KEYCHAIN);
  try {
    const { key } = await app.call<{ key: string }>('programs:create', { name: 'bench' });
    const instance = JSON.parse(await readFile(join(dataDir, 'instance.json'), 'utf8')) as {
      data: { openaiBaseUrl: string };
    };
    const client = new OpenAI({ apiKey: key, baseURL: instance.data.openaiBaseUrl, maxRetries: 0 });
    const appTimes: number[] = [];
    const endpointTimes: number[] = [];
    for (let i = 0; i < 7; i++) {
      const start = performance.now();
      const made = await app.call<{ jobs: { id: string }[] }>('transcribe:files', {
        paths: [clip],
      });
      const id = made.jobs[0]!.id;
      await until(
        () => app.call<{ job: { status: string } }>('jobs:get', { id }),
        (got) => got.job.status === 'completed' || got.job.status === 'failed',
        { everyMs: 5 },
      );
      appTimes.push((performance.now() - start) / 1000);
      const asked = performance.now();
      await client.audio.transcriptions.create({
        file: await toFile(bytes, 'clip5s.wav'),
        model: 'local',
      });
      endpointTimes.push((performance.now() - asked) / 1000);
    }
    const sync = median(appTimes);
    const endpoint = median(endpointTimes);
    line(
      `(p1) endpoint, 5 s clip ${endpoint.toFixed(2)} s / the app's sync ${sync.toFixed(2)} s`,
      `${endpoint - sync >= 0 ? '+' : ''}${(endpoint - sync).toFixed(2)} s`,
      '<= +0.1 s',
      endpoint - sync <= 0.1,
    );
  } finally {
    await app.stop();
  }
}

async function mcpSearch(work: string, line: Line): Promise<void> {
  const dataDir = join(work, 'many');
  await seed(dataDir);
  const client = new Client({ name: 'kikitori-bench', version: '1.0.0' });
  await client.connect(
    new StdioClientTransport({
      command: process.execPath,
      args: ['scripts/kikitori.mjs', '--data', dataDir, 'mcp'],
      env: { ...(process.env as Record<string, string>), ...NO_KEYCHAIN, LANG: 'C.UTF-8' },
      stderr: 'ignore',
    }),
  );
  try {
    const search = async (query: string) =>
      (await client.callTool({ name: 'search_transcripts', arguments: { query } }))
        .structuredContent as { complete: boolean; hits: unknown[] };
    // The index is made from the journal at the first open: wait until it is.
    await until(
      () => search('the'),
      (found) => found.complete,
      {
        timeoutMs: 30 * 60_000,
        everyMs: 2_000,
      },
    );
    const queries = [
      'the',
      'people',
      'great old',
      'interesting',
      'zzqx',
      '会議',
      '今日の会議',
      '確認 資料',
    ];
    const times: number[] = [];
    for (let round = 0; round < 5; round++)
      for (const query of queries) {
        const start = performance.now();
        await search(query);
        times.push(performance.now() - start);
      }
    const p95 = percentile(times, 0.95);
    console.log(
      `  per query (ms): ${queries
        .map(
          (q, i) =>
            `${q} ${times
              .filter((_, k) => k % queries.length === i)
              .map((t) => t.toFixed(0))
              .join('/')}`,
        )
        .join(', ')}`,
    );
    line(
      `(p2) search_transcripts over 10,000 transcripts via MCP, p95 (median ${median(times).toFixed(0)} ms)`,
      `${p95.toFixed(0)} ms`,
      '<= 100 ms',
      p95 <= 100,
    );
  } finally {
    await client.close();
  }
}

export async function programsBench(line: Line): Promise<void> {
  console.log('Kikitori for other programs benchmarks\n');
  const work = await tempDir('kikitori-bench-programs-');
  try {
    // `--programs-mcp`: (p2) alone.
    if (!process.argv.includes('--programs-mcp')) await endpointOverhead(work, line);
    await mcpSearch(work, line);
  } finally {
    await removeDir(work);
  }
}
