/** The text by utterance, each with its time (a button that seeks there) and find highlights. */
import { useEffect, useRef } from 'react';
import type { Transcript } from '../../../../shared/domain/job';
import { formatMs } from '../../lib/format';
import type { Playback } from './use-playback';
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
  transcript,
  playback,
  query,
}: {
  transcript: Transcript;
  playback: Playback;
  query: string;
}) {
  const list = useRef<HTMLOListElement>(null);
  useEffect(() => {
    let current = -1;
    const spans = transcript.utterances.map((u) => [u.starttime ?? -1, u.endtime ?? -1] as const);
    return playback.onTime((ms) => {
      const next = spans.findIndex(([start, end]) => start <= ms && ms <= end);
      if (next === current) return;
      list.current?.children[current]?.classList.remove('is-current');
      list.current?.children[next]?.classList.add('is-current');
      current = next;
    });
  }, [transcript, playback]);
  return (
    <ol ref={list} className="utterances" data-testid="utterances">
      {transcript.utterances.map((u, i) => (
        <li key={i} className="utterance">
          <button
            type="button"
            className="time"
            onClick={() => playback.seek(u.starttime ?? 0)}
            disabled={u.starttime === undefined}
          >
            {formatMs(u.starttime ?? 0)}
          </button>
          <p className="utterance-text">
            <Highlighted text={u.text} query={query} />
          </p>
        </li>
      ))}
    </ol>
  );
}
