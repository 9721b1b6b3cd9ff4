// `npm run typecheck` compiles with TypeScript 7, the native compiler (scripts/typecheck.mjs),
// while typescript-eslint loads TypeScript 6's API. Proven here: probes with a mistake each
// project's rules refuse fail to compile with the check's compiler, with the error TypeScript 6
// gives at the same place (measured when the check moved to 7: the same codes at the same places,
// on these probes and on a tree with one in each project).
import { describe, expect, it } from 'vitest';
import { PROJECTS, TSC } from '../../../scripts/typecheck.mjs';
import { compileProbes } from '../../support/type-probes';

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

describe('the type check’s compiler (TypeScript 7)', () => {
  it('is what the check runs, on each environment’s project', () => {
    expect(TSC).toMatch(/typescript-native/);
    expect(PROJECTS).toEqual(Object.values(PROBES).map((p) => p.project));
  });

  for (const [what, probe] of Object.entries(PROBES))
    it(`refuses ${what}`, { timeout: 60_000 }, async () => {
      const found = await compileProbes(probe.project, { [probe.file]: probe.body });
      // Code and place; the message's words are TypeScript's.
      expect(found[probe.file]!.map((e) => e.split(' ').slice(0, 2).join(' '))).toEqual(
        probe.errors,
      );
    });
});
