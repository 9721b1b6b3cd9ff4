/**
 * The core's parts are declared once: the record `openParts` answers (core/parts.ts) is their
 * type, the Core takes each as a field from it, and the handlers are built from it whole. No
 * other file lists them again (a `Parts` interface, the Core's fields, its constructor's
 * assignments, a `HandlerDeps` of its own), so adding a part is one entry. Read with TypeScript's
 * own parser.
 */
import { readFileSync } from 'node:fs';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const source = (file: string) =>
  ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);

/** The names of the record `openParts` returns. */
function partNames(): string[] {
  const file = source('core/parts.ts');
  const open = file.statements.find(
    (s): s is ts.FunctionDeclaration => ts.isFunctionDeclaration(s) && s.name?.text === 'openParts',
  );
  const last = open?.body?.statements.at(-1);
  if (!last || !ts.isReturnStatement(last) || !last.expression) return [];
  if (!ts.isObjectLiteralExpression(last.expression)) return [];
  return last.expression.properties.map((p) => p.name?.getText(file) ?? '');
}

/** Every name declared in `file`'s interfaces, classes' fields and `this.x =` assignments. */
function listedNames(file: string): string[] {
  const sf = source(file);
  const names: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isInterfaceDeclaration(node) || ts.isClassDeclaration(node))
      for (const member of node.members)
        if (ts.isPropertySignature(member) || ts.isPropertyDeclaration(member))
          names.push(member.name.getText(sf));
    if (
      ts.isBinaryExpression(node) &&
      node.operatorToken.kind === ts.SyntaxKind.EqualsToken &&
      ts.isPropertyAccessExpression(node.left) &&
      node.left.expression.kind === ts.SyntaxKind.ThisKeyword
    )
      names.push(node.left.name.text);
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return names;
}

describe("the core's parts", () => {
  const parts = partNames();

  it('are the record openParts answers', () => {
    expect(parts).toContain('journal');
    expect(parts).toContain('search');
    expect(parts.length).toBeGreaterThan(10);
  });

  it.each(['core/core.ts', 'core/handlers/index.ts', 'core/handlers/types.ts'])(
    'are listed nowhere else: %s',
    (file) => {
      expect(listedNames(file).filter((name) => parts.includes(name))).toEqual([]);
    },
  );
});
