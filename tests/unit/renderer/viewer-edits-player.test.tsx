// @vitest-environment happy-dom
/**
 * Correcting a transcript and the player's own work, together in one viewer: the text view's
 * words seek on click beside its pencil editor, find marks the text as corrected, the player's
 * keys reach the player from inside the word editor while the editor keeps its own keys (Enter,
 * Escape, Ctrl+Enter, and Ctrl+Z stays the field's), and an export named after the job's title
 * carries the corrections.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Job } from '../../../shared/domain/job';
import { DIARIZED } from '../../support/diarized';
import { editingBridge } from '../../support/window/editing-bridge';
import { job, renderApp, type FakeBridge } from '../../support/window/fake-bridge';
import { countMediaPlays } from '../../support/window/media-plays';

const plays = countMediaPlays();

const talk: Job = { ...job('talk', { mode: 'async' }), title: 'Weekly: call' };

function bridgeFor(): FakeBridge {
  const bridge = editingBridge(talk, DIARIZED, {
    'search:query': () => ({ ok: true, data: { hits: [], complete: true, more: false } }),
    'export:job': () => ({ ok: true, data: { saved: true, paths: ['/home/me/x'] } }),
  });
  // Exports go through the host's save dialog, so what was saved is in the calls.
  return Object.assign(bridge, { mode: 'electron' as const });
}

async function openTalk(bridge: FakeBridge) {
  localStorage.setItem('kikitori.lang', 'en');
  const user = userEvent.setup({ delay: null });
  renderApp(bridge);
  await user.click(screen.getByRole('tab', { name: 'Jobs' }));
  await user.click(await screen.findByRole('button', { name: 'Open: Weekly: call' }));
  await screen.findByTestId('utterances');
  return user;
}

const checked = (box: HTMLElement) => (box as HTMLInputElement).checked;
const audio = () => screen.getByTestId<HTMLAudioElement>('player');
const position = () => screen.getByTestId('find-position').textContent;
const currentMarks = () =>
  [...document.querySelectorAll('.viewer-panel[data-state="active"] .is-found')].map(
    (el) => el.textContent,
  );
const texts = () =>
  [...screen.getByTestId('utterances').querySelectorAll('.utterance-text')].map(
    (p) => p.textContent,
  );
function textWord(text: string): HTMLElement {
  const word = [...document.querySelectorAll<HTMLElement>('.text-word')].find(
    (el) => el.textContent === text,
  );
  if (!word) throw new Error(`no word “${text}” in the text view`);
  return word;
}
const wordTexts = () =>
  [...screen.getByTestId('word-list').querySelectorAll('button.word')].map((b) => b.textContent);
const called = (bridge: FakeBridge, channel: string) =>
  bridge.calls.filter((c) => c.channel === channel);

describe('the text view, corrected', () => {
  it('edits a passage by its pencil, then its words (kept or corrected) seek on click and find marks the corrected text', async () => {
    const bridge = bridgeFor();
    const user = await openTalk(bridge);
    await user.click(screen.getByRole('button', { name: 'Correct the text at 0:00.5' }));
    const editor = screen.getByRole('textbox', { name: 'Text at 0:00.5' });
    await user.clear(editor);
    await user.type(editor, 'Good evening.{Enter}');
    await waitFor(() => expect(texts()[0]).toBe('Good evening.'));
    expect(screen.getByTestId('utterances').querySelector('.is-edited')).not.toBeNull();

    // The corrected word has the time of the word it replaced; the others keep theirs.
    await user.click(textWord('evening.'));
    expect(audio().currentTime).toBe(0.9);
    await user.click(textWord('there'));
    expect(audio().currentTime).toBe(1.9);
    // The pencil is still there for the next correction.
    expect(screen.getByRole('button', { name: 'Correct the text at 0:00.5' })).toBeTruthy();

    await user.type(screen.getByTestId('find'), 'evening');
    await waitFor(() => expect(position()).toBe('1 of 1'));
    expect(currentMarks()).toEqual(['evening']);
    await user.clear(screen.getByTestId('find'));
    await user.type(screen.getByTestId('find'), 'morning');
    await waitFor(() => expect(position()).toBe('No matches'));

    // Show original finds in what is shown: the service's text.
    await user.click(screen.getByTestId('show-original'));
    await waitFor(() => expect(position()).toBe('1 of 1'));
    expect(currentMarks()).toEqual(['morning']);
    expect(screen.queryByRole('button', { name: 'Correct the text at 0:00.5' })).toBeNull();
  });

  it('a click on a word of the text view never opens its editor, and a click in the editor never seeks', async () => {
    const user = await openTalk(bridgeFor());
    await user.click(textWord('Welcome'));
    expect(audio().currentTime).toBe(2.6);
    expect(screen.queryByRole('textbox', { name: /^Text at/ })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Correct the text at 0:02.6' }));
    const editor = screen.getByRole('textbox', { name: 'Text at 0:02.6' });
    audio().currentTime = 0;
    await user.click(editor);
    expect(audio().currentTime).toBe(0);
    // Ctrl+Enter plays the passage being corrected.
    await user.keyboard('{Control>}{Enter}{/Control}');
    expect(audio().currentTime).toBe(2.6);
    expect(plays.count).toBe(1);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('textbox', { name: /^Text at/ })).toBeNull());
  });
});

describe('the word editor and the player', () => {
  it('lets the player’s keys through while it keeps Enter, Space, ? and Ctrl+Z as its own', async () => {
    const bridge = bridgeFor();
    const user = await openTalk(bridge);
    await user.click(screen.getByRole('tab', { name: 'Words' }));
    await user.dblClick(screen.getByRole('button', { name: /^morning,/ }));
    const editor = screen.getByRole('textbox', { name: 'Correct “morning”' });
    expect(document.activeElement).toBe(editor);
    audio().currentTime = 1;
    await user.keyboard('{F8}');
    expect(audio().currentTime).toBe(6);
    await user.keyboard('{F7}');
    expect(audio().currentTime).toBe(1);
    await user.keyboard('{F9}');
    expect(plays.count).toBe(1);
    await user.keyboard('{Control>} {/Control}');
    expect(plays.count).toBe(2);
    await user.keyboard('{Control>}]{/Control}');
    expect(audio().playbackRate).toBe(1.25);
    // Ctrl+Enter plays from the word being corrected.
    await user.keyboard('{Control>}{Enter}{/Control}');
    expect(audio().currentTime).toBe(0.9);
    expect(plays.count).toBe(3);
    // Still the editor, its text as typed: Space and ? are typed, nothing else opened.
    expect(document.activeElement).toBe(editor);
    await user.clear(editor);
    await user.type(editor, 'eve ning?');
    expect(editor).toHaveProperty('value', 'eve ning?');
    expect(plays.count).toBe(3);
    expect(screen.queryByRole('dialog')).toBeNull();
    // Ctrl+Z is the field's own: no correction is undone.
    await user.keyboard('{Control>}z{/Control}');
    expect(called(bridge, 'edits:undo')).toEqual([]);
    await user.clear(editor);
    await user.type(editor, 'evening');
    // Arrows and Home move the caret, not the focus to another word.
    await user.keyboard('{Home}{ArrowRight}');
    expect(document.activeElement).toBe(editor);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(wordTexts()).toContain('evening'));
    expect(called(bridge, 'edits:apply')).toHaveLength(1);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: /^evening,/ }));
    // Out of the editor, Ctrl+Z undoes the correction.
    await user.keyboard('{Control>}z{/Control}');
    await waitFor(() => expect(wordTexts()).toContain('morning'));
  });

  it('find in the word view lands on a corrected word', async () => {
    const user = await openTalk(bridgeFor());
    await user.click(screen.getByRole('tab', { name: 'Words' }));
    await user.dblClick(screen.getByRole('button', { name: /^Thanks,/ }));
    await user.clear(screen.getByRole('textbox', { name: 'Correct “Thanks”' }));
    await user.keyboard('Cheers{Enter}');
    await waitFor(() => expect(wordTexts()).toContain('Cheers'));
    await user.type(screen.getByTestId('find'), 'cheers');
    await waitFor(() => expect(position()).toBe('1 of 1'));
    const found = screen.getByTestId('word-list').querySelector('.is-found')!;
    expect(found.textContent).toBe('Cheers');
    expect(found.classList.contains('is-edited')).toBe(true);
  });
});

describe('the shortcuts dialog', () => {
  it('lists the correcting keys beside the player’s', async () => {
    const user = await openTalk(bridgeFor());
    screen.getByRole('heading', { level: 1 }).focus();
    await user.keyboard('?');
    const dialog = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    const group = within(dialog).getByRole('heading', { name: 'Correcting words' }).parentElement!;
    expect(group.textContent).toContain('F2');
    expect(group.textContent).toContain('Ctrl+EnterPlay from the word being corrected');
    expect(group.textContent).toContain('Ctrl+Shift+ZRedo it');
  });
});

describe('exports of a renamed, corrected job', () => {
  it('asks the core for the open job in the formats ticked, with what the files hold; the original JSON once corrected', async () => {
    localStorage.removeItem('kikitori.export');
    const bridge = bridgeFor();
    const user = await openTalk(bridge);
    await user.click(screen.getByRole('tab', { name: 'Words' }));
    await user.dblClick(screen.getByRole('button', { name: /^morning,/ }));
    await user.clear(screen.getByRole('textbox'));
    await user.keyboard('evening{Enter}');
    await waitFor(() => expect(wordTexts()).toContain('evening'));

    await user.click(screen.getByTestId('export'));
    const dialog = await screen.findByTestId('export-dialog');
    // Corrected: the service's own JSON is offered too.
    expect(checked(within(dialog).getByLabelText('JSON as recognized, before corrections'))).toBe(
      false,
    );
    await user.click(within(dialog).getByLabelText('Subtitles (SRT)'));
    await user.click(within(dialog).getByLabelText('JSON as recognized, before corrections'));
    await user.click(within(dialog).getByLabelText('Speakers’ names'));
    await user.click(within(dialog).getByRole('button', { name: 'Export 3 files' }));
    await waitFor(() => expect(called(bridge, 'export:job')).toHaveLength(1));
    expect(called(bridge, 'export:job')[0]!.input).toEqual({
      id: 'talk',
      formats: ['txt', 'srt', 'json-original'],
      settings: { lang: 'en', fillers: 'show', speakers: false, times: true, readings: true },
    });
    await waitFor(() => expect(screen.queryByTestId('export-dialog')).toBeNull());
    // Remembered for the next export.
    await user.click(screen.getByTestId('export'));
    expect(
      checked(within(await screen.findByTestId('export-dialog')).getByLabelText('Subtitles (SRT)')),
    ).toBe(true);
  });

  it('Copy follows the export’s choices: without speakers’ names when they are left out', async () => {
    localStorage.setItem(
      'kikitori.export',
      JSON.stringify({
        formats: ['txt'],
        fillers: 'drop',
        speakers: false,
        times: true,
        readings: false,
        subtitles: {},
      }),
    );
    const bridge = bridgeFor();
    const user = await openTalk(bridge);
    await user.click(screen.getByRole('button', { name: 'Copy text' }));
    expect(await navigator.clipboard.readText()).toBe(
      'Good morning.\n\nHi there.\n\nWelcome back Thanks\n',
    );
    localStorage.removeItem('kikitori.export');
  });
});
