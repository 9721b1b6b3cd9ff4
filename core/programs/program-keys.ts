/**
 * The keys made for programs and the folders they may have transcribed (Settings → Programs,
 * `kikitori program-key`), kept in `<data>/program-keys.json` (0600 in the 0700 data folder).
 * Only each key's SHA-256 is stored: a key is 32 random bytes, so a fast hash is enough (there
 * is nothing to guess), and the key itself is shown once, when it is made. When a key was last
 * used is written at most once a minute per key, so a busy program does not rewrite the file on
 * every request.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { realpath, stat } from 'node:fs/promises';
import { isAbsolute, join } from 'node:path';
import { z } from 'zod';
import { AppFailure, appError } from '../../shared/domain/errors';
import type { ProgramsView } from '../../shared/domain/program-key';
import { StorageError, readJson, writeJsonAtomic } from '../storage/atomic-json';
import type { AskFolder } from '../export/export-file';
import type { Caller } from '../caller';

const SCHEMA_VERSION = 1;
/** Every key starts so: a person (or a secret scanner) knows one when they see it. */
export const PROGRAM_KEY_PREFIX = 'kkp-';
/** How stale "last used" may be on disk. */
const LAST_USED_WRITE_MS = 60_000;

const storedKeySchema = z.object({
  name: z.string(),
  /** SHA-256 of the key, hex. */
  hash: z.string().regex(/^[0-9a-f]{64}$/),
  createdAt: z.number(),
  lastUsedAt: z.number().optional(),
});
type StoredKey = z.infer<typeof storedKeySchema>;
const fileSchema = z.object({
  keys: z.array(storedKeySchema),
  folders: z.array(z.string()),
  /** The port the endpoint last listened on: a program's base URL stays the same across starts. */
  port: z.number().int().min(1).max(65535).optional(),
});
type ProgramsFile = z.infer<typeof fileSchema>;

const hashOf = (key: string) => createHash('sha256').update(key).digest('hex');

export interface ProgramKeysDeps {
  readonly dataDir: string;
  /** Told every change: `programs:changed`. */
  readonly emit: (view: ProgramsView) => void;
  /** The system's folder picker (Electron). */
  readonly askFolder?: AskFolder | undefined;
  readonly now?: () => number;
}

export class ProgramKeys {
  /** The OpenAI-compatible base URL while this app serves it (core/programs/openai/server.ts). */
  private served: string | undefined;
  private queue: Promise<unknown> = Promise.resolve();
  private readonly now: () => number;

  private constructor(
    private readonly deps: ProgramKeysDeps,
    private readonly path: string,
    private data: ProgramsFile,
  ) {
    this.now = deps.now ?? Date.now;
  }

  static async open(deps: ProgramKeysDeps): Promise<ProgramKeys> {
    const path = join(deps.dataDir, 'program-keys.json');
    const data = await readJson(path, SCHEMA_VERSION);
    const checked = data === undefined ? undefined : fileSchema.safeParse(data);
    if (checked && !checked.success)
      throw new StorageError('corrupt', `${path}: ${checked.error.message}`, path);
    return new ProgramKeys(deps, path, checked?.data ?? { keys: [], folders: [] });
  }

  private serial<T>(work: () => Promise<T>): Promise<T> {
    const next = this.queue.then(work, work);
    this.queue = next.catch(() => undefined);
    return next;
  }

  private async save(data: ProgramsFile): Promise<void> {
    await writeJsonAtomic(this.path, data, SCHEMA_VERSION);
    this.data = data;
  }

  view(): ProgramsView {
    return {
      keys: this.data.keys.map(({ name, createdAt, lastUsedAt }) => ({
        name,
        createdAt,
        ...(lastUsedAt !== undefined && { lastUsedAt }),
      })),
      ...(this.served !== undefined && { baseUrl: this.served }),
      folders: [...this.data.folders],
    };
  }

  private changed(): ProgramsView {
    const view = this.view();
    this.deps.emit(view);
    return view;
  }

  /** Makes a key named `name`: the answer is the only place the key ever is. */
  create(name: string): Promise<{ name: string; key: string }> {
    return this.serial(async () => {
      if (this.data.keys.some((k) => k.name === name))
        throw new AppFailure(appError('program-key', { name, reason: 'name-taken' }));
      const key = `${PROGRAM_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
      const stored: StoredKey = { name, hash: hashOf(key), createdAt: this.now() };
      await this.save({ ...this.data, keys: [...this.data.keys, stored] });
      this.changed();
      return { name, key };
    });
  }

  /** Revokes the key named `name`; false when there was none. */
  revoke(name: string): Promise<boolean> {
    return this.serial(async () => {
      const keys = this.data.keys.filter((k) => k.name !== name);
      if (keys.length === this.data.keys.length) return false;
      await this.save({ ...this.data, keys });
      this.changed();
      return true;
    });
  }

  /**
   * The name of the key `given` is, or undefined when it is none of them. Compared by hash in
   * constant time; when it was last used is noted (written now and then).
   */
  check(given: string): string | undefined {
    const hash = Buffer.from(hashOf(given), 'hex');
    const found = this.data.keys.find((k) => timingSafeEqual(Buffer.from(k.hash, 'hex'), hash));
    if (!found) return undefined;
    const now = this.now();
    const last = found.lastUsedAt;
    if (last === undefined || now - last >= LAST_USED_WRITE_MS) {
      void this.serial(async () => {
        const keys = this.data.keys.map((k) =>
          k.hash === found.hash ? { ...k, lastUsedAt: now } : k,
        );
        await this.save({ ...this.data, keys });
        this.changed();
      }).catch(() => undefined);
    }
    return found.name;
  }

  /** Allows programs to have files inside `path` transcribed (a folder picked when none). */
  addFolder(path: string | undefined, caller: Caller): Promise<ProgramsView> {
    return this.serial(async () => {
      let named = path;
      if (named === undefined) {
        if (!this.deps.askFolder)
          throw new AppFailure(appError('invalid-input', {}, 'a folder path is needed here'));
        named = await this.deps.askFolder();
        if (named === undefined) return this.view();
      } else if (caller.paths.kind === 'chosen') {
        // The Electron window names folders only through the system's picker.
        throw new AppFailure(
          appError('file-refused', { path: named, name: named, reason: 'not-chosen' }),
        );
      }
      const folder = await checkFolder(named);
      if (this.data.folders.includes(folder)) return this.view();
      await this.save({ ...this.data, folders: [...this.data.folders, folder] });
      return this.changed();
    });
  }

  removeFolder(path: string): Promise<ProgramsView> {
    return this.serial(async () => {
      const folders = this.data.folders.filter((f) => f !== path);
      if (folders.length === this.data.folders.length) return this.view();
      await this.save({ ...this.data, folders });
      return this.changed();
    });
  }

  /** The port the endpoint last listened on, if any. */
  get lastPort(): number | undefined {
    return this.data.port;
  }

  /** The endpoint listens at `baseUrl` on `port` (undefined: it stopped). */
  setServed(baseUrl: string | undefined, port?: number): Promise<void> {
    this.served = baseUrl;
    this.changed();
    if (port === undefined || port === this.data.port) return Promise.resolve();
    return this.serial(() => this.save({ ...this.data, port }));
  }
}

/** A folder as a person named it: a full path to a folder Kikitori may read, resolved. */
async function checkFolder(path: string): Promise<string> {
  const refuse = (reason: 'missing' | 'not-folder' | 'unreadable' | 'not-absolute') =>
    new AppFailure(appError('program-folder', { path, reason }));
  if (!isAbsolute(path)) throw refuse('not-absolute');
  const info = await stat(path).catch((error: NodeJS.ErrnoException) => {
    throw refuse(error.code === 'EACCES' ? 'unreadable' : 'missing');
  });
  if (!info.isDirectory()) throw refuse('not-folder');
  return realpath(path);
}
