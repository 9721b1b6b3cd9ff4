// `npm run typecheck` compiles with TypeScript 7, the native compiler (scripts/typecheck.mjs),
// while typescript-eslint and the typed-keys test load TypeScript 6's API. Proven here: probes
// with a mistake each project's rules refuse fail to compile with the check's compiler, with the
// error TypeScript 6 gives at the same place (measured when the check moved to 7: the same codes
// at the same places, on these probes and on a tree with one in each project).
import { execFile } from 'node:child_process';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECTS, TSC } from '../../../scripts/typecheck.mjs';

const ROOT = process.cwd();
// In .test-results/: no project, lint or format check reads it, so a check running meanwhile
// never sees the probes; node_modules resolves from there as from the tree.
const DIR = join(ROOT, '.test-results', `typecheck-probes-${process.pid}`);

const PROBES: Record<
  string,
  { project: string; file: string; body: string; errors: readonly string[] }
> = {
  'a string where shared/ wants a number': {
    project: 'tsconfig.shared.json',
    file: 'probe-shared.ts',
    body: `export const wrong: number = 'a';\n`,
    errors: ['1,14 TS2322'],
  },
  'a translation key no table has (typed keys)': {
    project: 'tsconfig.renderer.json',
    file: 'probe-window.tsx',
    body: `import { useTranslation } from 'react-i18next';
export function Probe() {
  const { t } = useTranslation();
  return <p>{t('no.such.key')}</p>;
}\n`,
    errors: ['4,16 TS2345'],
  },
  'an array read taken as defined (noUncheckedIndexedAccess)': {
    project: 'tsconfig.node.json',
    file: 'probe-node.ts',
    body: `const all: number[] = [];\nexport const first: number = all[0];\n`,
    errors: ['2,14 TS2322'],
  },
};

/** The compiler's errors for `probe`, in a project extending its own with only the probe. */
async function errors(probe: (typeof PROBES)[string]): Promise<string[]> {
  const config = join(DIR, `${probe.file}.tsconfig.json`);
  await writeFile(
    config,
    JSON.stringify({
      extends: join(ROOT, probe.project),
      // `files`, which no project's `exclude` (.test-results/ among them) takes away.
      files: [probe.file, join(ROOT, 'renderer/src/i18n/i18next.d.ts')],
      include: [],
    }),
  );
  const result = await promisify(execFile)(
    process.execPath,
    [TSC, '-p', config, '--pretty', 'false'],
    {
      cwd: ROOT,
    },
  ).then(
    () => ({ stdout: '' }),
    (error: { stdout: string }) => ({ stdout: error.stdout }),
  );
  // "file(line,column): error TSnnnn", file and message left out: the messages' wording differs.
  return (
    result.stdout
      .split('\n')
      // Indented lines elaborate the message above them, in words that differ.
      .filter((line) => line.trim() !== '' && !/^\s/.test(line))
      .map((line) => {
        const at = /^(.*)\((\d+,\d+)\): error (TS\d+)/.exec(line);
        return at && at[1]!.endsWith(probe.file) ? `${at[2]} ${at[3]}` : line;
      })
  );
}

beforeAll(async () => {
  await mkdir(DIR, { recursive: true });
  for (const probe of Object.values(PROBES)) await writeFile(join(DIR, probe.file), probe.body);
});
afterAll(async () => {
  await rm(DIR, { recursive: true, force: true });
});

describe('the type check’s compiler (TypeScript 7)', () => {
  it('is what the check runs, on each environment’s project', () => {
    expect(TSC).toMatch(/typescript-native/);
    expect(PROJECTS).toEqual(Object.values(PROBES).map((p) => p.project));
  });

  for (const [what, probe] of Object.entries(PROBES))
    it(`refuses ${what}`, { timeout: 60_000 }, async () => {
      expect(await errors(probe)).toEqual(probe.errors);
    });
});
