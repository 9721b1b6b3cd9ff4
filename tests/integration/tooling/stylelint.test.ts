// The window's stylesheets are linted (stylelint.config.mjs, in npm test's lint step): a
// forbidden example fails, and the repository's own sheets pass.
import stylelint from 'stylelint';
import { describe, expect, it } from 'vitest';

const configFile = 'stylelint.config.mjs';

async function problems(code: string): Promise<string[]> {
  const { results } = await stylelint.lint({
    code,
    codeFilename: 'renderer/src/features/jobs/example.css',
    configFile,
  });
  return results.flatMap((r) => r.warnings.map((w) => w.rule));
}

describe('stylesheets are linted', () => {
  it.each([
    ['an unknown property', '.a {\n  colour: red;\n}\n', 'property-no-unknown'],
    [
      'a selector written twice',
      '.a {\n  color: red;\n}\n.a {\n  margin: 0;\n}\n',
      'no-duplicate-selectors',
    ],
    [
      'a value the property cannot take',
      '.a {\n  width: 10pixels;\n}\n',
      'declaration-property-value-no-unknown',
    ],
    [
      'a property set twice in a rule',
      '.a {\n  color: red;\n  color: blue;\n}\n',
      'declaration-block-no-duplicate-properties',
    ],
  ])('%s fails', async (_what, code, rule) => {
    expect(await problems(code)).toContain(rule);
  });

  it("the window's own sheets pass", async () => {
    const { results } = await stylelint.lint({ files: 'renderer/src/**/*.css', configFile });
    expect(results.length).toBeGreaterThan(10);
    expect(results.flatMap((r) => r.warnings.map((w) => `${r.source}: ${w.text}`))).toEqual([]);
  });
});
