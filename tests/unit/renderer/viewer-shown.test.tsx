// @vitest-environment happy-dom
/**
 * Readings and fillers in the viewer: readings over Japanese words on
 * request (remembered), fillers shown without their marks or hidden after the fact, neither ever
 * touching the transcript or its corrections; every word keeps its index, so a correction, Tab
 * to the next word and find name the words they did; Copy follows the fillers choice, which is
 * the export dialog's own.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { EditOp } from '../../../shared/domain/edits';
import { blocksOf } from '../../../shared/format/speakers';
import { wordMatches } from '../../../renderer/src/features/viewer/find';
import {
  nextShown,
  shownBlocks,
  shownNear,
  shownWords,
} from '../../../renderer/src/features/viewer/shown';
import { wordsOf } from '../../../renderer/src/features/viewer/words';
import { JA_MEETING } from '../../support/ja-meeting';
import { editingBridge } from '../../support/window/editing-bridge';
import { job, renderApp, type FakeBridge } from '../../support/window/fake-bridge';

const meeting = job('meeting', { mode: 'async' });

async function openMeeting(bridge: FakeBridge, lang: 'en' | 'ja' = 'en') {
  localStorage.setItem('kikitori.lang', lang);
  const user = userEvent.setup({ delay: null });
  renderApp(bridge);
  await user.click(screen.getByRole('tab', { name: lang === 'en' ? 'Jobs' : 'ジョブ' }));
  await user.click(await screen.findByRole('button', { name: /^(Open|開く): meeting\.wav$/ }));
  await screen.findByTestId('utterances');
  return user;
}

const texts = () =>
  [...screen.getByTestId('utterances').querySelectorAll('.utterance-text')].map(
    (p) => p.textContent,
  );
const wordTexts = () =>
  [...screen.getByTestId('word-list').querySelectorAll('button.word')].map((b) => b.textContent);
const applied = (bridge: FakeBridge) =>
  bridge.calls
    .filter((c) => c.channel === 'edits:apply')
    .map((c) => (c.input as { op: EditOp }).op);

describe('what the viewer shows of the words', () => {
  const words = wordsOf(JA_MEETING);

  it('shows fillers without their marks, or hides them, every word keeping its index', () => {
    const shown = shownWords(words, { fillers: 'show', readings: false });
    expect(shown.map((w) => w.index)).toEqual(words.map((w) => w.index));
    expect(shown[0]).toMatchObject({ written: 'えー', index: 0 });
    expect(shown.some((w) => w.hidden)).toBe(false);
    const hidden = shownWords(words, { fillers: 'drop', readings: false });
    expect(hidden.filter((w) => w.hidden).map((w) => w.written)).toEqual(['えー', 'あの']);
    // A written percent is a word, not a filler.
    expect(hidden.find((w) => w.written === '12%')?.hidden).toBeUndefined();
    expect(hidden.map((w) => w.index)).toEqual(words.map((w) => w.index));
    // Find passes over hidden words: one えー in the list, none found.
    expect(wordMatches(shown, 'えー')).toEqual([0]);
    expect(wordMatches(hidden, 'えー')).toEqual([]);
    expect(nextShown(hidden, 0, 1)).toBe(1);
    expect(shownNear(hidden, 0)).toBe(1);
    expect(nextShown(hidden, 0, -1)).toBeUndefined();
  });

  it('gives readings only to words with kanji, and only when asked', () => {
    expect(shownWords(words, { fillers: 'show', readings: false }).some((w) => w.reading)).toBe(
      false,
    );
    const read = shownWords(words, { fillers: 'show', readings: true });
    expect(read.filter((w) => w.reading).map((w) => [w.written, w.reading])).toEqual([
      ['本日', 'ほんじつ'],
      ['忙しい', 'いそがしい'],
      ['集まり', 'あつまり'],
      ['第', 'だい'],
      ['三', 'さん'],
      ['四半期', 'しはんき'],
      ['売上', 'うりあげ'],
      ['増え', 'ふえ'],
      ['質問', 'しつもん'],
    ]);
  });

  it('takes fillers out of a block’s text, its tokens in their places', () => {
    const blocks = blocksOf(JA_MEETING);
    const hidden = shownBlocks(blocks, JA_MEETING, 'drop');
    expect(hidden.map((b) => b.text)).toEqual([
      '本日はお忙しいところお集まりいただき、ありがとうございます。',
      '第三四半期の売上は12%増えました。',
      '質問してもよろしいですか？',
    ]);
    expect(hidden.map((b) => b.tokens.length)).toEqual(blocks.map((b) => b.tokens.length));
    expect(shownBlocks(blocks, JA_MEETING, 'show')[0]!.text).toMatch(/^えー本日は/);
    // A block without fillers is the same object (its row is not drawn again).
    expect(hidden[1]).toBe(blocks[1]);
  });
});

describe('the viewer’s Readings and Fillers', () => {
  it('shows readings over kanji on request, remembered, in the text and the words', async () => {
    localStorage.removeItem('kikitori.readings');
    const bridge = editingBridge(meeting, JA_MEETING);
    const user = await openMeeting(bridge);
    const readings = screen.getByRole('button', { name: 'Readings' });
    expect(readings.getAttribute('aria-pressed')).toBe('false');
    expect(screen.getByTestId('utterances').querySelector('ruby')).toBeNull();
    await user.click(readings);
    expect(readings.getAttribute('aria-pressed')).toBe('true');
    expect(localStorage.getItem('kikitori.readings')).toBe('on');
    const ruby = screen.getByTestId('utterances').querySelector('ruby')!;
    expect(ruby.querySelector('rt')?.textContent).toBe('ほんじつ');
    expect(ruby.querySelector('[data-w]')?.textContent).toBe('本日');
    await user.click(screen.getByRole('tab', { name: 'Words' }));
    const word = screen.getByRole('button', { name: /^本日,/ });
    expect(word.querySelector('rt')?.textContent).toBe('ほんじつ');
    // Copy has the words alone, never their readings.
    await user.click(screen.getByRole('button', { name: 'Copy text' }));
    expect(await navigator.clipboard.readText()).not.toContain('ほんじつ');
  });

  it('hides fillers after the fact; a correction next to one names the right word; Copy and the export choice follow', async () => {
    localStorage.removeItem('kikitori.export');
    const bridge = editingBridge(meeting, JA_MEETING);
    const user = await openMeeting(bridge, 'ja');
    const fillers = screen.getByRole('button', { name: 'フィラー' });
    expect(fillers.getAttribute('aria-pressed')).toBe('true');
    expect(texts()[0]).toMatch(/^えー本日は/);
    await user.click(fillers);
    expect(fillers.getAttribute('aria-pressed')).toBe('false');
    expect(texts()).toEqual([
      '本日はお忙しいところお集まりいただき、ありがとうございます。',
      '第三四半期の売上は12%増えました。',
      '質問してもよろしいですか？',
    ]);
    // The export dialog's choice is the same one.
    expect(JSON.parse(localStorage.getItem('kikitori.export')!)).toMatchObject({
      fillers: 'drop',
    });
    await user.click(screen.getByRole('button', { name: 'テキストをコピー' }));
    const copied = await navigator.clipboard.readText();
    expect(copied).not.toMatch(/えー|あの/);
    expect(copied).toContain('12%');

    // In the word view the first word shown is 本日, and the keys never land on a hidden one.
    await user.click(screen.getByRole('tab', { name: '単語' }));
    expect(wordTexts()[0]).toBe('本日');
    expect(wordTexts()).not.toContain('えー');
    const first = within(screen.getByTestId('word-list')).getByRole('button', { name: /^本日、/ });
    expect(first.tabIndex).toBe(0);
    // 本日 is word 1 (えー, hidden, is word 0): its correction names utterance 0, token 1.
    await user.dblClick(first);
    const editor = screen.getByRole('textbox', { name: '「本日」を修正' });
    await user.clear(editor);
    await user.type(editor, '今日{Enter}');
    await waitFor(() => expect(wordTexts()[0]).toBe('今日'));
    expect(applied(bridge)).toEqual([
      { kind: 'words', utterance: 0, changes: [{ from: 1, to: 2, written: ['今日'] }] },
    ]);
    // The stored transcript keeps its fillers: shown again, there they are.
    await user.click(screen.getByRole('button', { name: 'フィラー' }));
    expect(wordTexts().slice(0, 2)).toEqual(['えー', '今日']);
  });
});
