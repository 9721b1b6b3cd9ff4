/**
 * The running instance's address and token, for a second start on the same data folder to hand
 * over to it: `<data>/instance.json`, mode 0600 in a 0700 folder, so only this user can read it.
 * Written by the host that holds the data folder's lock, removed when it stops.
 */
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { z } from 'zod';
import { readJson, writeJsonAtomic } from './storage/atomic-json';

const SCHEMA = 1;
const instanceSchema = z.object({
  pid: z.number(),
  /** The web host's address and token; absent for the Electron window. */
  url: z.string().optional(),
  token: z.string().optional(),
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
  | { readonly kind: 'browser'; readonly url: string };

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
  while (Date.now() < deadline) {
    const instance = await readInstance(dataDir);
    if (instance && !instance.url) return { kind: 'window', pid: instance.pid };
    if (instance?.url && instance.token) {
      const url = await fetch(`${instance.url}/session/code`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${instance.token}` },
        signal: AbortSignal.timeout(5_000),
      })
        .then((res) => res.json() as Promise<{ data?: { url?: string } }>)
        .then((body) => body.data?.url)
        .catch(() => undefined);
      if (url) return { kind: 'browser', url };
    }
    await sleep(250);
  }
  return undefined;
}
