/** Japanese: the errors of corrections and of word tables, and why a word was not imported. */
import type { LanguagePart } from '../render';

export const WORDS = {
  errors: {
    'word-rejected':
      'サービスが単語「{written}」を受け付けませんでした（{reason}）。表のその行を直してから、もう一度保存してください。',
    'edit-refused':
      'この修正は、その間に変わった文字起こし（別のウィンドウで変えたのかもしれません）に合わなくなりました。文字起こしを開き直してから修正してください。',
    'edit-control':
      'この修正には、改行・タブなどの制御文字が含まれています。文字起こしには入れられません。制御文字を除いて 1 行で入力してください。',
    'edit-too-long':
      'この修正は {length} 文字あります。1 回の修正にできるのは {max} 文字までです。いくつかに分けて修正してください。',
    'edit-history-full':
      'この文字起こしには、これ以上修正を記録できません（上限 {max} バイト）。不要になった修正を元に戻してから、もう一度修正してください。新しい修正は、元に戻した修正の代わりに記録されます。',
  },
  errorSubCodes: {
    'word-rejected': {
      reason: {
        class: 'このエンジンにはクラス「{value}」がありません',
        'reading-missing': '読みがありませんが、このエンジンでは読みが必要です',
        'unknown-word': 'エンジンは読みの中の「{value}」という語を知りません',
      },
    },
  },
  wordRejections: {
    'quote-inside-field':
      '引用符（"）で始まらないフィールドの中に引用符があります。フィールド全体を引用符で囲み、中の引用符を二重にしてください。',
    'unclosed-quote':
      '引用符で囲んだフィールドが閉じられていません。閉じる引用符（"）を足してください。',
    'too-many-columns':
      'この行は{separator} {columns} 列あります。1 行は表記・読み・（省略可の）クラスです。',
    'empty-written': '表記（1 列目）が空です。',
    'invalid-field': '{field}{problem}。',
    duplicate: '「{written}」は {line} 行目にもあります。どちらか一方を残してください。',
    'too-many-words': '1 つのプロファイルに入る単語は {max} 語までです。',
    'too-few-columns':
      'この行には、入力方式が書き出す形の「読み・語句・品詞」（タブ区切り）がありません。',
    'not-a-word': '「{pos}」は{kind}で、声に出して話す単語ではありません。',
    'no-reading': '読みがありません。このエンジンには読みが必要です。',
    'reading-not-english':
      'このエンジンは英語の単語を聞き取ります。読み「{reading}」は使えません。英語の読みを付けて単語を追加してください。',
    'other-reading':
      '「{written}」は {line} 行目に読み「{reading}」で登録済みです。1 つの単語に付けられる読みは 1 つです。',
  },
  wordRejectionSubCodes: {
    'too-many-columns': {
      separator: {
        tab: 'タブ区切りで',
        comma: 'カンマ区切りで（カンマを含むフィールドは引用符で囲んでください）',
      },
    },
    'invalid-field': {
      field: { written: '表記', spoken: '読み', classname: 'クラス' },
      problem: {
        empty: 'が空です',
        'too-long': 'が {max} 文字を超えています',
        'bad-characters': 'の前後に空白があるか、タブ・改行・「|」が含まれています',
      },
    },
    'not-a-word': {
      kind: {
        shortcut: '短縮よみ（長い文を呼び出す短い読み）',
        emoticon: '顔文字',
        symbol: '記号',
        suppressed: '入力方式が候補に出さない単語（抑制単語）',
        suggest: 'サジェスト専用の単語',
      },
    },
  },
} as const satisfies LanguagePart;
