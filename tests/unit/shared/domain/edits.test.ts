import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Token, Utterance } from '../../../../shared/api/recognition';
import {
  applicable,
  applyEdits,
  diffHunks,
  editedTranscript,
  editHistorySchema,
  NO_EDITS,
  pushEdit,
  redo,
  renameSpeaker,
  revertAll,
  revertWord,
  undo,
  utteranceEdit,
  wordEdit,
  type EditedTranscript,
  type EditOp,
} from '../../../../shared/domain/edits';
import type { Transcript } from '../../../../shared/domain/job';
import { toTxt } from '../../../../shared/format/exporters';

const word = (written: string, starttime: number, endtime: number, extra: Partial<Token> = {}) => ({
  written,
  starttime,
  endtime,
  confidence: 0.9,
  spoken: written.toLowerCase(),
  ...extra,
});

function utterance(tokens: Token[], joiner = ' '): Utterance {
  let text = '';
  for (const t of tokens) text += (text && t.spoken !== '_' ? joiner : '') + t.written;
  return {
    tokens,
    starttime: tokens[0]?.starttime ?? 0,
    endtime: tokens.at(-1)?.endtime ?? 0,
    tags: [],
    rulename: '',
    text,
  };
}

const english: Transcript = {
  text: 'the quick brown fox. jumps over',
  utterances: [
    utterance([
      word('the', 0, 100),
      word('quick', 100, 300),
      word('brown', 300, 500),
      word('fox', 500, 800),
      word('.', 800, 800, { spoken: '_' }),
    ]),
    utterance([word('jumps', 1000, 1400), word('over', 1400, 1600)]),
  ],
};

const japanese: Transcript = {
  text: '今日は晴れです',
  utterances: [
    utterance(
      [
        word('今日', 0, 300, { spoken: 'きょう' }),
        word('は', 300, 400, { spoken: 'は' }),
        word('晴れ', 400, 800, { spoken: 'はれ' }),
        word('です', 800, 1000, { spoken: 'です' }),
      ],
      '',
    ),
  ],
};

const writtens = (t: Transcript, u = 0) => t.utterances[u]!.tokens.map((k) => k.written);

describe('word edits', () => {
  it('replaces a word, keeping its time and reading, marked as edited with the original', () => {
    const edited = applyEdits(english, [wordEdit(0, 1, 'quack')]);
    const token = edited.utterances[0]!.tokens[1]!;
    expect(token).toMatchObject({
      written: 'quack',
      starttime: 100,
      endtime: 300,
      spoken: 'quick',
      edited: true,
      original: 'quick',
    });
    expect(token.confidence).toBeUndefined();
    expect(edited.edited).toBe(true);
    expect(edited.utterances[0]!.text).toBe('the quack brown fox.');
    expect(edited.text).toBe('the quack brown fox. jumps over');
    expect(edited.utterances[0]!.tokens[0]).toBe(english.utterances[0]!.tokens[0]);
    expect(english.utterances[0]!.tokens[1]!.written).toBe('quick');
  });

  it('splits a word into several sharing its time evenly', () => {
    const edited = applyEdits(english, [wordEdit(0, 3, 'fox  hound  dog')]);
    expect(writtens(edited)).toEqual(['the', 'quick', 'brown', 'fox', 'hound', 'dog', '.']);
    expect(edited.utterances[0]!.tokens.slice(3, 6).map((t) => [t.starttime, t.endtime])).toEqual([
      [500, 600],
      [600, 700],
      [700, 800],
    ]);
    expect(edited.utterances[0]!.tokens[4]!.spoken).toBeUndefined();
  });

  it('removes a word that is cleared', () => {
    const edited = applyEdits(english, [wordEdit(0, 0, '  ')]);
    expect(writtens(edited)).toEqual(['quick', 'brown', 'fox', '.']);
    expect(edited.text).toBe('quick brown fox. jumps over');
  });

  it('applies operations in order, each naming words as they then stood', () => {
    const edited = applyEdits(english, [wordEdit(0, 0, ''), wordEdit(0, 0, 'slow')]);
    expect(writtens(edited)).toEqual(['slow', 'brown', 'fox', '.']);
  });

  it('leaves the transcript itself when nothing is in effect or a word is retyped', () => {
    expect(applyEdits(english, [])).toBe(english);
    expect(applyEdits(english, [wordEdit(0, 1, 'quick')])).toBe(english);
  });

  it('passes over an operation that does not fit, and says which fit', () => {
    const bad: EditOp = { kind: 'words', utterance: 0, changes: [{ from: 4, to: 9, written: [] }] };
    expect(applicable(english, bad)).toBe(false);
    expect(applyEdits(english, [bad])).toBe(english);
    expect(applicable(english, wordEdit(5, 0, 'x'))).toBe(false);
    expect(applicable(english, revertWord(0, 1))).toBe(false);
    expect(applicable(english, revertAll())).toBe(false);
    expect(applicable(english, renameSpeaker('speaker0', 'Tanaka'))).toBe(false);
    const edited = applyEdits(english, [wordEdit(0, 1, 'quack')]);
    expect(applicable(edited, revertWord(0, 1))).toBe(true);
    expect(applicable(edited, revertAll())).toBe(true);
  });
});

describe('reverting', () => {
  it('reverts one word and the words made with it, leaving other edits', () => {
    const ops = [wordEdit(0, 1, 'quack'), wordEdit(0, 3, 'fox hound'), wordEdit(0, 4, 'cat')];
    const edited = applyEdits(english, ops);
    expect(writtens(edited)).toEqual(['the', 'quack', 'brown', 'fox', 'cat', '.']);
    const reverted = applyEdits(english, [...ops, revertWord(0, 3)]);
    expect(writtens(reverted)).toEqual(['the', 'quack', 'brown', 'fox', '.']);
    expect(reverted.utterances[0]!.tokens[3]).toBe(english.utterances[0]!.tokens[3]);
    const both = applyEdits(english, [...ops, revertWord(0, 3), revertWord(0, 1)]);
    expect(both).toBe(english);
  });

  it('reverting an inserted word removes it', () => {
    const insert: EditOp = {
      kind: 'words',
      utterance: 1,
      changes: [{ from: 1, to: 1, written: ['right'] }],
    };
    const edited = applyEdits(english, [insert]);
    expect(writtens(edited, 1)).toEqual(['jumps', 'right', 'over']);
    expect(edited.utterances[1]!.tokens[1]).toMatchObject({ starttime: 1400, endtime: 1400 });
    expect(applyEdits(english, [insert, revertWord(1, 1)])).toBe(english);
  });

  it('reverting a word takes back the words inserted among those made with it, in time order', () => {
    // Found by the property below (seed 1825429592): the whole first utterance retyped, part of
    // it retyped again, two words inserted inside what was retyped, then the first word reverted.
    // The insertion stood between words of one edit: the revert stopped at it, so the service's
    // words came back before it and the rest of that edit stayed after it, out of order in time.
    const ops: EditOp[] = [
      { kind: 'words', utterance: 0, changes: [{ from: 0, to: 5, written: ['a', 'b', 'c', 'd'] }] },
      { kind: 'words', utterance: 0, changes: [{ from: 0, to: 2, written: ['e', 'f', 'g'] }] },
      { kind: 'words', utterance: 0, changes: [{ from: 3, to: 3, written: ['x', 'y'] }] },
    ];
    expect(writtens(applyEdits(english, ops))).toEqual(['e', 'f', 'g', 'x', 'y', 'c', 'd']);
    expect(applyEdits(english, [...ops, revertWord(0, 0)])).toBe(english);
    // An insertion at an edit's edge with nothing of that edit beyond it stays.
    const after: EditOp[] = [
      wordEdit(0, 1, 'quack'),
      { kind: 'words', utterance: 0, changes: [{ from: 2, to: 2, written: ['loud'] }] },
    ];
    expect(writtens(applyEdits(english, [...after, revertWord(0, 1)]))).toEqual([
      'the',
      'quick',
      'loud',
      'brown',
      'fox',
      '.',
    ]);
  });

  it('reverts everything, speakers included, as one step after which edits go on', () => {
    const ops = [wordEdit(0, 1, 'quack'), wordEdit(1, 0, ''), revertAll(), wordEdit(1, 1, 'under')];
    const edited = applyEdits(english, ops);
    expect(writtens(edited)).toEqual(writtens(english));
    expect(writtens(edited, 1)).toEqual(['jumps', 'under']);
  });
});

describe('speakers', () => {
  const talk: Transcript = {
    text: 'hello there yes',
    utterances: [
      utterance([
        word('hello', 0, 100, { label: 'speaker0' }),
        word('there', 100, 200, { label: 'speaker0' }),
        word('yes', 300, 400, { label: 'speaker1' }),
      ]),
    ],
  };

  it('names a speaker for the whole transcript, and gives the default back with an empty name', () => {
    const named = applyEdits(talk, [renameSpeaker('speaker0', ' Tanaka ')]);
    expect(named.speakerNames).toEqual({ speaker0: 'Tanaka' });
    expect(named.edited).toBe(true);
    expect(named.utterances).toEqual(talk.utterances);
    expect(
      applyEdits(talk, [renameSpeaker('speaker0', 'Tanaka'), renameSpeaker('speaker0', '')]),
    ).toBe(talk);
    expect(applicable(talk, renameSpeaker('speaker1', 'Sato'))).toBe(true);
  });

  it('gives new words the label of what they replace', () => {
    const edited = applyEdits(talk, [wordEdit(0, 2, 'yes indeed')]);
    expect(edited.utterances[0]!.tokens.slice(2).map((t) => t.label)).toEqual([
      'speaker1',
      'speaker1',
    ]);
  });
});

describe('history', () => {
  it('undoes and redoes, and a new edit drops what was undone', () => {
    let h = pushEdit(NO_EDITS, wordEdit(0, 1, 'quack'));
    h = pushEdit(h, wordEdit(0, 2, 'green'));
    expect(writtens(editedTranscript(english, h)).slice(1, 3)).toEqual(['quack', 'green']);
    h = undo(h);
    expect(writtens(editedTranscript(english, h)).slice(1, 3)).toEqual(['quack', 'brown']);
    expect(redo(h).position).toBe(2);
    h = pushEdit(h, wordEdit(0, 0, 'a'));
    expect(h.ops).toHaveLength(2);
    expect(redo(h)).toBe(h);
    expect(undo(undo(undo(h)))).toEqual({ ops: h.ops, position: 0 });
    expect(editHistorySchema.safeParse({ ops: [], position: 1 }).success).toBe(false);
  });
});

describe('utterance edits', () => {
  it('keeps unchanged words and their times; new words share the time of what they replace', () => {
    const slow = applyEdits(english, [
      utteranceEdit(0, english.utterances[0]!, 'the slow brown fox.')!,
    ]);
    expect(writtens(slow)).toEqual(['the', 'slow', 'brown', 'fox', '.']);
    expect(slow.utterances[0]!.tokens.filter((t) => t.edited)).toHaveLength(1);
    const op = utteranceEdit(0, english.utterances[0]!, 'the quick red fox jumped.')!;
    const edited = applyEdits(english, [op]);
    expect(writtens(edited)).toEqual(['the', 'quick', 'red', 'fox', 'jumped.']);
    const tokens = edited.utterances[0]!.tokens;
    expect(tokens[0]).toBe(english.utterances[0]!.tokens[0]);
    expect(tokens[1]).toBe(english.utterances[0]!.tokens[1]);
    expect(tokens.slice(2).map((t) => [t.starttime, t.endtime])).toEqual([
      [300, 467],
      [467, 633],
      [633, 800],
    ]);
    expect(tokens[4]).toMatchObject({ edited: true, original: 'brown fox.' });
  });

  it('inserts, removes, and says when nothing changed', () => {
    expect(utteranceEdit(0, english.utterances[0]!, ' the quick  brown fox. ')).toBeUndefined();
    const edited = applyEdits(english, [utteranceEdit(1, english.utterances[1]!, 'he jumps')!]);
    expect(writtens(edited, 1)).toEqual(['he', 'jumps']);
    expect(edited.utterances[1]!.tokens[0]).toMatchObject({ starttime: 1000, endtime: 1000 });
  });

  it('compares text written without spaces character by character', () => {
    const op = utteranceEdit(0, japanese.utterances[0]!, '今日は雨です')!;
    expect(op).toEqual({
      kind: 'words',
      utterance: 0,
      changes: [{ from: 2, to: 3, written: ['雨'] }],
    });
    const edited = applyEdits(japanese, [op]);
    expect(edited.text).toBe('今日は雨です');
    expect(edited.utterances[0]!.tokens[2]).toMatchObject({
      written: '雨',
      starttime: 400,
      endtime: 800,
      spoken: 'はれ',
      original: '晴れ',
    });
    const inserted = applyEdits(japanese, [
      utteranceEdit(0, japanese.utterances[0]!, '今日は良い晴れです')!,
    ]);
    expect(writtens(inserted)).toEqual(['今日', 'は', '良い', '晴れ', 'です']);
    const inside = applyEdits(japanese, [
      utteranceEdit(0, japanese.utterances[0]!, '今日は晴天です')!,
    ]);
    expect(writtens(inside)).toEqual(['今日', 'は', '晴天', 'です']);
  });

  it('edits an utterance that was edited before', () => {
    const first = applyEdits(english, [wordEdit(0, 3, 'fox hound')]);
    const op = utteranceEdit(0, first.utterances[0]!, 'the quick brown fox hound dog.')!;
    expect(writtens(applyEdits(english, [wordEdit(0, 3, 'fox hound'), op]))).toEqual([
      'the',
      'quick',
      'brown',
      'fox',
      'hound',
      'dog.',
    ]);
  });
});

describe('diffHunks', () => {
  it('finds the smallest differing runs', () => {
    expect(diffHunks([...'abcde'], [...'abXde'])).toEqual([[2, 3, 2, 3]]);
    expect(diffHunks([...'abc'], [...'abc'])).toEqual([]);
    expect(diffHunks([...'ac'], [...'abc'])).toEqual([[1, 1, 1, 2]]);
  });
});

// ——— properties ———

const wordArb = fc.stringMatching(/^[a-z]{1,6}$/);
const transcriptArb = fc
  .array(
    fc.array(fc.tuple(wordArb, fc.integer({ min: 0, max: 500 })), { minLength: 1, maxLength: 8 }),
    {
      minLength: 1,
      maxLength: 4,
    },
  )
  .map((utts): Transcript => {
    let clock = 0;
    const utterances = utts.map((words) =>
      utterance(
        words.map(([w, length]) => {
          const t = word(w, clock, clock + length);
          clock += length;
          return t;
        }),
      ),
    );
    return { text: utterances.map((u) => u.text).join(' '), utterances };
  });

/** A random operation that fits the transcript as it stands. */
function opArb(t: Transcript): fc.Arbitrary<EditOp> {
  const u = fc.integer({ min: 0, max: t.utterances.length - 1 });
  return fc.oneof(
    u.chain((ui) => {
      const n = t.utterances[ui]!.tokens.length;
      return fc
        .tuple(
          fc.integer({ min: 0, max: n }),
          fc.integer({ min: 0, max: n }),
          fc.array(wordArb, { maxLength: 3 }),
        )
        .map(([a, b, written]): EditOp => ({
          kind: 'words',
          utterance: ui,
          changes: [{ from: Math.min(a, b), to: Math.max(a, b), written }],
        }));
    }),
    u.chain((ui) =>
      fc
        .array(wordArb, { maxLength: 10 })
        .map((words) => utteranceEdit(ui, t.utterances[ui]!, words.join(' ')) ?? revertAll()),
    ),
    u.chain((ui) =>
      fc
        .integer({ min: 0, max: Math.max(0, t.utterances[ui]!.tokens.length - 1) })
        .map((i) => revertWord(ui, i)),
    ),
    fc.constant(revertAll()),
  );
}

const scenario = transcriptArb.chain((t) =>
  fc.integer({ min: 1, max: 6 }).chain((steps) => {
    let arb: fc.Arbitrary<EditOp[]> = fc.constant([]);
    for (let s = 0; s < steps; s++)
      arb = arb.chain((ops) => opArb(applyEdits(t, ops)).map((op) => [...ops, op]));
    return arb.map((ops) => ({ t, ops }));
  }),
);

const flat = (t: Transcript) => t.utterances.flatMap((u) => u.tokens);

describe('properties', () => {
  it('undoing every edit gives the service transcript back, unchanged', () => {
    fc.assert(
      fc.property(scenario, ({ t, ops }) => {
        const snapshot = structuredClone(t);
        let h = NO_EDITS;
        for (const op of ops) h = pushEdit(h, op);
        editedTranscript(t, h);
        while (h.position > 0) h = undo(h);
        expect(editedTranscript(t, h)).toBe(t);
        expect(t).toEqual(snapshot);
      }),
    );
  });

  it('redoing after undoing gives the same edited transcript', () => {
    fc.assert(
      fc.property(scenario, ({ t, ops }) => {
        let h = NO_EDITS;
        for (const op of ops) h = pushEdit(h, op);
        const done = editedTranscript(t, h);
        expect(editedTranscript(t, redo(undo(h)))).toEqual(done);
      }),
    );
  });

  it('keeps word times monotonic and inside the utterance', () => {
    fc.assert(
      fc.property(scenario, ({ t, ops }) => {
        const edited = applyEdits(t, ops);
        edited.utterances.forEach((u, i) => {
          let last = t.utterances[i]!.starttime!;
          for (const token of u.tokens) {
            expect(token.starttime!).toBeGreaterThanOrEqual(last);
            expect(token.endtime!).toBeGreaterThanOrEqual(token.starttime!);
            expect(token.endtime!).toBeLessThanOrEqual(t.utterances[i]!.endtime!);
            last = token.endtime!;
          }
        });
      }),
    );
  });

  it('reverting all leaves the service words; an utterance edit yields exactly the text typed', () => {
    fc.assert(
      fc.property(scenario, ({ t, ops }) => {
        expect(flat(applyEdits(t, [...ops, revertAll()]))).toEqual(flat(t));
      }),
    );
    fc.assert(
      fc.property(scenario, fc.array(wordArb, { maxLength: 10 }), ({ t, ops }, words) => {
        const before = applyEdits(t, ops);
        const op = utteranceEdit(0, before.utterances[0]!, words.join(' '));
        const after = op ? applyEdits(t, [...ops, op]) : before;
        expect(after.utterances[0]!.tokens.map((k) => k.written)).toEqual(words);
        expect(toTxt(after)).toContain(words.join(' '));
      }),
    );
  });
});

describe('properties of text written without spaces', () => {
  const kana = fc.stringMatching(/^[あいうかき晴雨]{1,3}$/);
  const utteranceArb = fc.array(kana, { minLength: 1, maxLength: 6 }).map((words): Transcript => {
    const u = utterance(
      words.map((w, k) => word(w, k * 100, k * 100 + 100, { spoken: w })),
      '',
    );
    return { text: u.text, utterances: [u] };
  });

  it('an utterance edit yields exactly the text typed, keeping the words it did not touch', () => {
    fc.assert(
      fc.property(utteranceArb, fc.stringMatching(/^[あいうかき晴雨]{0,12}$/), (t, text) => {
        const op = utteranceEdit(0, t.utterances[0]!, text);
        const after: EditedTranscript = op ? applyEdits(t, [op]) : t;
        expect(after.utterances[0]!.text).toBe(text);
        const kept = after.utterances[0]!.tokens.filter((k) => !k.edited);
        for (const token of kept) expect(t.utterances[0]!.tokens).toContain(token);
      }),
    );
  });
});
