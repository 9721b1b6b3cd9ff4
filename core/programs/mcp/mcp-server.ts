/**
 * Kikitori's transcripts for a person's own assistant, over the Model Context Protocol (the
 * official SDK, `@modelcontextprotocol/sdk`): `kikitori mcp` serves it on stdio, on the link
 * every command holds (the running app's core, or one opened for it), so its jobs are the
 * window's. Tools: `search_transcripts` (passages and their times), `get_transcript` (any export
 * format), `list_jobs`, and `transcribe_file`, which is refused unless the server was started with
 * `--allow-transcribe`, and then only for files inside the folders allowed in Settings → Programs
 * or with `--allow`. Each finished job is also a resource, `kikitori://jobs/<id>`.
 */
import { realpath } from 'node:fs/promises';
import { McpServer, ResourceTemplate } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { AppFailure, appError, type AppError } from '../../../shared/domain/errors';
import { errorText } from '../../../shared/domain/error-text';
import { JOB_STATES, listedName, type Job } from '../../../shared/domain/job';
import { EXPORT_CHOICES, type ExportChoice } from '../../../shared/format/exporters';
import { isInside } from '../../media/media-file';
import { jobToFiles } from '../job-files';
import type { CoreLink } from '../program-link';

export interface McpOptions {
  /** Whether `transcribe_file` may run (`--allow-transcribe`). */
  readonly allowTranscribe: boolean;
  /** Folders allowed besides those in Settings (`--allow DIR`). */
  readonly allow: readonly string[];
  readonly version: string;
}

/** The name the jobs an MCP client sends are marked with. */
export const MCP_PROGRAM = 'MCP';

const resourceOf = (id: string) => `kikitori://jobs/${id}`;

async function call<T>(result: Promise<{ ok: true; data: T } | { ok: false; error: AppError }>) {
  const answer = await result;
  if (!answer.ok) throw new AppFailure(answer.error);
  return answer.data;
}

const text = (value: string) => ({ content: [{ type: 'text' as const, text: value }] });
const json = (value: unknown) => ({
  content: [{ type: 'text' as const, text: JSON.stringify(value, null, 2) }],
  structuredContent: value as Record<string, unknown>,
});
const failure = (error: unknown) => ({
  ...text(
    error instanceof AppFailure
      ? `${errorText(error.error, 'en')}${error.error.detail ? ` (${error.error.detail})` : ''}`
      : String(error),
  ),
  isError: true,
});

/** Runs a tool's work, answering a refusal or failure as the tool's error. */
const tool =
  <A>(work: (args: A) => Promise<CallToolResult>) =>
  async (args: A): Promise<CallToolResult> => {
    try {
      return await work(args);
    } catch (error) {
      return failure(error);
    }
  };

const jobView = (job: Job) => ({
  id: job.id,
  name: listedName(job),
  status: job.status,
  createdAt: new Date(job.createdAt).toISOString(),
  ...(job.seconds !== undefined && { seconds: job.seconds }),
  ...(job.preview !== undefined && { preview: job.preview }),
  ...(job.program && { program: job.program.name }),
  resource: resourceOf(job.id),
});

/** A job's transcript rendered by the core, as text. */
async function rendered(link: CoreLink, id: string, format: ExportChoice): Promise<string> {
  const { files } = await call(link.invoke('export:render', { id, formats: [format] }));
  return Buffer.from(files[0]!.bytes).toString('utf8');
}

/** The tools that only read: search, a transcript, the jobs. */
function readingTools(server: McpServer, link: CoreLink): void {
  server.registerTool(
    'search_transcripts',
    {
      title: 'Search transcripts',
      description:
        'Finds transcripts by the words said in them, their names or file names. Each hit is a job with its best matching passages and the time (seconds from the start) each begins.',
      inputSchema: {
        query: z.string().min(1).max(500),
        limit: z.number().int().min(1).max(50).default(10),
      },
    },
    tool(async ({ query, limit }: { query: string; limit: number }) => {
      const found = await call(link.invoke('search:query', { query, limit }));
      // The index knows when each passage begins: no transcript is read for it.
      const hits = found.hits.map((hit) => ({
        job: hit.jobId,
        name: hit.title ?? hit.fileName,
        matches: hit.matches,
        passages: hit.snippets.map(({ text, start }) => ({
          text,
          ...(start !== undefined && { start }),
        })),
        resource: resourceOf(hit.jobId),
      }));
      return json({ hits, more: found.more, complete: found.complete });
    }),
  );

  server.registerTool(
    'get_transcript',
    {
      title: 'Get a transcript',
      description:
        'A job’s transcript as the person corrected it: by default text with times and speakers (txt); or any export format (srt, vtt, json, csv, md, html, tsv…).',
      inputSchema: {
        job: z.string().min(1),
        format: z
          .enum(EXPORT_CHOICES.filter((f) => f !== 'docx') as [ExportChoice, ...ExportChoice[]])
          .default('txt'),
      },
    },
    tool(async ({ job, format }: { job: string; format: ExportChoice }) =>
      text(await rendered(link, job, format)),
    ),
  );

  server.registerTool(
    'list_jobs',
    {
      title: 'List jobs',
      description: 'The transcription jobs, newest first: their id, name, status and a preview.',
      inputSchema: {
        status: z.enum(JOB_STATES).optional(),
        since: z.string().datetime({ offset: true }).optional(),
        limit: z.number().int().min(1).max(500).default(50),
      },
    },
    tool(
      async ({
        status,
        since,
        limit,
      }: {
        status?: Job['status'];
        since?: string;
        limit: number;
      }) => {
        const from = since === undefined ? 0 : Date.parse(since);
        const { jobs } = await call(link.invoke('jobs:list', {}));
        const listed = jobs
          .filter((job) => (!status || job.status === status) && job.createdAt >= from)
          .sort((a, b) => b.createdAt - a.createdAt)
          .slice(0, limit)
          .map(jobView);
        return json({ jobs: listed });
      },
    ),
  );
}

/** transcribe_file, refused unless allowed, and each finished job as a resource. */
function writingAndResources(server: McpServer, link: CoreLink, options: McpOptions): void {
  server.registerTool(
    'transcribe_file',
    {
      title: 'Transcribe a file',
      description:
        'Transcribes an audio or video file on this computer and answers its transcript. Only when the server was started with --allow-transcribe, and only for files inside the folders allowed in Kikitori’s Settings → Programs or with --allow.',
      inputSchema: { path: z.string().min(1) },
    },
    tool(async ({ path }: { path: string }) => {
      if (!options.allowTranscribe)
        throw new AppFailure(appError('program-refused', { path, reason: 'read-only' }));
      const real = await realpath(path).catch(() => path);
      const { folders } = await call(link.invoke('programs:list', {}));
      const allowed = [...folders, ...options.allow];
      if (!allowed.some((folder) => isInside(folder, real)))
        throw new AppFailure(appError('program-refused', { path, reason: 'not-allowed' }));
      // The programs' one routine from a job to files, its one file kept as the answer's text.
      let transcript = '';
      const done = await jobToFiles(link, {
        from: { send: { paths: [real], program: { name: MCP_PROGRAM } } },
        formats: ['txt'],
        settings: {},
        write: async ([file]) => {
          transcript = Buffer.from(file!.bytes).toString('utf8');
          return [];
        },
      });
      if (done.kind === 'refused') throw new AppFailure(done.error);
      if (done.kind === 'removed')
        throw new AppFailure(appError('not-found', { what: 'job', id: done.id }));
      if (done.kind === 'stopped') throw new Error('the transcription was not followed to its end');
      if (done.kind === 'unwritten') throw done.error;
      const { job } = done;
      if (done.kind === 'failed') throw new AppFailure(job.error ?? appError('internal'));
      return {
        content: [
          { type: 'text' as const, text: transcript },
          {
            type: 'resource_link' as const,
            uri: resourceOf(job.id),
            name: listedName(job),
            mimeType: 'text/plain',
          },
        ],
      };
    }),
  );

  server.registerResource(
    'transcript',
    new ResourceTemplate('kikitori://jobs/{id}', {
      list: async () => {
        const { jobs } = await call(link.invoke('jobs:list', {}));
        return {
          resources: jobs
            .filter((job) => job.status === 'completed')
            .map((job) => ({
              uri: resourceOf(job.id),
              name: listedName(job),
              mimeType: 'text/plain',
            })),
        };
      },
    }),
    {
      title: 'Transcript',
      description: 'A finished job’s transcript, with times and speakers.',
      mimeType: 'text/plain',
    },
    async (uri, { id }) => ({
      contents: [
        { uri: uri.href, mimeType: 'text/plain', text: await rendered(link, String(id), 'txt') },
      ],
    }),
  );
}

export function mcpServer(link: CoreLink, options: McpOptions): McpServer {
  const server = new McpServer({ name: 'kikitori', version: options.version });
  readingTools(server, link);
  writingAndResources(server, link, options);
  return server;
}
