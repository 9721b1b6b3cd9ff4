/** The words the PocketSphinx English model knows (its pronunciation dictionary), loaded once. */
import { readFile } from 'node:fs/promises';
import { MODEL } from '../engine/pocketsphinx/build-worker';

let vocabulary: Promise<Set<string>> | undefined;

export function engineVocabulary(): Promise<Set<string>> {
  vocabulary ??= readFile(MODEL.dict, 'utf8').then(
    (text) => {
      const words = new Set<string>();
      for (const line of text.split('\n')) {
        const word = line.slice(0, line.indexOf(' ')).replace(/\(\d+\)$/, '');
        if (word) words.add(word.toLowerCase());
      }
      return words;
    },
    () => new Set<string>(),
  );
  return vocabulary;
}
