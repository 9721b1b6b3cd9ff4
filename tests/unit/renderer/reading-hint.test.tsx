// @vitest-environment happy-dom
/**
 * What a reading is, said before the first mistake: under the add-word form, in
 * the engine's own terms — the English words the local engine hears, or how a word is said.
 */
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AddWordForm } from '../../../renderer/src/features/dictionary/AddWordForm';
import { createAppStore } from '../../../renderer/src/store/store';
import { inStore } from '../../support/window/in-store';
import { fakeBridge } from '../../support/window/table-bridge';

afterEach(cleanup);

describe('the reading, explained per engine', () => {
  it.each([
    ['-a-general-en', 'en', /^The reading is what the local English engine hears: English words/],
    ['-a-general', 'en', /^The reading is how the word is said.*hiragana or katakana/],
    ['-a-general-en', 'ja', /^読みは、ローカルの英語エンジンに聞こえる英単語/],
    ['-a-general', 'ja', /^読みは、その単語がどう発音されるか/],
  ] as const)('%s in %s', (engine, lang, expected) => {
    const store = createAppStore({ bridge: fakeBridge({}) });
    store.setState({ lang, dictEngine: engine });
    render(inStore(store, lang, <AddWordForm />));
    expect(screen.getByTestId('reading-hint').textContent).toMatch(expected);
  });
});
