/**
 * The local service's dictionary effect (docs/api.md §6): where the engine's words spell a
 * dictionary word's `spoken` form, they become one token with its `written` form, times merged.
 */
import type { ProfileWord, Token } from '../../shared/api';

interface Entry {
  readonly spoken: readonly string[];
  readonly word: ProfileWord;
}

const spokenWords = (word: ProfileWord) =>
  (word.spoken ?? word.written)
    .toLowerCase()
    .split(/[\s_]+/)
    .filter(Boolean);

export function applyDictionary(tokens: readonly Token[], words: readonly ProfileWord[]): Token[] {
  if (words.length === 0) return [...tokens];
  const byFirst = new Map<string, Entry[]>();
  for (const word of words) {
    const spoken = spokenWords(word);
    if (spoken.length === 0) continue;
    const list = byFirst.get(spoken[0]!) ?? [];
    list.push({ spoken, word });
    byFirst.set(spoken[0]!, list);
  }
  // Longest spoken form first, so "new york city" wins over "new york".
  for (const list of byFirst.values()) list.sort((a, b) => b.spoken.length - a.spoken.length);

  const out: Token[] = [];
  for (let i = 0; i < tokens.length;) {
    const candidates = byFirst.get(tokens[i]!.written.toLowerCase()) ?? [];
    const match = candidates.find((entry) =>
      entry.spoken.every((w, k) => tokens[i + k]?.written.toLowerCase() === w),
    );
    if (!match) {
      out.push(tokens[i]!);
      i++;
      continue;
    }
    const run = tokens.slice(i, i + match.spoken.length);
    const confidences = run.map((t) => t.confidence ?? 0);
    out.push({
      written: match.word.written,
      confidence: round3(confidences.reduce((a, b) => a + b, 0) / confidences.length),
      starttime: run[0]!.starttime,
      endtime: run.at(-1)!.endtime,
      spoken: match.spoken.join(' '),
    });
    i += match.spoken.length;
  }
  return out;
}

export const round3 = (value: number) => Math.round(value * 1000) / 1000;
