// Every string exists in English and Japanese, and none is left empty. That every key the window
// uses exists is the compiler's job (typed keys: typed-keys.test.ts).
import { describe, expect, it } from 'vitest';
import { DICTIONARY_SETTINGS } from '../../../renderer/src/i18n/dictionary-settings';
import { JOBS_STRINGS } from '../../../renderer/src/i18n/jobs-strings';
import { LIVE_STRINGS } from '../../../renderer/src/i18n/live-strings';
import { TRANSLATIONS } from '../../../renderer/src/i18n/translations';
import { VIEWER_STRINGS } from '../../../renderer/src/i18n/viewer-strings';

function leaves(tree: object, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    if (typeof value === 'string') out.set(`${prefix}${key}`, value);
    else for (const [k, v] of leaves(value, `${prefix}${key}.`)) out.set(k, v);
  }
  return out;
}
describe('window strings', () => {
  // The window's own strings and those Dictionary and Settings, Jobs, Live and the viewer bring
  // when they open.
  const screens = [DICTIONARY_SETTINGS, JOBS_STRINGS, LIVE_STRINGS, VIEWER_STRINGS];
  const english = new Map([
    ...leaves(TRANSLATIONS.en),
    ...screens.flatMap((table) => [...leaves(table.en)]),
  ]);
  const japanese = new Map([
    ...leaves(TRANSLATIONS.ja),
    ...screens.flatMap((table) => [...leaves(table.ja)]),
  ]);

  it('has every string in both languages, none empty', () => {
    expect([...japanese.keys()].sort()).toEqual([...english.keys()].sort());
    for (const [key, value] of [...english, ...japanese]) expect(value.trim(), key).not.toBe('');
  });
});
