/** English strings of importing and exporting input methods' dictionaries (kept apart to merge cleanly). */
export const enIme = {
  ime: {
    format: {
      'ms-ime': 'a Microsoft IME word list',
      google: 'a Google Japanese Input export',
      atok: 'an ATOK word list',
    },
    encoding: { 'utf-16le': 'UTF-16', 'utf-8': 'UTF-8', shift_jis: 'Shift_JIS' },
    read_one: '{{count}} word read from {{format}} ({{encoding}}).',
    read_other: '{{count}} words read from {{format}} ({{encoding}}).',
    merged_one: '{{count}} repeated entry was merged.',
    merged_other: '{{count}} repeated entries were merged.',
    preview: 'Words to import',
    previewMore: 'and {{count}} more',
    reading: 'Reading',
    written: 'Word',
    class: 'Class',
    noClass: '—',
    limit:
      'With them the profile holds {{count}} words, when added to the table; a profile holds at most {{max}}.',
    overLimit:
      'Added to the table, the profile would hold {{count}} words: more than the {{max}} a profile holds. Replace the table, or import fewer words.',
    exportAs: 'Export for {{name}}',
    exportName: { 'ms-ime': 'Microsoft IME', google: 'Google Japanese Input', atok: 'ATOK' },
  },
};
