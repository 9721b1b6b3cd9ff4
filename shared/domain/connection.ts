/**
 * A connection: where recognition requests go and how (docs/architecture.md §4). Called "connection"
 * everywhere so that "profile" keeps its API meaning (a dictionary profile). Keys are never part
 * of it: `keyRef` names a key in the OS keychain.
 */
import { z } from 'zod';
import { DEFAULT_CLOUD_ENGINE, LOCAL_ENGINE } from '../api/engines';
import { PROFILE_ID_PATTERN } from '../api/profile-words';

export const connectionIdSchema = z
  .string()
  .regex(/^[a-z0-9][a-z0-9-]{0,63}$/, 'a connection id is lower-case letters, digits and "-"');

export const connectionSchema = z.object({
  id: connectionIdSchema,
  name: z.string().trim().min(1).max(100),
  /** `local` is the bundled service: its URLs are filled in when it starts. */
  kind: z.enum(['local', 'cloud']),
  baseUrl: z.string(),
  asyncUrl: z.string(),
  /** The id of the key to use, in the key store; null when none is set yet. */
  keyRef: z.string().nullable(),
  /** Logged sync endpoint (`/v1/recognize`) or not (`/v1/nolog/recognize`, loggingOptOut for jobs). */
  logging: z.boolean(),
  engine: z.string().regex(/^-[A-Za-z0-9][A-Za-z0-9-]*$/, 'an engine name starts with "-"'),
  profileId: z.string().regex(PROFILE_ID_PATTERN).nullable(),
  /** Other `d` settings, by key (keepFillerToken, compatibleWithSync, …). */
  settings: z.record(z.string(), z.string()),
  /**
   * Files are sent with only the stretches where people speak (shared/domain/speech-only.ts):
   * less audio sent, the same times in the transcript. Off when absent; live sessions are
   * always sent whole.
   */
  speechOnly: z.boolean().optional(),
});
export type Connection = z.infer<typeof connectionSchema>;

export const CLOUD_BASE_URL = 'https://acp-api.amivoice.com';
export const CLOUD_ASYNC_URL = 'https://acp-api-async.amivoice.com';

export const BUILT_IN_CONNECTIONS: readonly Connection[] = [
  {
    id: 'local',
    name: 'Local (offline)',
    kind: 'local',
    baseUrl: '',
    asyncUrl: '',
    keyRef: null,
    logging: false,
    engine: LOCAL_ENGINE,
    profileId: null,
    settings: {},
  },
  {
    id: 'cloud',
    name: 'AmiVoice Cloud',
    kind: 'cloud',
    baseUrl: CLOUD_BASE_URL,
    asyncUrl: CLOUD_ASYNC_URL,
    keyRef: null,
    logging: true,
    engine: DEFAULT_CLOUD_ENGINE,
    profileId: null,
    settings: {},
  },
];
