/**
 * `kikitori mcp [--allow-transcribe] [--allow DIR]…`: the MCP server (core/programs/mcp/mcp-server.ts) on
 * stdin and stdout, over the command's link (the running app's core, or one opened here), until
 * the client closes its end. Nothing else is written to stdout: it carries the protocol alone.
 */
import { realpath } from 'node:fs/promises';
import { resolve } from 'node:path';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { mcpServer } from '../core/programs/mcp/mcp-server';
import type { CoreLink } from '../core/programs/program-link';

export async function serveMcp(
  link: CoreLink,
  options: { allowTranscribe: boolean; allow: readonly string[]; version: string },
  interrupted: Promise<void>,
): Promise<number> {
  const allow = await Promise.all(
    options.allow.map((dir) => realpath(resolve(dir)).catch(() => resolve(dir))),
  );
  const server = mcpServer(link, { ...options, allow });
  const transport = new StdioServerTransport();
  const closed = new Promise<void>((settle) => {
    server.server.onclose = settle;
    process.stdin.once('end', settle);
  });
  await server.connect(transport);
  await Promise.race([closed, interrupted]);
  await server.close();
  return 0;
}
