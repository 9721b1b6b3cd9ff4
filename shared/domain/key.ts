import { z } from 'zod';

/** What the app may know of a stored key: never the key itself. */
export const keyEntrySchema = z.object({
  id: z.string(),
  label: z.string(),
  /** The connection the key belongs to. */
  connection: z.string(),
  /** The key's last four characters, to tell keys apart. */
  last4: z.string(),
  createdAt: z.number(),
});
export type KeyEntry = z.infer<typeof keyEntrySchema>;

/** The label the local service's own key is filed under (the window shows it translated). */
export const LOCAL_SERVICE_KEY_LABEL = 'Local service';
