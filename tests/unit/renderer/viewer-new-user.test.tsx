// @vitest-environment happy-dom
/**
 * What a new user tripped over in the viewer: correcting a word in the Text view as
 * in Words, and a word's time shown in Words; the edit keys on the focused word, however it
 * got the focus, and undo after a click on empty space; a video's picture; the skip
 * buttons' names holding their visible text. The whole window over a fake bridge, in jsdom
 * (tests/e2e/viewer-new-user.spec.ts has what needs a real browser).
 */
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { EditOp } from '../../../shared/domain/edits';
import { DIARIZED } from '../../support/diarized';
import { editingBridge } from '../../support/window/editing-bridge';
import { job, renderApp, type FakeBridge } from '../../support/window/fake-bridge';
import { countMediaPlays } from '../../support/window/media-plays';

const plays = countMediaPlays();

const talk = job('talk', { mode: 'async' });

async function open(bridge: FakeBridge, lang: 'en' | 'ja' = 'en', name = 'talk.wav') {
  localStorage.setItem('kikitori.lang', lang);
  const user = userEvent.setup({ delay: null });
  renderApp(bridge);
  await user.click(screen.getByRole('tab', { name: lang === 'en' ? 'Jobs' : 'ジョブ' }));
  await user.click(
    await screen.findByRole('button', { name: `${lang === 'en' ? 'Open' : '開く'}: ${name}` }),
  );
  await screen.findByTestId('utterances');
  return user;
}

const applied = (bridge: FakeBridge) =>
  bridge.calls
    .filter((c) => c.channel === 'edits:apply')
    .map((c) => (c.input as { op: EditOp }).op);
const wordTexts = () =>
  [...screen.getByTestId('word-list').querySelectorAll('button.word')].map((b) => b.textContent);

const texts = () =>
  [...screen.getByTestId('utterances').querySelectorAll('.utterance-text')].map(
    (p) => p.textContent,
  );

describe('correcting a word in the Text view, as in Words', () => {
  it('a double-click on a word of the text opens its editor; Enter keeps it', async () => {
    const bridge = editingBridge(talk, DIARIZED);
    const user = await open(bridge);
    const morning = [...document.querySelectorAll<HTMLElement>('.text-word')].find(
      (w) => w.textContent === 'morning',
    )!;
    await user.dblClick(morning);
    const editor = screen.getByRole('textbox', { name: 'Correct “morning”' });
    expect(document.activeElement).toBe(editor);
    await user.clear(editor);
    await user.type(editor, 'evening{Enter}');
    await waitFor(() => expect(texts()[0]).toBe('Good evening.'));
    expect(applied(bridge)).toEqual([
      { kind: 'words', utterance: 0, changes: [{ from: 1, to: 2, written: ['evening'] }] },
    ]);
    // The focus goes back to the passage (its pencil button), not to the page.
    expect(document.activeElement?.getAttribute('data-edit-block')).toBe('0');
  });

  it('F2 corrects the word the text selection is in; Tab goes on to the next word, Escape cancels', async () => {
    const user = await open(editingBridge(talk, DIARIZED));
    const good = [...document.querySelectorAll<HTMLElement>('.text-word')].find(
      (w) => w.textContent === 'Good',
    )!;
    act(() => {
      screen.getByTestId('viewer').focus();
      window.getSelection()!.selectAllChildren(good);
    });
    await user.keyboard('{F2}');
    expect(screen.getByRole('textbox', { name: 'Correct “Good”' })).toBe(document.activeElement);
    await user.keyboard('{Tab}');
    expect(screen.getByRole('textbox', { name: 'Correct “morning”' })).toBe(document.activeElement);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(texts()[0]).toBe('Good morning.');
  });

  it('F2 on a passage’s time corrects its first word', async () => {
    const user = await open(editingBridge(talk, DIARIZED));
    act(() => screen.getAllByRole('button', { name: /^0:0/ })[0]!.focus());
    await user.keyboard('{F2}');
    expect(screen.getByRole('textbox', { name: 'Correct “Good”' })).toBe(document.activeElement);
  });

  it('Words shows the focused word’s time, not only in its tooltip', async () => {
    const user = await open(editingBridge(talk, DIARIZED));
    await user.click(screen.getByRole('tab', { name: 'Words' }));
    await user.click(screen.getByRole('button', { name: /^morning,/ }));
    expect(screen.getByTestId('word-time').textContent).toBe('“morning” starts at 0:00.9');
  });
});

describe('the edit keys act on the focused word; undo works anywhere in the viewer', () => {
  it('F2 edits the word a script (or a screen reader) focused, not the one clicked before', async () => {
    const user = await open(editingBridge(talk, DIARIZED));
    await user.click(screen.getByRole('tab', { name: 'Words' }));
    await user.click(screen.getByRole('button', { name: /^Hi,/ }));
    act(() => screen.getByRole('button', { name: /^morning,/ }).focus());
    await user.keyboard('{F2}');
    expect(screen.getByRole('textbox', { name: 'Correct “morning”' })).toBe(document.activeElement);
  });

  it('the arrows and the one tab stop follow a word focused from outside', async () => {
    const user = await open(editingBridge(talk, DIARIZED));
    await user.click(screen.getByRole('tab', { name: 'Words' }));
    const morning = screen.getByRole('button', { name: /^morning,/ });
    act(() => morning.focus());
    expect(morning.tabIndex).toBe(0);
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement?.textContent).toBe('Hi');
  });

  it('Ctrl+Z undoes after a click on empty space in the viewer, and Undo greyed out keeps the focus', async () => {
    const bridge = editingBridge(talk, DIARIZED);
    const user = await open(bridge);
    await user.click(screen.getByRole('tab', { name: 'Words' }));
    await user.dblClick(screen.getByRole('button', { name: /^morning,/ }));
    await user.clear(screen.getByRole('textbox'));
    await user.keyboard('evening{Enter}');
    await waitFor(() => expect(wordTexts()).toContain('evening'));
    // Empty space: the edit bar's own box, beside its buttons.
    await user.click(document.querySelector('.edit-bar')!);
    expect(document.activeElement).not.toBe(document.body);
    await user.keyboard('{Control>}z{/Control}');
    await waitFor(() => expect(wordTexts()).not.toContain('evening'));
    const undo = screen.getByRole('button', { name: 'Undo' });
    expect(undo.getAttribute('aria-disabled')).toBe('true');
    // Redo until it greys out: still focused, and Ctrl+Z still undoes.
    const redo = screen.getByRole('button', { name: 'Redo' });
    await user.click(redo);
    await waitFor(() => expect(redo.getAttribute('aria-disabled')).toBe('true'));
    expect(wordTexts()).toContain('evening');
    expect(document.activeElement).toBe(redo);
    await user.click(redo);
    expect(bridge.calls.filter((c) => c.channel === 'edits:redo')).toHaveLength(1);
    await user.keyboard('{Control>}z{/Control}');
    await waitFor(() => expect(wordTexts()).not.toContain('evening'));
    expect(applied(bridge)).toHaveLength(1);
  });
});

describe('a video shows its picture', () => {
  const clip = job('clip', {
    mode: 'async',
    file: { path: '/data/clip.mp4', name: 'clip.mp4', size: 1000, container: 'mp4' },
  });

  it('plays in a <video>, with the same keys, and its picture can be hidden and shown', async () => {
    const user = await open(editingBridge(clip, DIARIZED), 'en', 'clip.mp4');
    const player = screen.getByTestId<HTMLVideoElement>('player');
    expect(player.tagName).toBe('VIDEO');
    expect(player.getAttribute('aria-label')).toBe('Source video');
    player.currentTime = 10;
    await user.keyboard('{F8}');
    expect(player.currentTime).toBe(15);
    const toggle = screen.getByRole('button', { name: 'Hide picture' });
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    await user.click(toggle);
    expect(toggle.textContent).toBe('Show picture');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(document.getElementById('viewer-picture')!.classList.contains('is-hidden')).toBe(true);
    // Its controls hidden with it, Play stands in for them.
    await user.click(screen.getByTestId('play'));
    expect(plays.count).toBe(1);
    await user.click(toggle);
    expect(screen.queryByTestId('play')).toBeNull();
  });

  it('an audio file keeps the audio player', async () => {
    await open(editingBridge(talk, DIARIZED));
    expect(screen.getByTestId('player').tagName).toBe('AUDIO');
    expect(screen.queryByTestId('picture-toggle')).toBeNull();
  });
});

describe('the skip buttons are named by what they show', () => {
  it.each(['en', 'ja'] as const)('each name begins with its visible text (%s)', async (lang) => {
    await open(editingBridge(talk, DIARIZED), lang);
    for (const id of ['skip-back', 'skip-forward']) {
      const button = screen.getByTestId(id);
      const shown = button.textContent;
      expect(shown).toMatch(/5/);
      expect(button.getAttribute('aria-label')!.startsWith(shown)).toBe(true);
    }
  });
});
