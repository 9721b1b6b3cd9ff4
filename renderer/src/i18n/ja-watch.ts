/** Japanese strings of Settings → Watched folders (kept apart to merge cleanly). */
import type { enWatch } from './en-watch';
import type { MessagesOf } from './messages-of';

export const jaWatch: MessagesOf<typeof enWatch> = {
  watch: {
    heading: '監視フォルダー',
    intro:
      'Kikitori の起動中、これらのフォルダーに現れた音声・動画ファイルは、書き込みが終わったところで1回だけ文字起こしされ、選んだ形式で保存されます。追加した時点でフォルダーにあるファイルはそのままです。ジョブ一覧では「監視フォルダー」と表示されます。',
    none: '監視しているフォルダーはまだありません。',
    add: 'フォルダーを追加…',
    adding: '追加しています…',
    pathLabel: '監視するフォルダー（完全なパス）',
    pathHint: '例: /home/you/Recordings。読み取れるフォルダーかどうかを Kikitori が確かめます。',
    addTyped: 'このフォルダーを監視',
    list: '監視フォルダー',
    state: {
      watching: '監視中',
      off: 'オフ',
      problem: '監視できていません',
    },
    formats: '形式',
    lastFormat: '少なくとも1つの形式で書き出します。',
    output: '出力先フォルダー',
    nextToFile: '各ファイルと同じ場所',
    chooseOutput: '選ぶ…',
    chooseOutputFor: '{{folder}} の出力先フォルダーを選ぶ',
    outputInBrowser:
      'ブラウザーでは、文字起こしは各ファイルと同じ場所に書き込まれます。別のフォルダーに書き込むには kikitori watch --out か、デスクトップ版を使ってください。',
    useNextToFile: '各ファイルと同じ場所に戻す',
    useNextToFileFor: '{{folder}} の文字起こしを各ファイルと同じ場所に書き出す',
    recursive: 'サブフォルダーも含める',
    enabled: 'このフォルダーを監視する',
    remove: '削除',
    removeFor: '{{folder}} の監視をやめて一覧から削除',
  },
};
