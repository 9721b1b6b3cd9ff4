// @vitest-environment happy-dom
import { act, render } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import type { Transcript } from '../../../shared/domain/job';
import { UtteranceList } from '../../../renderer/src/features/viewer/UtteranceList';
import { WordList } from '../../../renderer/src/features/viewer/WordList';
import type { Playback } from '../../../renderer/src/features/viewer/use-playback';
import { textMatches } from '../../../renderer/src/features/viewer/find';
import { wordsOf } from '../../../renderer/src/features/viewer/words';
import { blocksOf } from '../../../shared/format/speakers';
import { createI18n } from '../../../renderer/src/i18n';
import { SCREEN_STRINGS } from '../../support/window/in-store';

const token = (written: string, starttime: number, endtime: number) => ({
  written,
  spoken: written,
  starttime,
  endtime,
  confidence: 0.9,
});
const TRANSCRIPT: Transcript = {
  text: 'one two three four',
  utterances: [
    {
      text: 'one two',
      starttime: 0,
      endtime: 1900,
      tags: [],
      rulename: '',
      tokens: [token('one', 0, 900), token('two', 1000, 1900)],
    },
    {
      text: 'three four',
      starttime: 3000,
      endtime: 4900,
      tags: [],
      rulename: '',
      tokens: [token('three', 3000, 3900), token('four', 4000, 4900)],
    },
  ],
};

/**
 * The player as the viewer gets it: one listener set behind a stable onTime, and a new object
 * each time the viewer re-renders (as usePlayback gives when playing turns on or off).
 */
function player() {
  const listeners = new Set<(ms: number) => void>();
  const onTime = (listener: (ms: number) => void) => {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  };
  return {
    as: (playing: boolean): Playback => ({
      playing,
      failed: false,
      toggle: () => {},
      seek: () => {},
      skip: () => {},
      onTime,
    }),
    at: (ms: number) => act(() => listeners.forEach((listener) => listener(ms))),
  };
}

const i18n = createI18n('en', ...SCREEN_STRINGS);
const current = (container: HTMLElement) =>
  [...container.querySelectorAll('.is-current')].map((el) => el.textContent);

describe('the playing word and utterance', () => {
  it('stay one each when the player pauses and the person then seeks elsewhere', () => {
    const words = wordsOf(TRANSCRIPT);
    const blocks = blocksOf(TRANSCRIPT);
    const p = player();
    const view = (playing: boolean) => (
      <I18nextProvider i18n={i18n}>
        <WordList
          words={words}
          playback={p.as(playing)}
          query=""
          currentMatch={-1}
          speakerName={(label) => label}
          edit={undefined}
        />
        <UtteranceList
          blocks={blocks}
          words={words}
          transcript={TRANSCRIPT}
          playback={p.as(playing)}
          matches={textMatches(blocks, '')}
          currentMatch={-1}
          speakerName={(label) => label}
          edit={undefined}
        />
      </I18nextProvider>
    );
    const { container, rerender } = render(view(true));
    p.at(1200);
    expect(current(container)).toEqual(['two', expect.stringContaining('one two')]);
    // Pausing re-renders the viewer with a new player object; then a click seeks to "four".
    rerender(view(false));
    p.at(4200);
    const now = current(container);
    expect(now).toHaveLength(2);
    expect(now.join(' ')).not.toMatch(/\btwo\b/);
    expect(now.join(' ')).toMatch(/four/);
  });
});
