/**
 * How a file goes to the service, and why, as the core decided it (core/jobs/routing.ts) and
 * the window shows it (told on the job, never worked out again): directly (sync), or as an async
 * job when larger, longer, with speaker labels on (only jobs give them), or when its length could
 * not be read before conversion.
 */

export const ROUTES = [
  'sync',
  'async-size',
  'async-length',
  'async-speakers',
  'async-unknown-length',
] as const;

export type Route = (typeof ROUTES)[number];

/** Whether a connection's settings ask for speaker labels (`speakerDiarization=True`). */
export const speakerLabelsOn = (settings: Readonly<Record<string, string>>): boolean =>
  /^true$/i.test(settings.speakerDiarization ?? '');
