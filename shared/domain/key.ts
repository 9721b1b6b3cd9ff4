import { z } from 'zod';

/**
 * The service a key was filed for: the bundled local service (whatever port it listens on this
 * time), or a pair of addresses. A key is attached or revealed only for exactly that service
 * (`keyServes`): changing a connection's addresses leaves its old keys behind.
 */
export const keyServiceSchema = z.union([
  z.object({ kind: z.literal('local') }),
  z.object({ kind: z.literal('remote'), baseUrl: z.string(), asyncUrl: z.string() }),
]);
export type KeyService = z.infer<typeof keyServiceSchema>;

/** The service a connection speaks to now, as a key records it. */
export const serviceOf = (connection: {
  kind: 'local' | 'cloud';
  baseUrl: string;
  asyncUrl: string;
}): KeyService =>
  connection.kind === 'local'
    ? { kind: 'local' }
    : { kind: 'remote', baseUrl: connection.baseUrl, asyncUrl: connection.asyncUrl };

/**
 * Whether a key may go to `connection` as it is now: filed for that connection and for the
 * service it speaks to. A key filed before keys recorded their service (`service` absent) serves
 * nothing until it is filed again.
 */
export function keyServes(
  entry: { connection: string; service?: KeyService | undefined },
  connection: { id: string; kind: 'local' | 'cloud'; baseUrl: string; asyncUrl: string },
): boolean {
  if (entry.connection !== connection.id || !entry.service) return false;
  const now = serviceOf(connection);
  return entry.service.kind === 'local'
    ? now.kind === 'local'
    : now.kind === 'remote' &&
        entry.service.baseUrl === now.baseUrl &&
        entry.service.asyncUrl === now.asyncUrl;
}

/** What the app may know of a stored key: never the key itself. */
export const keyEntrySchema = z.object({
  id: z.string(),
  label: z.string(),
  /** The connection the key belongs to. */
  connection: z.string(),
  /** The service it was filed for (absent on keys filed before this was recorded). */
  service: keyServiceSchema.optional(),
  /** When the service stops taking it (issued keys), ms since the epoch. */
  expiresAt: z.number().optional(),
  /** The key's last four characters, to tell keys apart. */
  last4: z.string(),
  createdAt: z.number(),
});
export type KeyEntry = z.infer<typeof keyEntrySchema>;

/** The label the local service's own key is filed under (the window shows it translated). */
export const LOCAL_SERVICE_KEY_LABEL = 'Local service';
