/**
 * What the person chose about calls (Settings → Calls), remembered in `<data>/calls.json`
 * (core/storage/atomic-json.ts: written whole, fsynced, never torn), with the applications seen
 * recording so Settings can offer them. A file that cannot be read is never overwritten: the
 * core says so as every data file does.
 */
import { join } from 'node:path';
import {
  callAppSchema,
  callSettingsSchema,
  DEFAULT_CALL_SETTINGS,
  type CallSettings,
  type CallSettingsPatch,
} from '../../shared/domain/calls';
import { StorageError, readJson, writeJsonAtomic } from '../storage/atomic-json';

const SCHEMA_VERSION = 1;
/** The most applications remembered as seen: the oldest go first. */
const SEEN_MAX = 100;

const unique = (apps: readonly string[]) => [...new Set(apps.map((app) => app.trim()))];

export class CallSettingsStore {
  /** Writes run one after another, so the file holds the last change. */
  private queue: Promise<unknown> = Promise.resolve();

  private constructor(
    private readonly path: string,
    private settings: CallSettings,
  ) {}

  static async open(dataDir: string): Promise<CallSettingsStore> {
    const path = join(dataDir, 'calls.json');
    const data = await readJson(path, SCHEMA_VERSION);
    if (data === undefined) return new CallSettingsStore(path, DEFAULT_CALL_SETTINGS);
    const checked = callSettingsSchema.safeParse(data);
    if (!checked.success)
      throw new StorageError('corrupt', `${path}: ${checked.error.message}`, path);
    return new CallSettingsStore(path, checked.data);
  }

  get(): CallSettings {
    return this.settings;
  }

  /** Applies a change and writes it; answers the settings as they now are. */
  update(patch: CallSettingsPatch): Promise<CallSettings> {
    return this.serial(() => {
      const { connection, profileId, ...rest } = patch;
      const next: CallSettings = { ...this.settings, ...rest };
      if (rest.auto) next.auto = unique(rest.auto);
      if (rest.never) next.never = unique(rest.never);
      if (connection === null) delete next.connection;
      else if (connection !== undefined) next.connection = connection;
      if (profileId === null) delete next.profileId;
      else if (profileId !== undefined) next.profileId = profileId;
      return next;
    });
  }

  /** "Never for Zoom": never asked about nor started again (and no longer started by itself). */
  never(app: string): Promise<CallSettings> {
    return this.serial(() => ({
      ...this.settings,
      never: unique([...this.settings.never, app]),
      auto: this.settings.auto.filter((a) => a !== app),
    }));
  }

  /** An application seen recording, remembered for Settings' list. */
  seen(app: string): Promise<CallSettings> {
    if (!callAppSchema.safeParse(app).success || this.settings.seen.includes(app))
      return Promise.resolve(this.settings);
    return this.serial(() => ({
      ...this.settings,
      seen: [...this.settings.seen, app].slice(-SEEN_MAX),
    }));
  }

  private serial(change: () => CallSettings): Promise<CallSettings> {
    const next = this.queue.then(async () => {
      const settings = callSettingsSchema.parse(change());
      await writeJsonAtomic(this.path, settings, SCHEMA_VERSION);
      this.settings = settings;
      return settings;
    });
    this.queue = next.catch(() => undefined);
    return next;
  }
}
