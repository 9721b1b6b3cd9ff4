/** Japanese strings of Settings → Programs (kept apart to merge cleanly). */
import type { enPrograms } from './en-programs';
import type { MessagesOf } from './messages-of';

export const jaPrograms: MessagesOf<typeof enPrograms> = {
  programs: {
    heading: 'プログラム',
    intro:
      'このコンピューターのほかのプログラム（メモアプリのプラグイン、音声入力ツール、アシスタントなど）が、OpenAI の文字起こし API で Kikitori を使えます。プログラムごとにキーを作って渡してください。そのプログラムのジョブは、名前付きでジョブ一覧に表示されます。このコンピューターからのリクエストにだけ応え、Web ページからのリクエストには応えません。',
    baseUrl: 'ベース URL',
    baseUrlHint: 'プログラムの OpenAI ベース URL にこれを、API キーにキーを設定してください。',
    notServed:
      'いまは提供していません。Kikitori のウィンドウかブラウザーモードが動いているあいだ提供します。',
    copyUrl: 'ベース URL をコピー',
    nameLabel: 'プログラムの名前',
    nameHint: '例: Obsidian。そのプログラムが送ったジョブに付きます。',
    make: 'キーを作る',
    making: '作成中…',
    madeFor: '{{name}} 用のキーです。表示はこの一度だけです。いまプログラムにコピーしてください。',
    key: '{{name}} 用のキー',
    copy: 'コピー',
    copied: 'コピーしました。',
    done: '完了',
    list: 'プログラム用のキー',
    none: 'キーを持つプログラムはまだありません。',
    created: '{{date}} 作成',
    lastUsed: '最終使用 {{date}}',
    neverUsed: '未使用',
    revoke: '取り消す',
    revokeFor: '{{name}} のキーを取り消す',
    revokeTitle: '{{name}} のキーを取り消しますか？',
    revokeBody:
      'そのプログラムの次のリクエストは断られます。元には戻せません。必要なら新しいキーを作ってください。',
    folders: 'アシスタントが文字起こしできるフォルダー',
    foldersIntro:
      'kikitori mcp --allow-transcribe が文字起こしするのは、これらのフォルダー（と --allow で指定したフォルダー）の中のファイルだけです。',
    noFolders: 'フォルダーはまだありません。',
    addFolder: 'フォルダーを追加…',
    folderLabel: 'フォルダー（完全なパス）',
    allowFolder: 'このフォルダーを許可',
    removeFolder: '削除',
    removeFolderFor: '{{folder}} の中のファイルの文字起こしをプログラムに許可しない',
  },
};
