// @vitest-environment jsdom
/**
 * What a new user tripped over in the viewer (issue #29): correcting a word in the Text view as
 * in Words, and a word's time shown in Words (§1); the edit keys on the focused word, however it
 * got the focus, and undo after a click on empty space (§2); a video's picture (§12); the skip
 * buttons' names holding their visible text (§13). The whole window over a fake bridge, in jsdom
 * (tests/e2e/viewer-new-user.spec.ts has what needs a real browser).
 */
import './dom-setup';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { EditOp } from '../../../shared/domain/edits';
import { DIARIZED } from '../../support/diarized';
import { editingBridge } from './editing-bridge';
import { job, renderApp, type FakeBridge } from './fake-bridge';
import { countMediaPlays } from './media-plays';

countMediaPlays();

const talk = job('talk', { mode: 'async' });

async function open(bridge: FakeBridge, lang: 'en' | 'ja' = 'en', name = 'talk.wav') {
  localStorage.setItem('kikitori.lang', lang);
  const user = userEvent.setup();
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

describe('§2 the edit keys act on the focused word; undo works anywhere in the viewer', () => {
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

describe('§13 the skip buttons are named by what they show', () => {
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
