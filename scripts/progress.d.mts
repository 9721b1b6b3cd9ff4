/** Types of scripts/progress.mjs, for the tests that import it. */
export function formatElapsed(ms: number): string;

export interface ProgressResult {
  readonly status: number | null;
  readonly output: string;
  readonly error?: Error;
  readonly ms: number;
}

export function runWithProgress(
  command: string,
  args: readonly string[],
  options: {
    readonly label: string;
    readonly usually: string;
    readonly env?: NodeJS.ProcessEnv;
    readonly cwd?: string;
    readonly out?: { write(text: string): unknown; readonly isTTY?: boolean };
    readonly tty?: boolean;
    readonly everyMs?: number;
  },
): Promise<ProgressResult>;
