/**
 * Word error rate: word-level edit distance between a reference and a hypothesis, after
 * normalising case and punctuation. Corpus WER sums the edits and the reference words of every
 * pair (the way sclite reports it), rather than averaging per-utterance rates.
 */

export interface WerScore {
  readonly substitutions: number;
  readonly deletions: number;
  readonly insertions: number;
  /** Words in the reference. */
  readonly referenceWords: number;
  /** (S + D + I) / N; with an empty reference, 0 if the hypothesis is empty too, else 1 per word. */
  readonly wer: number;
}

/** Lower-case words with punctuation removed; apostrophes inside words are kept (don't). */
export function normaliseWords(text: string): string[] {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/<\/?s>|<sil>|\[[^\]]*\]/g, ' ')
    .replace(/[\u2018\u2019\u02bc]/g, "'")
    .replace(/[^\p{L}\p{N}']+/gu, ' ')
    .split(/\s+/)
    .map((word) => word.replace(/^'+|'+$/g, ''))
    .filter(Boolean);
}

/** Edit operations by dynamic programming (Levenshtein over words), fewest edits first. */
export function alignWords(
  reference: readonly string[],
  hypothesis: readonly string[],
): Omit<WerScore, 'wer'> {
  const n = reference.length;
  const m = hypothesis.length;
  // cost[j] holds [edits, substitutions, deletions, insertions] for the current row.
  type Cell = readonly [number, number, number, number];
  let previous: Cell[] = Array.from({ length: m + 1 }, (_, j) => [j, 0, 0, j] as const);
  for (let i = 1; i <= n; i++) {
    const current: Cell[] = [[i, 0, i, 0]];
    for (let j = 1; j <= m; j++) {
      const diagonal = previous[j - 1]!;
      const same = reference[i - 1] === hypothesis[j - 1];
      const candidates: Cell[] = [
        same ? diagonal : [diagonal[0] + 1, diagonal[1] + 1, diagonal[2], diagonal[3]],
        [previous[j]![0] + 1, previous[j]![1], previous[j]![2] + 1, previous[j]![3]],
        [current[j - 1]![0] + 1, current[j - 1]![1], current[j - 1]![2], current[j - 1]![3] + 1],
      ];
      current.push(candidates.reduce((best, cell) => (cell[0] < best[0] ? cell : best)));
    }
    previous = current;
  }
  const [, substitutions, deletions, insertions] = previous[m]!;
  return { substitutions, deletions, insertions, referenceWords: n };
}

function rate(edits: Omit<WerScore, 'wer'>): WerScore {
  const errors = edits.substitutions + edits.deletions + edits.insertions;
  const wer =
    edits.referenceWords === 0 ? (errors === 0 ? 0 : errors) : errors / edits.referenceWords;
  return { ...edits, wer };
}

/** WER of one hypothesis against one reference. */
export function wordErrorRate(reference: string, hypothesis: string): WerScore {
  return rate(alignWords(normaliseWords(reference), normaliseWords(hypothesis)));
}

/** Corpus WER over pairs: total edits over total reference words. */
export function corpusWordErrorRate(
  pairs: ReadonlyArray<{ reference: string; hypothesis: string }>,
): WerScore {
  const total = { substitutions: 0, deletions: 0, insertions: 0, referenceWords: 0 };
  for (const { reference, hypothesis } of pairs) {
    const edits = alignWords(normaliseWords(reference), normaliseWords(hypothesis));
    total.substitutions += edits.substitutions;
    total.deletions += edits.deletions;
    total.insertions += edits.insertions;
    total.referenceWords += edits.referenceWords;
  }
  return rate(total);
}
