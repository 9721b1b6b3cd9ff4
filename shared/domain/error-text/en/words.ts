/** English: the errors of corrections and of word tables, and why a word was not imported. */
import type { LanguagePart } from '../render';

export const WORDS = {
  errors: {
    'word-rejected':
      'The service did not accept the word “{written}”: {reason}. Correct that row of the table, then save again.',
    'edit-refused':
      'This correction no longer fits the transcript, which changed meanwhile (perhaps in another window). Open the transcript again and make the correction there.',
    'edit-control':
      'This correction holds a line break, a tab or another control character, which a transcript cannot hold. Type it on one line, without them.',
    'edit-too-long':
      'This correction holds {length} characters; one correction can hold at most {max}. Make it in smaller parts.',
    'edit-history-full':
      'This transcript holds as many corrections as it can keep ({max} bytes). Undo earlier corrections you no longer need, then make this one again: a new correction takes the place of those undone.',
  },
  errorSubCodes: {
    'word-rejected': {
      reason: {
        class: 'this engine has no class “{value}”',
        'reading-missing': 'it has no reading, and this engine needs one',
        'unknown-word': 'the engine does not know “{value}” in its reading',
      },
    },
  },
  wordRejections: {
    'quote-inside-field':
      'A quote (") is inside a field that does not start with one: put the whole field in quotes and double the inner quote.',
    'unclosed-quote': 'A quoted field is never closed: add the closing quote (").',
    'too-many-columns':
      'The line has {columns} columns, {separator}: a line is written, spoken and an optional class.',
    'empty-written': 'The written form (first column) is empty.',
    'invalid-field': 'The {field} {problem}.',
    duplicate: '“{written}” is already on line {line}: keep one of them.',
    'too-many-words': 'A profile holds at most {max} words.',
    'too-few-columns':
      'The line has no reading, word and part of speech separated by tabs, as the input method writes them.',
    'not-a-word': '“{pos}” is {kind}, not a word said aloud.',
    'no-reading': 'The word has no reading, and this engine needs one.',
    'reading-not-english':
      'This engine hears English words: the reading “{reading}” cannot be one. Add the word with an English reading instead.',
    'other-reading':
      '“{written}” is on line {line} with the reading “{reading}” already: a word keeps one reading here.',
  },
  wordRejectionSubCodes: {
    'too-many-columns': {
      separator: {
        tab: 'separated by tabs',
        comma: 'separated by commas (quote a field that holds a comma)',
      },
    },
    'invalid-field': {
      field: { written: 'written form', spoken: 'spoken form', classname: 'class' },
      problem: {
        empty: 'is empty',
        'too-long': 'is longer than {max} characters',
        'bad-characters': 'has leading or trailing spaces, a tab, a line break or "|"',
      },
    },
    'not-a-word': {
      kind: {
        shortcut: 'a shortcut (a short reading for a longer text)',
        emoticon: 'an emoticon',
        symbol: 'a symbol',
        suppressed: 'a word the input method is told to avoid',
        suggest: 'a suggestion only',
      },
    },
  },
} as const satisfies LanguagePart;
