/**
 * Time limits for what a sender can hold before its key is checked. The environment overrides
 * exist for tests (a deadline of seconds would make a test of it slow).
 */
function fromEnv(name: string, fallback: number): number {
  const value = Number(process.env[name]);
  return Number.isInteger(value) && value > 0 ? value : fallback;
}

/** The parts before the audio (the parameters and the key) must arrive within this. */
export const paramsDeadlineMs = (): number =>
  fromEnv('KIKITORI_SERVICE_PARAMS_DEADLINE_MS', 10_000);

/**
 * After an early answer (a refusal before the whole body came), how long the rest of the body
 * may take to be read away before the connection is closed.
 */
export const drainDeadlineMs = (): number => fromEnv('KIKITORI_SERVICE_DRAIN_DEADLINE_MS', 30_000);
