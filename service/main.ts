/**
 * The local speech recognition service on 127.0.0.1, started by `service/bin.mjs`
 * (`npm run service -- --port <n> --data <dir> [--init-key <key>]`). Prints JSON lines on stdout
 * (starting, account-created once, key-added with --add-key, listening); SIGTERM or SIGINT
 * drains in-flight requests and exits 0, at any point after the `starting` line. Without --port
 * it takes a free port and names it in the `listening` line. A start that cannot happen says why
 * in one JSON line and one sentence on stderr, and exits with a code of its own (EXIT_CODES).
 */
import { parseArgs } from 'node:util';
import { LocalService, defaultServiceDataDir, type ServiceEvent } from './service';
import { DataDirLockedError } from './storage/lock';

export const EXIT_CODES = {
  usage: 2,
  /** Another live service holds the data folder. */
  dataFolderLocked: 3,
  /** The --port asked for is taken. */
  portInUse: 4,
} as const;

const USAGE =
  'usage: npm run service -- [--port <n>, default: a free one] [--data <dir>] [--init-key <key>] [--add-key] [--workers <n>] [--job-retention-days <n>] [--log-retention-days <n>] [--max-job-hours <n>] [--exit-with-stdin]';

function fail(message: string): never {
  process.stderr.write(`kikitori service: ${message}\n${USAGE}\n`);
  process.exit(EXIT_CODES.usage);
}

function positiveInt(
  name: string,
  value: string | undefined,
  fallback: number | undefined,
  min = 1,
): number | undefined {
  if (value === undefined) return fallback;
  if (!/^\d+$/.test(value) || Number(value) < min)
    fail(`--${name} must be a whole number of at least ${min}, not "${value}"`);
  return Number(value);
}

/** Signals taken by the entry point before this module was loaded. */
export interface EarlyStop {
  requested(): boolean;
  /** Calls the handler on every later SIGTERM/SIGINT, and at once if one already came. */
  onRequest(handler: () => void): void;
}

export async function main(argv: readonly string[], early: EarlyStop): Promise<void> {
  let values;
  try {
    ({ values } = parseArgs({
      options: {
        port: { type: 'string' },
        data: { type: 'string' },
        'init-key': { type: 'string' },
        'add-key': { type: 'boolean' },
        workers: { type: 'string' },
        'job-retention-days': { type: 'string' },
        'log-retention-days': { type: 'string' },
        'max-job-hours': { type: 'string' },
        'exit-with-stdin': { type: 'boolean' },
      },
      args: [...argv],
      strict: true,
    }));
  } catch (error) {
    fail((error as Error).message);
  }

  const port = positiveInt('port', values.port, 0, 0)!;
  if (port > 65535) fail(`--port must be at most 65535, not ${port}`);
  const maxJobHours = positiveInt('max-job-hours', values['max-job-hours'], undefined);
  const emit = (event: ServiceEvent) => process.stdout.write(`${JSON.stringify(event)}\n`);

  // A SIGTERM during start-up (taken by bin.mjs) or right after the "listening" line must still
  // drain and exit 0, not kill the process.
  let service: LocalService | undefined;
  let stopRequested = early.requested();
  const stop = () => {
    if (stopRequested && !service) return;
    stopRequested = true;
    if (!service) return; // start-up finishes first, then stops
    const running = service;
    service = undefined;
    running.close().then(
      () => process.exit(0),
      (error: unknown) => {
        process.stderr.write(`kikitori service: shutdown failed: ${(error as Error).message}\n`);
        process.exit(1);
      },
    );
  };
  early.onRequest(stop);
  // Run by the app: when the app goes away (even killed with SIGKILL) its end of the pipe closes,
  // and the service stops rather than live on beside the app's next one.
  if (values['exit-with-stdin']) {
    process.stdin.on('end', stop);
    process.stdin.on('close', stop);
    process.stdin.resume();
  }

  try {
    service = await LocalService.start({
      dataDir: values.data ?? defaultServiceDataDir(),
      port,
      initKey: values['init-key'] ?? (process.env.KIKITORI_INIT_KEY || undefined),
      addKey: values['add-key'] === true,
      workers: positiveInt('workers', values.workers, undefined),
      jobRetentionDays: positiveInt('job-retention-days', values['job-retention-days'], undefined),
      logRetentionDays: positiveInt('log-retention-days', values['log-retention-days'], undefined),
      maxJobAudioSeconds: maxJobHours === undefined ? undefined : maxJobHours * 3600,
      onEvent: emit,
    });
    if (stopRequested) stop();
  } catch (error) {
    refuse(error, port, emit);
  }
}

/** Ends a start that could not happen: one event, one sentence, its own exit code. */
function refuse(error: unknown, port: number, emit: (event: ServiceEvent) => void): never {
  if (error instanceof DataDirLockedError) {
    emit({
      event: 'data-folder-locked',
      dataDir: error.dataDir,
      holder: error.holder ? { ...error.holder } : null,
      message: error.message,
    });
    process.stderr.write(`kikitori service: ${error.message}\n`);
    process.exit(EXIT_CODES.dataFolderLocked);
  }
  if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
    const message = `port ${port} is already in use: choose another with --port, or leave --port out to take a free one`;
    emit({ event: 'port-in-use', port, message });
    process.stderr.write(`kikitori service: ${message}\n`);
    process.exit(EXIT_CODES.portInUse);
  }
  process.stderr.write(`kikitori service: ${(error as Error).message}\n`);
  process.exit(1);
}
