// Translation keys are typed (renderer/src/i18n/i18next.d.ts): a key no table has, literal or
// built from typed parts, fails to compile. Proven by compiling a component that uses one.
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = process.cwd();
const PROBE = join(ROOT, 'renderer/src/features/probe.tsx');

/** The compiler's messages for `body` placed in the window as a component file. */
function diagnostics(body: string): string[] {
  const config = ts.readConfigFile(join(ROOT, 'tsconfig.renderer.json'), ts.sys.readFile);
  const { options } = ts.parseJsonConfigFileContent(config.config, ts.sys, ROOT);
  const host = ts.createCompilerHost({ ...options, noEmit: true });
  const read = host.readFile.bind(host);
  host.readFile = (file) => (file === PROBE ? body : read(file));
  host.fileExists = (
    (exists) => (file: string) =>
      file === PROBE || exists(file)
  )(host.fileExists.bind(host));
  const roots = [PROBE, join(ROOT, 'renderer/src/i18n/i18next.d.ts')];
  const program = ts.createProgram(roots, { ...options, noEmit: true }, host);
  return ts
    .getPreEmitDiagnostics(program, program.getSourceFile(PROBE))
    .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
}

const component = (call: string) => `
import { useTranslation } from 'react-i18next';
export function Probe({ tab }: { tab: 'jobs' | 'settings' }) {
  const { t } = useTranslation();
  void tab;
  return <p>{${call}}</p>;
}
`;

describe('translation keys', () => {
  it('compile when the tables have them, literal or from typed parts', () => {
    expect(diagnostics(component("t('app.jobs') + t(`app.${tab}`)"))).toEqual([]);
  });

  it.each([
    ["t('app.nosuch')", 'a literal key no table has'],
    ['t(`app.${tab}x`)', 'a template key no table has'],
  ])('fail to compile for %s (%s)', (call) => {
    const messages = diagnostics(component(call));
    expect(messages.join('\n')).toMatch(/not assignable/);
  });
});
