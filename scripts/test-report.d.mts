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
