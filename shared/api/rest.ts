/** REST endpoints: dictionary, issuance, engines, and their error body (docs/api.md §5–§7). */
import { z } from 'zod';

/** Error body of the REST endpoints (and of unknown async sessions). */
/**
 * [ours] The word a profile save was refused for, beside the message: the local service sends it
 * so that a client can name the word without reading the English message (docs/api.md §6).
 */
export const wordProblemSchema = z.object({
  index: z.number().int().nonnegative(),
  written: z.string(),
  reason: z.enum(['class', 'reading-missing', 'unknown-word']),
  /** The class or the reading's word refused; empty for a missing reading. */
  value: z.string(),
});
export type WordProblem = z.infer<typeof wordProblemSchema>;

export const restErrorSchema = z.object({
  code: z.string(),
  message: z.string(),
  word: wordProblemSchema.optional(),
});
export type RestError = z.infer<typeof restErrorSchema>;

/** `GET /classnames/<dgn>`. */
export const classnamesSchema = z.object({
  classnames: z.array(z.string()),
});
export type Classnames = z.infer<typeof classnamesSchema>;

/**
 * `GET /profilewords/<dgn>/`. The cloud's shape is unpublished, so a list of ids or of objects
 * with an id (`id`, `profileId` or `name`) is accepted and normalised to ids.
 */
export const profileListSchema = z
  .object({
    profiles: z.array(
      z.union([
        z.string(),
        z.looseObject({ id: z.string() }).transform((p) => p.id),
        z.looseObject({ profileId: z.string() }).transform((p) => p.profileId),
        z.looseObject({ name: z.string() }).transform((p) => p.name),
      ]),
    ),
  })
  .transform((body) => ({ profiles: body.profiles }));
export type ProfileList = z.output<typeof profileListSchema>;

/** `POST /issue_service_authorization` form fields. Either sid+spw or a Bearer key authorises. */
export const issuanceParamsSchema = z.object({
  sid: z.string().min(1).optional(),
  spw: z.string().min(1).optional(),
  /** Validity; see epi.ts. */
  epi: z.string().optional(),
  /** Allowed client addresses; see ipa.ts. */
  ipa: z.string().optional(),
});
export type IssuanceParams = z.infer<typeof issuanceParamsSchema>;

/** `GET /v1/engines` (local service). */
export const engineListSchema = z.object({
  engines: z.array(z.object({ name: z.string(), language: z.string() })),
});
export type EngineList = z.infer<typeof engineListSchema>;
