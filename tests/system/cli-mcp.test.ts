/**
 * `kikitori mcp` as an assistant runs it: the official MCP SDK's own client starts the package's
 * bin over stdio on a data folder holding a finished job (the recorded cloud answer with speaker
 * labels), lists the tools, searches, gets a transcript and reads it as a resource; transcribe_file
 * is refused without --allow-transcribe and outside the allowed folders, and with both it
 * transcribes a fixture with the real local service, as a job marked as the MCP client's.
 */
import { copyFile, mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JobJournal } from '../../core/jobs/job-journal';
import { DEFAULT_FIXTURES_DIR } from '../fixtures/build';
import { DIARIZED } from '../support/diarized';
import { removeDir, tempDir } from '../support/service-process';

const NO_KEYCHAIN = { DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/bus' };
const CLIP = join(DEFAULT_FIXTURES_DIR, 'librivox/sense_and_sensibility_01_austen_64kb-0930.wav');
const ID = 'meeting-0001';

let dataDir: string;
let work: string;
const clients: Client[] = [];

async function mcp(...args: string[]): Promise<Client> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: ['scripts/kikitori.mjs', '--data', dataDir, 'mcp', ...args],
    env: { ...(process.env as Record<string, string>), ...NO_KEYCHAIN, LANG: 'C.UTF-8' },
    stderr: 'pipe',
  });
  const client = new Client({ name: 'kikitori-test', version: '1.0.0' });
  await client.connect(transport);
  clients.push(client);
  return client;
}

const textOf = (result: Awaited<ReturnType<Client['callTool']>>) =>
  (result.content as { type: string; text?: string }[])
    .filter((c) => c.type === 'text')
    .map((c) => c.text)
    .join('\n');

beforeAll(async () => {
  dataDir = await tempDir('kikitori-mcp-data-');
  work = await tempDir('kikitori-mcp-');
  const journal = await JobJournal.open(dataDir);
  const resultFile = await journal.saveResult(ID, DIARIZED);
  await journal.save({
    id: ID,
    file: { path: '/nowhere/meeting.wav', name: 'meeting.wav', size: 306_980 },
    connection: 'cloud',
    params: { d: 'grammarFileNames=-a-general', logging: true },
    mode: 'async',
    status: 'completed',
    createdAt: Date.UTC(2026, 10, 22, 9),
    updatedAt: Date.UTC(2026, 10, 22, 9),
    completedAt: Date.UTC(2026, 10, 22, 9),
    resultFile,
  });
  await journal.close();
});
afterAll(async () => {
  for (const client of clients) await client.close();
  await removeDir(dataDir);
  await removeDir(work);
});

describe('kikitori mcp, read-only', () => {
  let client: Client;
  beforeAll(async () => {
    client = await mcp();
  });

  it('lists its four tools and each transcript as a resource', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual([
      'get_transcript',
      'list_jobs',
      'search_transcripts',
      'transcribe_file',
    ]);
    const { resources } = await client.listResources();
    expect(resources).toEqual([
      expect.objectContaining({ uri: `kikitori://jobs/${ID}`, name: 'meeting.wav' }),
    ]);
  });

  it('finds a passage with the time it begins', async () => {
    const result = await client.callTool({
      name: 'search_transcripts',
      arguments: { query: 'welcome' },
    });
    expect(result.isError).toBeFalsy();
    const found = result.structuredContent as {
      hits: { job: string; passages: { text: string; start?: number }[] }[];
    };
    expect(found.hits).toHaveLength(1);
    expect(found.hits[0]!.job).toBe(ID);
    expect(found.hits[0]!.passages[0]).toMatchObject({ start: 2.6 });
    expect(found.hits[0]!.passages[0]!.text).toContain('Welcome');
  });

  it('gets a transcript with times and speakers, in any format, and as its resource', async () => {
    const txt = textOf(await client.callTool({ name: 'get_transcript', arguments: { job: ID } }));
    expect(txt).toMatch(/Speaker 1/);
    expect(txt).toMatch(/Speaker 2/);
    expect(txt).toContain('Good morning.');
    const srt = textOf(
      await client.callTool({ name: 'get_transcript', arguments: { job: ID, format: 'srt' } }),
    );
    expect(srt).toMatch(/^1\r?\n00:00:00,570 --> /);
    const resource = await client.readResource({ uri: `kikitori://jobs/${ID}` });
    expect((resource.contents[0] as { text: string }).text).toBe(txt);
    const jobs = await client.callTool({
      name: 'list_jobs',
      arguments: { status: 'completed' },
    });
    expect((jobs.structuredContent as { jobs: { id: string }[] }).jobs.map((j) => j.id)).toEqual([
      ID,
    ]);
  });

  it('refuses transcribe_file without --allow-transcribe', async () => {
    const result = await client.callTool({
      name: 'transcribe_file',
      arguments: { path: CLIP },
    });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toContain('--allow-transcribe');
  });
});

describe('kikitori mcp --allow-transcribe --allow DIR', () => {
  it('refuses a file outside the allowed folders, and transcribes one inside', async () => {
    // The read-only server held the data folder; this one opens the core with the local service.
    for (const open of clients.splice(0)) await open.close();
    const allowed = join(work, 'allowed');
    await mkdir(allowed);
    await copyFile(CLIP, join(allowed, 'clip.wav'));
    const client = await mcp('--allow-transcribe', '--allow', allowed);
    const outside = await client.callTool({ name: 'transcribe_file', arguments: { path: CLIP } });
    expect(outside.isError).toBe(true);
    expect(textOf(outside)).toContain('not inside a folder allowed for programs');
    const inside = await client.callTool(
      { name: 'transcribe_file', arguments: { path: join(allowed, 'clip.wav') } },
      undefined,
      { timeout: 120_000 },
    );
    expect(inside.isError).toBeFalsy();
    expect(textOf(inside)).toMatch(/\b(might|made|amiable|himself)\b/i);
    const jobs = await client.callTool({ name: 'list_jobs', arguments: {} });
    const listed = (jobs.structuredContent as { jobs: { name: string; program?: string }[] }).jobs;
    expect(listed.find((j) => j.name === 'clip.wav')).toMatchObject({ program: 'MCP' });
  }, 180_000);
});
