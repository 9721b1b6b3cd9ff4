/**
 * The parts of speech the three input methods write in their exports, and what each becomes in a
 * speech engine's dictionary: a kind of name the engines have classes for (a person, a place, an
 * organization, a product), a plain word (no class), or nothing at all when the entry is not a
 * word said aloud (a shortcut reading, an emoticon, a symbol, a word the input method is told to
 * suppress). The names are those of Microsoft IME's word list, ATOK's word files and Mozc's (Google
 * Japanese Input's) user dictionary; Mozc's importer maps the same names (its
 * third_party_pos_map.def), which is where the less common ones were checked.
 */

/** What a part of speech says of a word that matters to a recognizer. */
export type WordKind = 'person' | 'place' | 'organization' | 'product' | 'word';

/** Why an entry is not a word for a recognizer. */
export const NOT_WORD_KINDS = ['shortcut', 'emoticon', 'symbol', 'suppressed', 'suggest'] as const;
export type NotWordKind = (typeof NOT_WORD_KINDS)[number];

const PERSON = ['人名', '姓', '名', '固有人姓', '固有人名', '固有人他'];
const PLACE = ['地名', '地名その他', '固有地名', '国', '県', '郡', '区', '市', '町', '村', '駅'];
const ORGANIZATION = ['組織', '社名', '固有組織', '建築物'];
const PRODUCT = ['固有商品', '物品'];
const NOT_WORDS: Readonly<Record<string, NotWordKind>> = {
  短縮よみ: 'shortcut',
  顔文字: 'emoticon',
  顔: 'emoticon',
  記号: 'symbol',
  抑制単語: 'suppressed',
  サジェストのみ: 'suggest',
};
/**
 * Every other part of speech any of the three writes: a word without a class. Listed so that a
 * file is recognised as an input method's by its parts of speech (Google's has no header).
 */
const WORDS = [
  // Mozc (Google Japanese Input).
  '名詞',
  '固有名詞',
  '名詞サ変',
  '名詞形動',
  '数',
  'アルファベット',
  '副詞',
  '連体詞',
  '接続詞',
  '感動詞',
  '接頭語',
  '助数詞',
  '接尾一般',
  '接尾人名',
  '接尾地名',
  '形容詞',
  '終助詞',
  '句読点',
  '独立語',
  '品詞なし',
  '動詞カ変',
  '動詞カ行五段',
  '動詞ガ行五段',
  '動詞サ変',
  '動詞サ行五段',
  '動詞ザ変',
  '動詞タ行五段',
  '動詞ナ行五段',
  '動詞ハ行四段',
  '動詞バ行五段',
  '動詞マ行五段',
  '動詞ラ変',
  '動詞ラ行五段',
  '動詞ワ行五段',
  '動詞一段',
  // Microsoft IME.
  'さ変名詞',
  'ざ変名詞',
  '形容動詞',
  '形動名詞',
  '副詞的名詞',
  'さ変形動名詞',
  '接尾語',
  '地名接頭語',
  '姓名接頭語',
  '人名接頭語',
  '姓名接尾語',
  '地名接尾語',
  'その他自立語',
  '慣用句',
  '一段動詞',
  'あわ行五段',
  'か行五段',
  'が行五段',
  'さ行五段',
  'た行五段',
  'な行五段',
  'ば行五段',
  'ま行五段',
  'ら行五段',
  '単漢字',
  '英字',
  '短縮語',
  '代名詞',
  // ATOK.
  '固有一般',
  '名詞ザ変',
  '名サ形動',
  '形動タリ',
  'カ行五段',
  'ガ行五段',
  'サ行五段',
  'タ行五段',
  'ナ行五段',
  'バ行五段',
  'マ行五段',
  'ラ行五段',
  'ワ行五段',
  'ハ行四段',
  'カ変動詞',
  'サ変動詞',
  'ザ変動詞',
  'ラ変動詞',
  'ワ行五段音便',
  '数詞',
  '冠数詞',
];

const KINDS = new Map<string, WordKind | NotWordKind>([
  ...PERSON.map((p) => [p, 'person'] as const),
  ...PLACE.map((p) => [p, 'place'] as const),
  ...ORGANIZATION.map((p) => [p, 'organization'] as const),
  ...PRODUCT.map((p) => [p, 'product'] as const),
  ...WORDS.map((p) => [p, 'word'] as const),
  ...Object.entries(NOT_WORDS),
]);

/**
 * A part of speech as written, made comparable: ATOK marks a word it registered itself with `$`
 * and one the person registered with `*` after it; half-width katakana and full-width ASCII are
 * read as their usual forms.
 */
export function normalPos(pos: string): string {
  return pos.normalize('NFKC').trim().replace(/[$*]$/, '');
}

/** What a part of speech makes of an entry; undefined for one none of the three writes. */
export function kindOfPos(pos: string): WordKind | NotWordKind | undefined {
  return KINDS.get(normalPos(pos));
}

export const isNotWord = (kind: WordKind | NotWordKind | undefined): kind is NotWordKind =>
  (NOT_WORD_KINDS as readonly string[]).includes(kind ?? '');

/**
 * The engine's class for a kind of name, when the engine lists one of its names: the local
 * engine's PERSON, PLACE…, or a service's Japanese class names. Undefined for a plain word, or
 * when the engine has no such class (its list is empty when not known: no class is guessed).
 */
const CLASS_NAMES: Readonly<Record<Exclude<WordKind, 'word'>, readonly string[]>> = {
  person: ['PERSON', '人名'],
  place: ['PLACE', '地名'],
  organization: ['ORGANIZATION', '組織', '組織名'],
  product: ['PRODUCT', '商品', '製品'],
};

export function classFor(kind: WordKind, classnames: readonly string[]): string | undefined {
  if (kind === 'word') return undefined;
  return CLASS_NAMES[kind].find((name) => classnames.includes(name));
}

/** The kind of name an engine's class stands for (the way back, for an export). */
export function kindOfClass(classname: string | undefined): WordKind {
  for (const [kind, names] of Object.entries(CLASS_NAMES))
    if (classname !== undefined && names.includes(classname)) return kind as WordKind;
  return 'word';
}

/** The part of speech each input method's export writes for a kind of word. */
export const POS_OF: Readonly<Record<'ms-ime' | 'google' | 'atok', Record<WordKind, string>>> = {
  // Microsoft IME's word list has no organization or product: they are proper nouns there.
  'ms-ime': {
    person: '人名',
    place: '地名その他',
    organization: '固有名詞',
    product: '固有名詞',
    word: '名詞',
  },
  google: {
    person: '人名',
    place: '地名',
    organization: '組織',
    product: '固有名詞',
    word: '名詞',
  },
  atok: {
    person: '固有人他',
    place: '固有地名',
    organization: '固有組織',
    product: '固有商品',
    word: '名詞',
  },
};
