/**
 * The running instance's address and token, for a second start on the same data folder to hand
 * over to it, and its program endpoint: `<data>/instance.json`, mode 0600 in a 0700 folder, so
 * only this user can read it. Written by the host that holds the data folder's lock
 * (core/host/host-start.ts), removed when it stops.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { z } from 'zod';
import { readJson, writeJsonAtomic } from '../storage/atomic-json';

const SCHEMA = 1;
const instanceSchema = z.object({
  pid: z.number(),
  /** The web host's address and token; absent for the Electron window. */
  url: z.string().optional(),
  token: z.string().optional(),
  /** Which host holds the data folder: the Electron window, browser mode, or a command. */
  host: z.enum(['window', 'browser', 'command']).optional(),
  /** Its program endpoint (core/programs/program-endpoint.ts), when it serves one. */
  endpoint: z.string().optional(),
  /** The OpenAI-compatible endpoint's base URL, ending in `/v1` (core/programs/openai/server.ts). */
  openaiBaseUrl: z.string().optional(),
});
export type Instance = z.infer<typeof instanceSchema>;

const pathOf = (dataDir: string) => join(dataDir, 'instance.json');

export const writeInstance = (dataDir: string, instance: Instance) =>
  writeJsonAtomic(pathOf(dataDir), instance, SCHEMA);

export async function readInstance(dataDir: string): Promise<Instance | undefined> {
  try {
    const parsed = instanceSchema.safeParse(await readJson(pathOf(dataDir), SCHEMA));
    return parsed.success ? parsed.data : undefined;
  } catch {
    // Being replaced by the instance that is starting: read it again later.
    return undefined;
  }
}

export const removeInstance = (dataDir: string) => rm(pathOf(dataDir), { force: true });

export type Handover =
  | { readonly kind: 'window'; readonly pid: number }
  /** A command such as `kikitori watch`: it has no window to hand over to. */
  | { readonly kind: 'command'; readonly pid: number }
  | { readonly kind: 'browser'; readonly url: string }
  /** Something answered at the instance's address but could not prove it is that instance. */
  | { readonly kind: 'impostor'; readonly url: string };

/**
 * What the running instance answers `POST /session/code` with, besides the address: an HMAC of
 * the caller's nonce and that address, keyed with the launch token only it and this user hold.
 * A squatter on the port (after a crash) cannot make one, so its address is never opened.
 */
export function handoverProof(token: string, nonce: string, url: string): string {
  return createHmac('sha256', token)
    .update(`kikitori-handover\n${nonce}\n${url}`)
    .digest('base64url');
}

/** Whether `url` is exactly a one-time address of the instance at `base`. */
export function isOpenUrlOf(base: string, url: string): boolean {
  try {
    const parsed = new URL(url);
    return (
      parsed.origin === new URL(base).origin &&
      parsed.pathname === '/open' &&
      [...parsed.searchParams.keys()].join() === 'code' &&
      /^[\w-]{16,}$/.test(parsed.searchParams.get('code') ?? '') &&
      parsed.hash === '' &&
      url === `${parsed.origin}/open?code=${parsed.searchParams.get('code')}`
    );
  } catch {
    return false;
  }
}

function proven(token: string, nonce: string, url: string, proof: string): boolean {
  const expected = Buffer.from(handoverProof(token, nonce, url));
  const given = Buffer.from(proof);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * Where a second start on a locked data folder sends the person: the running window, or a fresh
 * one-time address of the running web host. Undefined when it did not answer within `timeoutMs`
 * (its file may still be from an earlier run while it starts).
 */
export async function findRunningInstance(
  dataDir: string,
  timeoutMs: number,
): Promise<Handover | undefined> {
  const deadline = Date.now() + timeoutMs;
  let impostor: string | undefined;
  while (Date.now() < deadline) {
    const instance = await readInstance(dataDir);
    if (instance && !instance.url)
      return { kind: instance.host === 'command' ? 'command' : 'window', pid: instance.pid };
    if (instance?.url && instance.token) {
      const nonce = randomBytes(24).toString('base64url');
      const answer = await fetch(`${instance.url}/session/code`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${instance.token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ nonce }),
        redirect: 'error',
        signal: AbortSignal.timeout(5_000),
      })
        .then((res) => res.json() as Promise<{ data?: { url?: unknown; proof?: unknown } }>)
        .then((body) => body.data)
        .catch(() => undefined);
      const { url, proof } = answer ?? {};
      if (typeof url === 'string' || typeof proof === 'string') {
        if (
          typeof url === 'string' &&
          typeof proof === 'string' &&
          isOpenUrlOf(instance.url, url) &&
          proven(instance.token, nonce, url, proof)
        )
          return { kind: 'browser', url };
        impostor = instance.url;
      }
    }
    await sleep(250);
  }
  return impostor ? { kind: 'impostor', url: impostor } : undefined;
}
