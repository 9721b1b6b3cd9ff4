// Every key the window uses exists in English and Japanese, and no string is left empty.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DICTIONARY_SETTINGS } from '../../../renderer/src/i18n/dictionary-settings';
import { TRANSLATIONS } from '../../../renderer/src/i18n/translations';

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : /\.tsx?$/.test(name) ? [path] : [];
  });
}
function leaves(tree: object, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === 'string') out.set(`${prefix}${key}`, value);
    else for (const [k, v] of leaves(value, `${prefix}${key}.`)) out.set(k, v);
  }
  return out;
}
const has = (table: Map<string, string>, key: string) =>
  table.has(key) ||
  table.has(`${key}_one`) ||
  [...table.keys()].some((k) => k.startsWith(`${key}.`));

describe('window strings', () => {
  // The window's own strings and those Dictionary and Settings bring when they open.
  const english = new Map([...leaves(TRANSLATIONS.en), ...leaves(DICTIONARY_SETTINGS.en)]);
  const japanese = new Map([...leaves(TRANSLATIONS.ja), ...leaves(DICTIONARY_SETTINGS.ja)]);

  it('has every string in both languages, none empty', () => {
    expect([...japanese.keys()].sort()).toEqual([...english.keys()].sort());
    for (const [key, value] of [...english, ...japanese]) expect(value.trim(), key).not.toBe('');
  });

  it('has every literal key the components use', () => {
    const used = new Set<string>();
    for (const file of files('renderer/src')) {
      for (const match of readFileSync(file, 'utf8').matchAll(/\bt\(\s*'([a-zA-Z.]+)'/g))
        used.add(match[1]!);
      for (const match of readFileSync(file, 'utf8').matchAll(/\bt\(\s*`([a-zA-Z.]+)\.\$\{/g))
        used.add(match[1]!);
    }
    expect(used.size).toBeGreaterThan(40);
    const missing = [...used].filter((key) => !has(english, key) || !has(japanese, key));
    expect(missing).toEqual([]);
  });
});
