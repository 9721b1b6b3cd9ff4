// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import type { ProfileWord } from '../../../shared/api/profile-words';
import { appError } from '../../../shared/domain/errors';
import { engineRules, rowIssues } from '../../../renderer/src/store/word-rows';
import { createAppStore } from '../../../renderer/src/store/store';
import { fakeBridge } from '../../support/window/table-bridge';

const SAVED: ProfileWord[] = [
  { written: 'Marianne', spoken: 'mary ann' },
  { written: 'Elinor', spoken: 'el in or', classname: 'PERSON' },
];

async function openProfile() {
  let stored = SAVED;
  const bridge = fakeBridge({
    'dictionary:profiles': () => ({ profiles: ['novel'] }),
    'dictionary:classnames': () => ({ classnames: ['PERSON', 'PLACE'] }),
    'dictionary:getWords': () => ({ words: stored }),
    'dictionary:diff': ({ words }) => ({
      added: words.length - stored.length,
      removed: 0,
      changed: 0,
    }),
    'dictionary:setWords': ({ words }) => {
      stored = words;
      return { words, added: 0, removed: 0, changed: 0 };
    },
  });
  const store = createAppStore({ bridge });
  store.getState().requestSelect('local', '-a-general-en', 'novel');
  await expect.poll(() => store.getState().wordRows.length).toBe(2);
  return { store, bridge, stored: () => stored };
}

describe('the dictionary slice', () => {
  it('adds, edits and deletes words, with the dirty flag following the saved words', async () => {
    const { store } = await openProfile();
    const s = store.getState;
    expect(s().dictDirty).toBe(false);
    expect(s().dictClassnames).toEqual(['PERSON', 'PLACE']);

    s().addWord({ written: ' Willoughby ', spoken: 'will oh be', classname: '' });
    expect(s().wordRows[0]).toMatchObject({ written: 'Willoughby', spoken: 'will oh be' });
    expect(s().dictDirty).toBe(true);

    const key = s().wordRows[0]!.key;
    s().editWord(key, { written: 'Willoughby', spoken: 'willow be', classname: 'PERSON' });
    expect(s().wordRows[0]).toMatchObject({ key, spoken: 'willow be', classname: 'PERSON' });

    s().deleteWord(key);
    expect(s().wordRows.map((r) => r.written)).toEqual(['Marianne', 'Elinor']);
    // Back to exactly the saved words: not dirty any more.
    expect(s().dictDirty).toBe(false);
    expect(s().undoStack).toHaveLength(3);
  });

  it('undoes edits one at a time, back to the saved words', async () => {
    const { store } = await openProfile();
    const s = store.getState;
    const elinor = s().wordRows[1]!.key;
    s().editWord(elinor, { written: 'Elinor', spoken: 'ellie nor', classname: 'PERSON' });
    s().deleteWord(s().wordRows[0]!.key);
    expect(s().wordRows.map((r) => r.spoken)).toEqual(['ellie nor']);
    s().undoEdit();
    expect(s().wordRows.map((r) => r.written)).toEqual(['Marianne', 'Elinor']);
    expect(s().dictDirty).toBe(true);
    s().undoEdit();
    expect(s().wordRows[1]!.spoken).toBe('el in or');
    expect(s().dictDirty).toBe(false);
    s().undoEdit();
    expect(s().wordRows).toHaveLength(2);
  });

  it('marks every copy of a duplicate written form and each invalid row', async () => {
    const { store } = await openProfile();
    const s = store.getState;
    s().addWord({ written: 'Elinor', spoken: 'again', classname: '' });
    s().addWord({ written: 'bad|pipe', spoken: '', classname: '' });
    const issues = rowIssues(s().wordRows);
    const [pipe, copy, , original] = s().wordRows;
    expect(issues.get(copy!.key)).toEqual({ kind: 'duplicate', written: 'Elinor' });
    expect(issues.get(original!.key)).toEqual({ kind: 'duplicate', written: 'Elinor' });
    expect(issues.get(pipe!.key)).toEqual({ kind: 'characters', field: 'written' });
    expect(issues.size).toBe(3);
    s().editWord(copy!.key, { written: '', spoken: 'again', classname: '' });
    expect(rowIssues(s().wordRows).get(copy!.key)).toEqual({ kind: 'empty', field: 'written' });
    expect(rowIssues(s().wordRows).get(original!.key)).toBeUndefined();
  });

  it('marks, before saving, the rows the local English engine cannot take', async () => {
    const { store } = await openProfile();
    const s = store.getState;
    s().addWord({ written: 'Tokyo', spoken: '東京', classname: '' });
    s().addWord({ written: 'world', spoken: '', classname: '' });
    s().addWord({ written: 'kikitori', spoken: 'key key tory', classname: '名詞' });
    const [klass, none, kanji] = s().wordRows;
    const rules = engineRules(s().dictEngine, s().dictClassnames);
    const issues = rowIssues(s().wordRows, rules);
    expect(issues.get(kanji!.key)).toEqual({ kind: 'reading-letters' });
    expect(issues.get(none!.key)).toEqual({ kind: 'no-reading' });
    expect(issues.get(klass!.key)).toEqual({ kind: 'class', classname: '名詞' });
    expect(issues.size).toBe(3);
    // Another engine (a Japanese cloud one) reads kana and has classes of its own.
    expect(rowIssues(s().wordRows, engineRules('-a-general', [])).size).toBe(0);
  });

  it('marks the row the service refused at the last save, until the table changes', async () => {
    const { store } = await openProfile();
    const s = store.getState;
    const refusal = appError(
      'word-rejected',
      { index: 1, written: 'Elinor', reason: 'unknown-word', value: 'el' },
      'profilewords[1] ("Elinor"): the engine does not know the word "el" in spoken "el in or"',
    );
    const bridge = fakeBridge({
      'dictionary:setWords': () => ({ ok: false, error: refusal }),
    });
    const refusing = createAppStore({ bridge });
    refusing.setState({
      dictConnection: 'local',
      dictEngine: '-a-general-en',
      dictProfile: 'novel',
      wordRows: s().wordRows,
      savedWords: [],
      dictDirty: true,
    });
    const r = refusing.getState;
    expect(await r().saveWords()).toEqual({ ok: false, error: refusal });
    const elinor = r().wordRows[1]!;
    const rules = engineRules(r().dictEngine, r().dictClassnames);
    expect(rowIssues(r().wordRows, rules, r().dictRejection).get(elinor.key)).toEqual({
      kind: 'unknown-word',
      word: 'el',
    });
    r().editWord(elinor.key, { written: 'Elinor', spoken: 'ellie nor', classname: '' });
    expect(r().dictRejection).toBeUndefined();
  });

  it('asks before a switch drops unsaved edits, and saves what the table holds', async () => {
    const { store, bridge, stored } = await openProfile();
    const s = store.getState;
    s().setTab('dictionary');
    s().addWord({ written: 'Edward', spoken: 'ed ward', classname: '' });
    s().requestTab('settings');
    expect(s().tab).toBe('dictionary');
    expect(s().pendingLeave).toEqual({
      guard: 'dictionary',
      leaving: { kind: 'tab', tab: 'settings' },
    });
    s().cancelLeave();
    expect(s().wordRows).toHaveLength(3);

    expect(await s().previewSave()).toEqual({
      ok: true,
      data: { added: 1, removed: 0, changed: 0 },
    });
    expect(await s().saveWords()).toEqual({ ok: true, data: undefined });
    expect(stored().map((w) => w.written)).toEqual(['Edward', 'Marianne', 'Elinor']);
    expect(s().dictDirty).toBe(false);
    expect(bridge.calls.at(-1)).toMatchObject({
      channel: 'dictionary:setWords',
      input: { connection: 'local', engine: '-a-general-en', profileId: 'novel' },
    });

    s().deleteWord(s().wordRows[0]!.key);
    s().createProfile('other');
    expect(s().pendingLeave).toMatchObject({
      guard: 'dictionary',
      leaving: { kind: 'change', name: 'dictionary:create' },
    });
    await s().confirmLeave();
    expect(s().dictProfile).toBe('other');
    expect(s().wordRows).toEqual([]);
    expect(s().dictDirty).toBe(false);
  });

  it('imports by replacing the table or by adding to it', async () => {
    const { store } = await openProfile();
    const s = store.getState;
    s().applyImport([{ written: 'Elinor', spoken: 'eleanor' }, { written: 'Edward' }], true);
    expect(s().wordRows.map((r) => `${r.written}:${r.spoken}`)).toEqual([
      'Marianne:mary ann',
      'Elinor:eleanor',
      'Edward:',
    ]);
    s().applyImport([{ written: 'Edward' }], false);
    expect(s().wordRows.map((r) => r.written)).toEqual(['Edward']);
    s().undoEdit();
    expect(s().wordRows).toHaveLength(3);
  });

  it('keeps a profile created while the profile list was still loading, and ignores a superseded list', async () => {
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    const base = fakeBridge({
      'dictionary:profiles': ({ engine }) => ({ profiles: [`${engine}-saved`] }),
      'dictionary:classnames': () => ({ classnames: [] }),
    });
    // The first engine's list answers late: after a profile was created and after the engine
    // changed, as a slow service or a quick person can make it.
    const bridge = {
      ...base,
      call: (async (channel, input) => {
        if (channel === 'dictionary:profiles' && (input as { engine: string }).engine === 'slow')
          await answered;
        return base.call(channel, input as never);
      }) as typeof base.call,
    };
    const store = createAppStore({ bridge });
    const s = store.getState;
    const slow = s().openDictionary('local', 'slow');
    s().createProfile('fresh');
    const fast = s().openDictionary('local', 'fast');
    expect(await fast).toMatchObject({ ok: true });
    answer();
    expect(await slow).toMatchObject({ ok: true });
    expect(s().dictEngine).toBe('fast');
    expect(s().dictProfile).toBe('fresh');
    expect(s().dictProfiles).toEqual(['fast-saved', 'fresh']);
  });
});
