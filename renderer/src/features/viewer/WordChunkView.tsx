/**
 * A chunk of the word view (./word-chunks): its paragraphs, a change of speaker under the
 * speaker's name, and their words. Drawn again only when its own focus, matches or words change.
 */
import { memo } from 'react';
import { WordButton } from './WordButton';
import type { WordChunk } from './word-chunks';
import type { Editing } from './WordEditor';
import { matchesIn, type Word } from './words';
import type { ShownWord } from './shown';

/** The same words, shown the same way (a correction makes new word objects for every word). */
const sameWord = (a: ShownWord, b: ShownWord) =>
  a === b ||
  (a.index === b.index &&
    a.written === b.written &&
    a.reading === b.reading &&
    a.starttime === b.starttime &&
    a.confidence === b.confidence &&
    a.edited === b.edited &&
    a.original === b.original &&
    a.utterance === b.utterance &&
    a.position === b.position);

function sameChunk(a: WordChunk<ShownWord>, b: WordChunk<ShownWord>): boolean {
  if (a === b) return true;
  if (a.continued !== b.continued || a.paragraphs.length !== b.paragraphs.length) return false;
  return a.paragraphs.every((p, i) => {
    const q = b.paragraphs[i]!;
    return (
      p.turn === q.turn &&
      p.words.length === q.words.length &&
      p.words.every((w, k) => sameWord(w, q.words[k]!))
    );
  });
}

/**
 * Props are values or stable callbacks, so only the chunks whose focus or matches change render;
 * after a correction, only those whose words changed (or moved).
 */
interface ChunkProps {
  chunk: WordChunk<ShownWord>;
  focusIndex: number;
  editingIndex: number;
  /** The word find is on, in this chunk, or -1. */
  currentMatch: number;
  query: string;
  onSeek: (word: Word) => void;
  speakerName: (label: string) => string;
  actions: Editing | undefined;
}

export const WordChunkView = memo(function WordChunkView({
  chunk,
  focusIndex,
  editingIndex,
  currentMatch,
  query,
  onSeek,
  speakerName,
  actions,
}: ChunkProps) {
  return (
    <div className={chunk.continued ? 'word-chunk is-continued' : 'word-chunk'}>
      {chunk.paragraphs.map((paragraph) => (
        <ChunkParagraph
          key={paragraph.words[0]!.index}
          turn={paragraph.turn === undefined ? undefined : speakerName(paragraph.turn)}
        >
          {paragraph.words.map((word) => (
            <WordButton
              key={word.index}
              word={word}
              focusable={word.index === focusIndex}
              match={query !== '' && matchesIn(word.written, query).length > 0}
              current={word.index === currentMatch}
              editing={word.index === editingIndex}
              onSeek={onSeek}
              actions={actions}
            />
          ))}
        </ChunkParagraph>
      ))}
    </div>
  );
}, sameChunkProps);

function sameChunkProps(a: ChunkProps, b: ChunkProps): boolean {
  return (
    a.focusIndex === b.focusIndex &&
    a.editingIndex === b.editingIndex &&
    a.currentMatch === b.currentMatch &&
    a.query === b.query &&
    a.onSeek === b.onSeek &&
    a.speakerName === b.speakerName &&
    a.actions === b.actions &&
    sameChunk(a.chunk, b.chunk)
  );
}

function ChunkParagraph({ turn, children }: { turn?: string; children: React.ReactNode }) {
  return (
    <>
      {turn === undefined ? null : <p className="speaker">{turn}</p>}
      <p className="word-paragraph">{children}</p>
    </>
  );
}
