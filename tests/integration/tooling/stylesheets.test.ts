// The window's stylesheets keep the cascade rules renderer/README.md states. A sheet is imported
// by what draws it, so a later screen's loads with its chunk, after the window's, and the order
// of two screens' sheets is whichever opened first. Hence: every sheet is imported by some
// module; and a narrow-window rule (`@media`) shares no tie (same specificity, a property in
// common, a class in common) with a rule of another sheet, except the global ones main.tsx
// imports first — a screen's sheet loading later would win that tie and undo it (as Settings'
// .card once undid the narrow padding). Each check is proven on a forbidden example.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import stylelint from 'stylelint';
import { describe, expect, it } from 'vitest';

const SRC = 'renderer/src';

function files(dir: string, ext: RegExp): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return files(path, ext);
    return ext.test(entry.name) ? [path] : [];
  });
}

/** The stylesheets each module imports, as paths relative to the repository. */
function sheetImports(): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const module of files(SRC, /\.tsx?$/)) {
    const sheets = [...readFileSync(module, 'utf8').matchAll(/^import '(\.[^']+\.css)';$/gm)].map(
      (m) => relative('.', resolve(dirname(module), m[1]!)),
    );
    if (sheets.length) found.set(module, sheets);
  }
  return found;
}

/** Specificity of one selector (no selector lists), enough for the selectors CSS here uses. */
function specificity(selector: string): [number, number, number] {
  const score: [number, number, number] = [0, 0, 0];
  let rest = selector.replace(
    /:(not|is|has|where)\(((?:[^()]|\([^()]*\))*)\)/g,
    (_, name: string, list: string) => {
      if (name !== 'where') {
        const best = list
          .split(',')
          .map(specificity)
          .sort((x, y) => x[0] - y[0] || x[1] - y[1] || x[2] - y[2])
          .at(-1)!;
        score[0] += best[0];
        score[1] += best[1];
        score[2] += best[2];
      }
      return ' ';
    },
  );
  const count = (pattern: RegExp, at: 0 | 1 | 2) => {
    rest = rest.replace(pattern, () => {
      score[at]++;
      return ' ';
    });
  };
  count(/::[\w-]+(\([^)]*\))?/g, 2);
  count(/\[[^\]]*\]/g, 1);
  count(/:[\w-]+(\([^)]*\))?/g, 1);
  count(/#[\w-]+/g, 0);
  count(/\.[\w-]+/g, 1);
  count(/(^|[\s>+~])[a-z][\w-]*/gi, 2);
  return score;
}

interface Rule {
  readonly sheet: string;
  readonly selector: string;
  readonly media: boolean;
  readonly specificity: string;
  readonly classes: readonly string[];
  readonly properties: readonly string[];
}

/** A property and the shorthand it belongs to are one (padding-inline is padding). */
const family = (property: string) =>
  property
    .replace(/^(row-|column-)gap$/, 'gap')
    .replace(/^flex-(grow|shrink|basis)$/, 'flex')
    .replace(
      /^(padding|margin|border(?!-radius|-collapse)|font|overflow|grid-column|grid-row|background|list-style|outline)(-.*)?$/,
      '$1',
    );

type Root = NonNullable<stylelint.LintResult['_postcssResult']>['root'];

function rulesOf(sheet: string, root: Root): Rule[] {
  const rules: Rule[] = [];
  root.walkRules((rule) => {
    const media = rule.parent?.type === 'atrule';
    const properties = rule.nodes.flatMap((n) => (n.type === 'decl' ? [family(n.prop)] : []));
    for (const selector of rule.selectors)
      rules.push({
        sheet,
        selector,
        media,
        specificity: specificity(selector).join(','),
        classes: [...selector.matchAll(/\.([\w-]+)/g)].map((m) => m[1]!),
        properties,
      });
  });
  return rules;
}

/** The ties a narrow-window rule has with another sheet's rules (global sheets aside). */
function narrowTies(rules: readonly Rule[], global: ReadonlySet<string>): string[] {
  return rules
    .filter((r) => r.media)
    .flatMap((narrow) =>
      rules
        .filter(
          (other) =>
            other.sheet !== narrow.sheet &&
            !global.has(other.sheet) &&
            other.specificity === narrow.specificity &&
            other.classes.some((c) => narrow.classes.includes(c)) &&
            other.properties.some((p) => narrow.properties.includes(p)),
        )
        .map((other) => `${narrow.sheet} ${narrow.selector} ties ${other.sheet} ${other.selector}`),
    );
}

async function parse(
  sheets: readonly { readonly name: string; readonly code: string }[],
): Promise<Rule[]> {
  const parsed = await Promise.all(
    sheets.map(async ({ name, code }) => {
      const { results } = await stylelint.lint({ code, codeFilename: name, config: { rules: {} } });
      return rulesOf(name, results[0]!._postcssResult!.root);
    }),
  );
  return parsed.flat();
}

const GLOBAL = new Set(sheetImports().get(join(SRC, 'main.tsx')) ?? []);

describe("the window's stylesheets", () => {
  it('are each imported by a module (main.tsx imports the global ones)', () => {
    const imported = new Set([...sheetImports().values()].flat());
    expect(files(SRC, /\.css$/).filter((sheet) => !imported.has(sheet))).toEqual([]);
    expect([...GLOBAL]).toContain(join(SRC, 'styles/tokens.css'));
  });

  it('keep each narrow-window rule clear of ties with a sheet that may load after it', async () => {
    const sheets = files(SRC, /\.css$/).map((name) => ({
      name,
      code: readFileSync(name, 'utf8'),
    }));
    const rules = await parse(sheets);
    expect(rules.filter((r) => r.media).length).toBeGreaterThan(20);
    expect(narrowTies(rules, GLOBAL)).toEqual([]);
  });

  it('a narrow rule another screen ties fails (the .card padding that once came undone)', async () => {
    const rules = await parse([
      {
        name: 'ui/views.css',
        code: '.card {\n  padding: 24px;\n}\n@media (width <= 720px) {\n  .card {\n    padding: 16px;\n  }\n}\n',
      },
      { name: 'features/settings/settings.css', code: '.card {\n  padding-inline: 20px;\n}\n' },
      { name: 'styles/base.css', code: '.card {\n  padding: 0;\n}\n' },
    ]);
    expect(narrowTies(rules, new Set(['styles/base.css']))).toEqual([
      'ui/views.css .card ties features/settings/settings.css .card',
    ]);
  });

  it('counts specificity as the cascade does for the selectors used here', () => {
    expect(specificity('.job-row:has(:focus-visible) .job-file .middle-cut')).toEqual([0, 4, 0]);
    expect(specificity('.keys-table th')).toEqual([0, 1, 1]);
    expect(specificity(':lang(ja) .hint')).toEqual([0, 2, 0]);
    expect(specificity(".input[aria-invalid='true']")).toEqual([0, 2, 0]);
    expect(specificity('.progress::-webkit-progress-bar')).toEqual([0, 1, 1]);
    expect(specificity('.job-head > :nth-child(3)')).toEqual([0, 2, 0]);
    expect(specificity('dialog.dialog:not([open])')).toEqual([0, 2, 1]);
    expect(specificity('body:has(.dialog-overlay)')).toEqual([0, 1, 1]);
  });
});
