/** The parts of a Playwright JSON report that flakySpecs reads. */
export interface PlaywrightSuite {
  readonly title: string;
  readonly file: string;
  readonly specs?: ReadonlyArray<{
    readonly title: string;
    readonly file: string;
    readonly line: number;
    readonly tests: ReadonlyArray<{ readonly status: string }>;
  }>;
  readonly suites?: readonly PlaywrightSuite[];
}

export function flakySpecs(
  report: {
    readonly config?: { readonly rootDir?: string };
    readonly suites?: readonly PlaywrightSuite[];
  },
  root: string,
): string[];

/** The parts of a vitest JSON report that vitestCounts reads. */
export interface VitestReport {
  readonly numPassedTests: number;
  readonly numFailedTests: number;
  readonly numPendingTests: number;
  readonly numTodoTests: number;
  readonly numTotalTests: number;
  readonly testResults: ReadonlyArray<VitestFile>;
}
export interface VitestFile {
  readonly name: string;
  readonly status: string;
  readonly message: string;
  readonly assertionResults: ReadonlyArray<{ readonly status: string }>;
}

export function vitestCounts(reports: readonly VitestReport[]): {
  passed: number;
  failed: number;
  skipped: number;
  total: number;
  broken: VitestFile[];
};
