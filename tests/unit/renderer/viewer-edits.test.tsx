// @vitest-environment happy-dom
/**
 * Correcting a transcript in the viewer: words in place (edit, split, remove, Tab to
 * the next, Escape), an utterance's text as a whole, a speaker's name, undo and redo (buttons and
 * keys, and after the window is opened again), Show original, revert one word or all, and Jobs
 * marking a corrected job. The bridge keeps the edit history with the shared edit model, as the
 * core does (tests/integration/core/edits.test.ts covers the core itself).
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Connection } from '../../../shared/domain/connection';
import type { EditOp } from '../../../shared/domain/edits';
import { appError } from '../../../shared/domain/errors';
import { DIARIZED } from '../../support/diarized';
import { editingBridge } from '../../support/window/editing-bridge';
import { fakeBridge, job, renderApp, type FakeBridge } from '../../support/window/fake-bridge';

const talk = job('talk', { mode: 'async' });

const editingTalk = () => editingBridge(talk, DIARIZED);

async function openTalk(bridge: FakeBridge, lang: 'en' | 'ja' = 'en') {
  localStorage.setItem('kikitori.lang', lang);
  const user = userEvent.setup({ delay: null });
  renderApp(bridge);
  await user.click(screen.getByRole('tab', { name: lang === 'en' ? 'Jobs' : 'ジョブ' }));
  await user.click(await screen.findByRole('button', { name: /^(Open|開く): talk\.wav$/ }));
  await screen.findByTestId('utterances');
  return user;
}

const wordTexts = () =>
  [...screen.getByTestId('word-list').querySelectorAll('button.word')].map((b) => b.textContent);
const texts = () =>
  [...screen.getByTestId('utterances').querySelectorAll('.utterance-text')].map(
    (p) => p.textContent,
  );
const applied = (bridge: FakeBridge) =>
  bridge.calls
    .filter((c) => c.channel === 'edits:apply')
    .map((c) => (c.input as { op: EditOp }).op);

describe('correcting words in the word view', () => {
  it('edits a word in place on double-click; Enter keeps it, marked, with what was heard', async () => {
    const bridge = editingTalk();
    const user = await openTalk(bridge);
    await user.click(screen.getByRole('tab', { name: 'Words' }));
    await user.dblClick(screen.getByRole('button', { name: /^morning,/ }));
    const editor = screen.getByRole('textbox', { name: 'Correct “morning”' });
    expect(document.activeElement).toBe(editor);
    await user.clear(editor);
    await user.type(editor, 'evening{Enter}');
    await waitFor(() => expect(wordTexts()).toContain('evening'));
    expect(applied(bridge)).toEqual([
      { kind: 'words', utterance: 0, changes: [{ from: 1, to: 2, written: ['evening'] }] },
    ]);
    const word = screen.getByRole('button', {
      name: /^evening, 0:00\.9, corrected \(recognized as “morning”\)$/,
    });
    expect(word.classList.contains('is-edited')).toBe(true);
    expect(document.activeElement).toBe(word);
    expect(screen.getByTestId('word-origin').textContent).toContain(
      '“evening” was recognized as “morning”.',
    );
    await user.click(screen.getByRole('button', { name: 'Copy text' }));
    expect(await navigator.clipboard.readText()).toMatch(/^Speaker 1: Good evening\.\n/);
  });

  it('splits a word typed as several (Space types into the editor), removes one cleared, and F2 edits the focused word', async () => {
    const bridge = editingTalk();
    const user = await openTalk(bridge);
    await user.click(screen.getByRole('tab', { name: 'Words' }));
    await user.click(screen.getByRole('button', { name: /^Hi,/ }));
    await user.keyboard('{F2}');
    const editor = screen.getByRole('textbox', { name: 'Correct “Hi”' });
    await user.clear(editor);
    await user.type(editor, 'Hello you{Enter}');
    await waitFor(() => expect(wordTexts().slice(2, 5)).toEqual(['Hello', 'you', 'there']));
    await user.click(screen.getByRole('button', { name: /^there,/ }));
    await user.keyboard('{F2}');
    await user.clear(screen.getByRole('textbox', { name: 'Correct “there”' }));
    await user.keyboard('{Enter}');
    await waitFor(() => expect(wordTexts()).not.toContain('there'));
    expect(wordTexts()).toEqual(['Good', 'morning', 'Hello', 'you', 'Welcome', 'back', 'Thanks']);
  });

  it('Tab keeps the word and edits the next; Escape cancels without a change', async () => {
    const bridge = editingTalk();
    const user = await openTalk(bridge);
    await user.click(screen.getByRole('tab', { name: 'Words' }));
    await user.dblClick(screen.getByRole('button', { name: /^Good,/ }));
    await user.clear(screen.getByRole('textbox', { name: 'Correct “Good”' }));
    await user.keyboard('Fine{Tab}');
    const next = await screen.findByRole('textbox', { name: 'Correct “morning”' });
    expect(document.activeElement).toBe(next);
    await user.keyboard('xyz{Escape}');
    await waitFor(() => expect(screen.queryByRole('textbox')).toBeNull());
    expect(wordTexts().slice(0, 2)).toEqual(['Fine', 'morning']);
    expect(applied(bridge)).toHaveLength(1);
  });
});

describe('the last word, and a name given back', () => {
  it('Tab on the last word keeps it and ends editing there', async () => {
    const bridge = editingTalk();
    const user = await openTalk(bridge);
    await user.click(screen.getByRole('tab', { name: 'Words' }));
    await user.dblClick(screen.getByRole('button', { name: /^Thanks,/ }));
    await user.clear(screen.getByRole('textbox', { name: 'Correct “Thanks”' }));
    await user.keyboard('Cheers{Tab}');
    await waitFor(() => expect(screen.queryByRole('textbox')).toBeNull());
    expect(document.activeElement).toBe(screen.getByRole('button', { name: /^Cheers,/ }));
  });

  it('a speaker renamed to nothing gets its default name back', async () => {
    const bridge = editingTalk();
    const user = await openTalk(bridge);
    await user.click(screen.getAllByRole('button', { name: 'Rename Speaker 2' })[0]!);
    await user.keyboard('{Control>}a{/Control}Sato{Enter}');
    await waitFor(() => expect(screen.getAllByTestId('speaker')[1]!.textContent).toBe('Sato'));
    await user.click(screen.getByRole('button', { name: 'Rename Sato' }));
    await user.clear(screen.getByRole('textbox', { name: 'Name of Sato in the whole transcript' }));
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getAllByTestId('speaker')[1]!.textContent).toBe('Speaker 2'));
    expect(bridge.history().position).toBe(2);
  });
});

describe('correcting the text view', () => {
  it('edits an utterance as a whole: unchanged words keep their place', async () => {
    const bridge = editingTalk();
    const user = await openTalk(bridge);
    await user.click(screen.getByRole('button', { name: 'Correct the text at 0:00.5' }));
    const editor = screen.getByRole('textbox', { name: 'Text at 0:00.5' });
    await user.clear(editor);
    await user.type(editor, 'Good morning everyone.{Enter}');
    await waitFor(() => expect(texts()[0]).toBe('Good morning everyone.'));
    expect(applied(bridge)).toEqual([
      {
        kind: 'words',
        utterance: 0,
        changes: [{ from: 1, to: 3, written: ['morning', 'everyone.'] }],
      },
    ]);
    expect(document.activeElement).toBe(
      screen.getByRole('button', { name: 'Correct the text at 0:00.5' }),
    );
  });

  it('edits one speaker’s part of an utterance only', async () => {
    const bridge = editingTalk();
    const user = await openTalk(bridge);
    await user.click(screen.getByRole('button', { name: 'Correct the text at 0:02.6' }));
    const editor = screen.getByRole('textbox', { name: 'Text at 0:02.6' });
    await user.clear(editor);
    await user.type(editor, 'Welcome home{Enter}');
    await waitFor(() => expect(texts()[2]).toBe('Welcome home'));
    expect(texts()[1]).toBe('Hi there.');
    expect(applied(bridge)[0]).toEqual({
      kind: 'words',
      utterance: 1,
      changes: [{ from: 4, to: 5, written: ['home'] }],
    });
  });

  it('renames a speaker once for the whole transcript, and exports carry the name', async () => {
    const bridge = editingTalk();
    const user = await openTalk(bridge);
    await user.click(screen.getAllByRole('button', { name: 'Rename Speaker 1' })[0]!);
    const field = screen.getByRole('textbox', {
      name: 'Name of Speaker 1 in the whole transcript',
    });
    await user.clear(field);
    await user.type(field, 'Tanaka{Enter}');
    await waitFor(() =>
      expect(screen.getAllByTestId('speaker').map((p) => p.textContent)).toEqual([
        'Tanaka',
        'Speaker 2',
        'Tanaka',
      ]),
    );
    await user.click(screen.getByRole('tab', { name: 'Words' }));
    expect(
      [...screen.getByTestId('word-list').querySelectorAll('.speaker')].map((p) => p.textContent),
    ).toEqual(['Tanaka', 'Speaker 2', 'Tanaka']);
    await user.click(screen.getByRole('button', { name: 'Copy text' }));
    expect(await navigator.clipboard.readText()).toBe(
      'Tanaka: Good morning.\n\nSpeaker 2: Hi there.\n\nTanaka: Welcome back Thanks\n',
    );
  });
});

describe('undo, redo, show original, revert', () => {
  async function corrected() {
    const bridge = editingTalk();
    const user = await openTalk(bridge);
    await user.click(screen.getByRole('tab', { name: 'Words' }));
    await user.dblClick(screen.getByRole('button', { name: /^morning,/ }));
    await user.clear(screen.getByRole('textbox'));
    await user.keyboard('evening{Enter}');
    await waitFor(() => expect(wordTexts()).toContain('evening'));
    await user.dblClick(screen.getByRole('button', { name: /^Thanks,/ }));
    await user.clear(screen.getByRole('textbox'));
    await user.keyboard('Cheers{Enter}');
    await waitFor(() => expect(wordTexts()).toContain('Cheers'));
    return { bridge, user };
  }

  it('undoes and redoes with Ctrl+Z and Ctrl+Shift+Z, and with the buttons', async () => {
    const { user } = await corrected();
    await user.keyboard('{Control>}z{/Control}');
    await waitFor(() => expect(wordTexts()).toContain('Thanks'));
    expect(wordTexts()).toContain('evening');
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(wordTexts()).toContain('morning'));
    // Greyed out, yet focusable (aria-disabled): the focus stays in the viewer.
    expect(screen.getByRole('button', { name: 'Undo' }).getAttribute('aria-disabled')).toBe('true');
    await user.click(screen.getByRole('heading', { name: 'talk.wav' }));
    await user.keyboard('{Control>}{Shift>}z{/Shift}{/Control}');
    await waitFor(() => expect(wordTexts()).toContain('evening'));
    await user.click(screen.getByRole('button', { name: 'Redo' }));
    await waitFor(() => expect(wordTexts()).toContain('Cheers'));
  });

  it('undoes after the window is opened again', async () => {
    const { bridge } = await corrected();
    act(() => screen.getByRole('button', { name: /Back/ }).click());
    const user = userEvent.setup({ delay: null });
    await user.click(await screen.findByRole('button', { name: 'Open: talk.wav' }));
    await screen.findByTestId('utterances');
    expect(texts()[0]).toBe('Good evening.');
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(texts()[3]).toBe('Thanks'));
    expect(bridge.history().position).toBe(1);
  });

  it('shows the original without editing it, and reverts one word or all', async () => {
    const { user } = await corrected();
    const toggle = screen.getByTestId('show-original');
    await user.click(toggle);
    expect(toggle.getAttribute('aria-pressed')).toBe('true');
    expect(wordTexts()).toEqual(
      DIARIZED.utterances.flatMap((u) =>
        u.tokens.filter((t) => t.spoken !== '_').map((t) => t.written),
      ),
    );
    await user.dblClick(screen.getByRole('button', { name: /^morning,/ }));
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.getByText(/Showing the transcript as recognized/)).toBeTruthy();
    await user.click(toggle);
    await user.click(screen.getByRole('button', { name: /^evening,/ }));
    await user.click(screen.getByRole('button', { name: 'Revert this word' }));
    await waitFor(() => expect(wordTexts()).toContain('morning'));
    expect(wordTexts()).toContain('Cheers');
    await user.click(screen.getByRole('button', { name: 'Revert all corrections' }));
    await waitFor(() => expect(wordTexts()).toContain('Thanks'));
    expect(
      screen.getByRole('button', { name: 'Revert all corrections' }).getAttribute('aria-disabled'),
    ).toBe('true');
  });

  it('says so when a correction no longer fits', async () => {
    const bridge = editingTalk();
    bridge.answers['edits:apply'] = () => ({ ok: false, error: appError('edit-refused') });
    const user = await openTalk(bridge);
    await user.click(screen.getByRole('tab', { name: 'Words' }));
    await user.dblClick(screen.getByRole('button', { name: /^morning,/ }));
    await user.keyboard('x{Enter}');
    expect(await screen.findByText(/This correction no longer fits the transcript/)).toBeTruthy();
    expect(screen.getByRole('textbox')).toBeTruthy();
  });
});

describe('teaching the dictionary from a correction', () => {
  it('opens the dictionary of the job’s connection and engine with the word and what was heard', async () => {
    const bridge = editingTalk();
    bridge.answers['connections:test'] = () => ({
      ok: true,
      data: { engines: ['-a-general-en'], key: 'accepted' },
    });
    bridge.answers['dictionary:profiles'] = () => ({ ok: true, data: { profiles: ['names'] } });
    bridge.answers['dictionary:getWords'] = () => ({ ok: true, data: { words: [] } });
    const user = await openTalk(bridge);
    await user.click(screen.getByRole('tab', { name: 'Words' }));
    await user.dblClick(screen.getByRole('button', { name: /^morning,/ }));
    await user.keyboard('{Control>}a{/Control}evening{Enter}');
    await user.click(await screen.findByRole('button', { name: 'Add to dictionary…' }));
    expect(screen.getByRole('tab', { name: 'Dictionary' }).getAttribute('aria-selected')).toBe(
      'true',
    );
    await waitFor(() =>
      expect(bridge.calls.some((c) => c.channel === 'dictionary:profiles')).toBe(true),
    );
    expect(bridge.calls.find((c) => c.channel === 'dictionary:profiles')!.input).toEqual({
      connection: 'local',
      engine: '-a-general-en',
    });
    // The job had no profile: one is chosen (or made) first, and the word waits for it.
    await user.selectOptions(await screen.findByTestId('dict-profile'), 'names');
    expect(await screen.findByTestId('add-written')).toHaveProperty('value', 'evening');
    expect(screen.getByTestId('add-spoken')).toHaveProperty('value', 'morning');
    expect(screen.getByTestId('reading-from').textContent).toContain(
      'From your correction of “morning” to “evening”',
    );
    await user.click(screen.getByRole('button', { name: 'Add word' }));
    expect(screen.getByTestId('add-written')).toHaveProperty('value', '');
    expect(screen.queryByTestId('reading-from')).toBeNull();
  });
});

describe('teaching the dictionary from a job made with no profile', () => {
  it('offers to create a profile with the word kept, and makes it the connection’s for the next files', async () => {
    const bridge = editingTalk();
    bridge.answers['connections:test'] = () => ({
      ok: true,
      data: { engines: ['-a-general-en'], key: 'accepted' },
    });
    bridge.answers['dictionary:profiles'] = () => ({ ok: true, data: { profiles: [] } });
    bridge.answers['dictionary:getWords'] = () => ({ ok: true, data: { words: [] } });
    bridge.answers['connections:save'] = (input) => ({
      ok: true,
      data: { connection: (input as { connection: Connection }).connection },
    });
    const user = await openTalk(bridge);
    await user.click(screen.getByRole('tab', { name: 'Words' }));
    await user.dblClick(screen.getByRole('button', { name: /^morning,/ }));
    await user.keyboard('{Control>}a{/Control}evening{Enter}');
    await user.click(await screen.findByRole('button', { name: 'Add to dictionary…' }));
    // The word is named where it waits, with the way on.
    const waiting = await screen.findByTestId('teach-no-profile');
    expect(waiting.textContent).toContain('“evening” waits for one');
    expect(waiting.textContent).toContain('new files on Local (offline) will then use it');
    await user.click(within(waiting).getByRole('button', { name: 'Create a profile…' }));
    const dialog = await screen.findByRole('dialog', { name: 'New profile' });
    expect(dialog.textContent).toContain('“evening” is then ready to add to it');
    await user.type(within(dialog).getByRole('textbox', { name: 'Profile ID' }), 'names{Enter}');
    // The word is kept in the add form of the new profile…
    expect(await screen.findByTestId('add-written')).toHaveProperty('value', 'evening');
    expect(screen.getByTestId('add-spoken')).toHaveProperty('value', 'morning');
    expect(screen.getByTestId<HTMLSelectElement>('dict-profile').value).toBe('names');
    // …and the connection uses the new profile for the next files.
    await waitFor(() =>
      expect(bridge.calls.filter((c) => c.channel === 'connections:save')).toHaveLength(1),
    );
    const saved = bridge.calls.find((c) => c.channel === 'connections:save')!.input as {
      connection: Connection;
    };
    expect(saved.connection).toMatchObject({ id: 'local', profileId: 'names' });
    await user.click(screen.getByRole('tab', { name: 'Transcribe' }));
    expect(
      screen.getByRole<HTMLSelectElement>('combobox', { name: 'Dictionary profile' }).value,
    ).toBe('names');
  });
});

describe('in Japanese, and in Jobs', () => {
  it('names the editing controls in Japanese', async () => {
    const bridge = editingTalk();
    const user = await openTalk(bridge, 'ja');
    expect(screen.getByRole('button', { name: '元に戻す' })).toBeTruthy();
    expect(screen.getByRole('button', { name: '修正前を表示' })).toBeTruthy();
    expect(screen.getAllByRole('button', { name: '話者 1 の名前を変える' })).toHaveLength(2);
    await user.click(screen.getByRole('tab', { name: '単語' }));
    await user.dblClick(screen.getByRole('button', { name: /^morning、/ }));
    expect(screen.getByRole('textbox', { name: '「morning」を修正' })).toBeTruthy();
  });

  it('marks a corrected job in the Jobs list', async () => {
    const bridge = fakeBridge({
      'jobs:list': () => ({
        ok: true,
        data: { jobs: [job('fixed', { edited: true }), job('plain', { createdAt: 1 })] },
      }),
    });
    localStorage.setItem('kikitori.lang', 'en');
    const user = userEvent.setup({ delay: null });
    renderApp(bridge);
    await user.click(screen.getByRole('tab', { name: 'Jobs' }));
    const rows = await screen.findAllByTestId('job-row');
    const marks = rows.map((row) => within(row).queryByTestId('edited')?.textContent ?? null);
    expect(marks).toEqual(['Corrected', null]);
  });
});
