/**
 * Find's pure parts (a block's text cut into words and matches, in English and in Japanese
 * written without spaces; moving round the matches) and which key asks what of the player,
 * typing in a field or not.
 */
import { describe, expect, it } from 'vitest';
import type { Token } from '../../../shared/api/recognition';
import type { Block } from '../../../shared/format/speakers';
import { piecesOf, stepMatch, textMatches } from '../../../renderer/src/features/viewer/find';
import { playerAction, stepRate } from '../../../renderer/src/features/viewer/player-keys';
import { PLAYBACK_RATES } from '../../../renderer/src/store/prefs-slice';

const token = (written: string, starttime?: number, spoken = written): Token => ({
  written,
  spoken,
  ...(starttime === undefined ? {} : { starttime, endtime: starttime + 100 }),
});
const block = (text: string, tokens: Token[]): Block => ({ utterance: 0, tokens, text });

describe('a block as pieces', () => {
  it('finds each word in the text with its time, and cuts where matches start and end', () => {
    const b = block('Hi there. Welcome', [
      token('Hi', 100),
      token('there', 200),
      token('.', 300, '_'),
      token('Welcome', 400),
    ]);
    const { ranges, first } = textMatches([b], 'e');
    const pieces = piecesOf(b, ranges[0]!, first[0]!);
    expect(pieces.map((p) => [p.text, p.ms, p.match])).toEqual([
      ['Hi', 100, undefined],
      [' ', undefined, undefined],
      ['th', 200, undefined],
      ['e', 200, 0],
      ['r', 200, undefined],
      ['e', 200, 1],
      ['. ', undefined, undefined],
      ['W', 400, undefined],
      ['e', 400, 2],
      ['lcom', 400, undefined],
      ['e', 400, 3],
    ]);
    expect(pieces.map((p) => p.text).join('')).toBe(b.text);
  });

  it('finds Japanese words written without spaces, and a match across two words', () => {
    const b = block('今日は会議です。', [
      token('今日', 0, 'きょう'),
      token('は', 300, 'は'),
      token('会議', 400, 'かいぎ'),
      token('です', 900, 'です'),
      token('。', undefined, '_'),
    ]);
    const { ranges, count } = textMatches([b], 'は会');
    expect(count).toBe(1);
    const pieces = piecesOf(b, ranges[0]!, 0);
    expect(pieces.map((p) => [p.text, p.ms, p.match])).toEqual([
      ['今日', 0, undefined],
      ['は', 300, 0],
      ['会', 400, 0],
      ['議', 400, undefined],
      ['です', 900, undefined],
      ['。', undefined, undefined],
    ]);
  });

  it('counts matches across blocks and moves round them at either end', () => {
    const matches = textMatches([block('a a', []), block('b', []), block('a', [])], 'a');
    expect(matches).toMatchObject({ count: 3, first: [0, 2, 2] });
    expect(stepMatch(2, 3, 1)).toBe(0);
    expect(stepMatch(0, 3, -1)).toBe(2);
    expect(stepMatch(0, 0, 1)).toBe(0);
  });
});

const press = (
  key: string,
  mods: Partial<Record<'ctrl' | 'alt' | 'meta' | 'shift', boolean>> = {},
) => ({
  key,
  ctrlKey: mods.ctrl ?? false,
  altKey: mods.alt ?? false,
  metaKey: mods.meta ?? false,
  shiftKey: mods.shift ?? false,
});

describe('the player keys', () => {
  it('takes keys that cannot type text, in a field or not', () => {
    for (const typing of [true, false]) {
      expect(playerAction(press(' ', { ctrl: true }), typing)).toBe('toggle');
      expect(playerAction(press('F9'), typing)).toBe('toggle');
      expect(playerAction(press('F7'), typing)).toBe('back');
      expect(playerAction(press('F8'), typing)).toBe('forward');
      expect(playerAction(press('[', { ctrl: true }), typing)).toBe('slower');
      expect(playerAction(press(']', { ctrl: true }), typing)).toBe('faster');
    }
  });

  it('leaves a field its text, and the editor and the system their keys', () => {
    expect(playerAction(press(' '), true)).toBeUndefined();
    expect(playerAction(press('?', { shift: true }), true)).toBeUndefined();
    expect(playerAction(press(' '), false)).toBe('toggle');
    expect(playerAction(press('?', { shift: true }), false)).toBe('shortcuts');
    for (const taken of [
      press('F2'),
      press('z', { ctrl: true }),
      press('Z', { ctrl: true, shift: true }),
      press('ArrowLeft', { ctrl: true }),
      press('F5'),
      press(' ', { ctrl: true, shift: true }),
      press('F7', { alt: true }),
      press(']', { meta: true }),
    ])
      expect(playerAction(taken, false), JSON.stringify(taken)).toBeUndefined();
  });

  it('steps the speed between 0.5× and 2×, staying at the ends', () => {
    expect(stepRate(PLAYBACK_RATES, 1, 1)).toBe(1.25);
    expect(stepRate(PLAYBACK_RATES, 1, -1)).toBe(0.75);
    expect(stepRate(PLAYBACK_RATES, 2, 1)).toBe(2);
    expect(stepRate(PLAYBACK_RATES, 0.5, -1)).toBe(0.5);
  });
});
