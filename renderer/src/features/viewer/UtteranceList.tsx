/**
 * The text by utterance, each with its time (a button that seeks there) and find highlights.
 * With speaker labels each speaker's part is its own block, and a change of speaker is named.
 */
import { useCallback, useMemo, useRef } from 'react';
import type { Block } from '../../../../shared/format/speakers';
import { formatMs } from '../../ui/format';
import { useSpeakerName } from './speaker-name';
import type { Playback } from './use-playback';
import { usePlayingMark } from './use-playing-mark';
import { matchesIn } from './words';

function Highlighted({ text, query }: { text: string; query: string }) {
  const parts: React.ReactNode[] = [];
  let at = 0;
  for (const [start, end] of matchesIn(text, query)) {
    parts.push(text.slice(at, start), <mark key={start}>{text.slice(start, end)}</mark>);
    at = end;
  }
  parts.push(text.slice(at));
  return <>{parts}</>;
}

export function UtteranceList({
  blocks,
  playback,
  query,
}: {
  blocks: readonly Block[];
  playback: Playback;
  query: string;
}) {
  const list = useRef<HTMLOListElement>(null);
  const speakerName = useSpeakerName();
  const indexAt = useMemo(() => {
    const spans = blocks.map((b) => [b.starttime ?? -1, b.endtime ?? -1] as const);
    return (ms: number) => spans.findIndex(([start, end]) => start <= ms && ms <= end);
  }, [blocks]);
  const elementAt = useCallback((index: number) => list.current?.children[index], []);
  usePlayingMark(list, playback.onTime, indexAt, elementAt, { reveal: false });
  return (
    <ol ref={list} className="utterances" data-testid="utterances">
      {blocks.map((b, i) => {
        const turn = b.label !== undefined && b.label !== blocks[i - 1]?.label;
        return (
          <li key={i} className={turn && i > 0 ? 'utterance speaker-turn' : 'utterance'}>
            <button
              type="button"
              className="time"
              onClick={() => playback.seek(b.starttime ?? 0)}
              disabled={b.starttime === undefined}
            >
              {formatMs(b.starttime ?? 0)}
            </button>
            <div>
              {turn ? (
                <p className="speaker" data-testid="speaker">
                  {speakerName(b.label)}
                </p>
              ) : null}
              <p className="utterance-text">
                <Highlighted text={b.text} query={query} />
              </p>
            </div>
          </li>
        );
      })}
    </ol>
  );
}
