/** Japanese strings of importing and exporting input methods' dictionaries (kept apart to merge cleanly). */
export const jaIme = {
  ime: {
    format: {
      'ms-ime': 'Microsoft IME の単語一覧',
      google: 'Google 日本語入力の書き出し',
      atok: 'ATOK の単語一覧',
    },
    encoding: { 'utf-16le': 'UTF-16', 'utf-8': 'UTF-8', shift_jis: 'Shift_JIS' },
    read_one: '{{format}}（{{encoding}}）から {{count}} 語を読み込みました。',
    read_other: '{{format}}（{{encoding}}）から {{count}} 語を読み込みました。',
    merged_one: '重複した {{count}} 件をまとめました。',
    merged_other: '重複した {{count}} 件をまとめました。',
    preview: '読み込む単語',
    previewMore: 'ほか {{count}} 語',
    reading: '読み',
    written: '語句',
    class: 'クラス',
    noClass: '—',
    limit:
      '表に追加すると、プロファイルの単語は {{count}} 語になります。1 つのプロファイルに入るのは {{max}} 語までです。',
    overLimit:
      '表に追加すると {{count}} 語になり、1 つのプロファイルに入る {{max}} 語を超えます。表を置き換えるか、読み込む単語を減らしてください。',
    exportAs: '{{name}} 用に書き出す',
    exportName: { 'ms-ime': 'Microsoft IME', google: 'Google 日本語入力', atok: 'ATOK' },
  },
};
