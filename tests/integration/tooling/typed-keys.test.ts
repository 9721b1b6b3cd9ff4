// Translation keys are typed (renderer/src/i18n/i18next.d.ts): a key no table has, literal or
// built from typed parts, fails to compile. Proven by compiling components that use them, with
// the type check's own compiler (TypeScript 7, tests/support/type-probes.ts).
import { beforeAll, describe, expect, it } from 'vitest';
import { compileProbes } from '../../support/type-probes';

const component = (call: string) => `
import { useTranslation } from 'react-i18next';
export function Probe({ tab }: { tab: 'jobs' | 'settings' }) {
  const { t } = useTranslation();
  void tab;
  return <p>{${call}}</p>;
}
`;

const CASES = {
  'probe-known.tsx': "t('app.jobs') + t(`app.${tab}`)",
  'probe-literal.tsx': "t('app.nosuch')",
  'probe-template.tsx': 't(`app.${tab}x`)',
};
let found: Record<string, string[]>;
beforeAll(async () => {
  found = await compileProbes(
    'tsconfig.renderer.json',
    Object.fromEntries(Object.entries(CASES).map(([file, call]) => [file, component(call)])),
  );
}, 60_000);

describe('translation keys', () => {
  it('compile when the tables have them, literal or from typed parts', () => {
    expect(found['probe-known.tsx']).toEqual([]);
  });

  it.each([
    ['probe-literal.tsx', 'a literal key no table has'],
    ['probe-template.tsx', 'a template key no table has'],
  ])('fail to compile for %s (%s)', (file) => {
    expect(found[file]!.join('\n')).toMatch(/not assignable/);
  });
});
