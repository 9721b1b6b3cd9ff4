/** Japanese: the errors of the app and its data folder, of programs and of watched folders. */
import type { LanguagePart } from '../render';

export const APP = {
  errors: {
    'invalid-input':
      'Kikitori が実行できない要求を受け取りました。ウィンドウを再読み込みしてもう一度試してください。',
    forbidden: 'Kikitori 自身のウィンドウ以外からの要求を拒否しました。',
    internal:
      'Kikitori 内部でエラーが発生しました。再試行して、また起きる場合は詳細を添えて報告してください。',
    'data-corrupt':
      '{path} を読み込めません。ファイルが壊れています。バックアップから戻すか、ファイルを移動して既定の設定で起動してください。',
    'data-newer':
      '{path} は新しいバージョンの Kikitori で書かれています。このデータフォルダーを開くには Kikitori を更新してください。',
    'data-read-only':
      'データフォルダー {path} に書き込めません。フォルダーを書き込み可能にするか、--data で別のフォルダーを指定してください。',
    'app-running':
      'データフォルダー {path} を使う Kikitori がすでに動いていますが、応答しませんでした。そちらを終了するか、--data で別のフォルダーを指定して起動してください。',
    'data-held-by-command':
      'Kikitori のコマンド（プロセス {pid}、kikitori serve など）がデータフォルダー {path} を使っています。そのコマンドを終了するか、--data で別のフォルダーを指定して起動してください。',
    'link-used':
      'この Kikitori のアドレスは使用済みか期限切れです（アドレスは一度しか使えません）。Kikitori が起動時に表示した最新のアドレスを開くか、Kikitori をもう一度起動して新しいアドレスを受け取ってください。',
    'handover-refused':
      'このデータフォルダーで Kikitori が前回動いていた {url} で何かが応答しましたが、Kikitori であることを証明できなかったため、何も開きませんでした。そのアドレスを使っているプログラムを止めてから、Kikitori をもう一度起動してください。',
    'port-in-use':
      'ポート {port} は別のプログラムが使用中です。別の --port を指定するか、--port を付けずに起動して空いているポートを使ってください。',
    'program-unreachable':
      'データフォルダー {path} を使う Kikitori にプログラムから接続できません。{reason}。',
    'watch-folder':
      '{path} を監視できません（{reason}）。ほかの監視フォルダーはそのまま続き、このフォルダーも直りしだい自動で監視を再開します。',
    'watch-refused':
      '{path} は監視できません（{reason}）。存在していて Kikitori が読み取れるフォルダーを選んでください。',
    'watch-output':
      '{path} に文字起こしを書き出せません（{reason}）。別の出力先フォルダーを選んでください。',
    'watch-held':
      '{path} はすでに{holder}が監視しています。1つのフォルダーを監視できる Kikitori は1つだけです。そちらを止めるか、別のフォルダーを監視してください。',
    'watch-waiting':
      '{path} の文字起こしは書き出しを待っています。書き出し先のディスクがいっぱいです。フォルダーの監視は続け、空きができしだい書き出します。そのディスクの空き容量を増やしてください。',
    'watch-output-page':
      'ブラウザーでは、監視フォルダーの文字起こしは各ファイルと同じ場所に書き込まれます。ページはファイルの書き込み先を選べないため、{path} は設定しませんでした。別のフォルダーに書き込むには kikitori watch --out か、デスクトップ版で設定してください。',
    'data-not-own':
      'Kikitori は {path} を使いません（{reason}）。中身を信頼するため、Kikitori のフォルダーはご自身のものである必要があります。--data で別のデータフォルダーを指定してください。',
    'program-key': 'プログラム用のキー「{name}」には何もしませんでした。{reason}。',
    'program-folder':
      '{path} の中のファイルの文字起こしをプログラムに許可できません。{reason}。存在していて Kikitori が読めるフォルダーを選んでください。',
    'program-refused': 'プログラムが {path} の文字起こしを求めましたが、断りました。{reason}。',
  },
  errorSubCodes: {
    'program-unreachable': {
      reason: {
        stale:
          '接続口は終了した Kikitori が残したもので、応答がありません。このフォルダーで次に起動する Kikitori が置き換えます',
        refused:
          '接続口が接続を拒否したか、Kikitori のものではありません。データフォルダーが自分のものか確認してください',
        'no-answer':
          '接続口が {seconds} 秒以内に応答しませんでした。Kikitori が処理中か止まっている可能性があります。もう一度試すか、Kikitori を終了して起動し直してください',
        gone: 'プログラムが使っている間に Kikitori が終了しました。Kikitori をもう一度起動してから、コマンドをもう一度実行してください',
        'not-served':
          '接続口を開けませんでした。ほかのプログラムは Kikitori を終了するまで待つ必要があります',
      },
    },
    'data-not-own': {
      reason: {
        owner: '別のユーザーのフォルダーです',
        link: 'リンクです。リンク先がご自身のフォルダーなら、そちらを指定してください',
        'not-folder': 'フォルダーではありません',
        open: 'ほかのユーザーが書き込めます',
        socket: 'プログラム用の接続口がご自身の作ったものではありません',
      },
    },
    'watch-folder': {
      reason: {
        missing:
          'フォルダーが見つかりません。削除・名前の変更、またはディスクの取り外しが考えられます',
        'not-folder': 'フォルダーではありません',
        unreadable: '読み取る権限がありません',
      },
    },
    'watch-refused': {
      reason: {
        missing: 'そのフォルダーはありません',
        'not-folder': 'フォルダーではありません',
        unreadable: '読み取る権限がありません',
        'not-absolute': '完全なパス（「/」から始まるパス）ではありません',
      },
    },
    'watch-output': {
      reason: {
        missing: 'フォルダーが存在しません',
        'not-folder': 'フォルダーではありません',
        denied: '書き込む権限がありません',
        'not-absolute': '完全なパス（ディスクの先頭から始まるパス）ではありません',
      },
    },
    'watch-held': {
      holder: {
        app: 'Kikitori アプリ（プロセス {pid}）',
        'command-line': 'コマンド「kikitori watch」（プロセス {pid}）',
        other: '別の Kikitori',
      },
    },
    'program-key': {
      reason: {
        'name-taken':
          '同じ名前のキーがすでにあります。別の名前にするか、先にそのキーを取り消してください',
        unknown:
          'その名前のキーはありません。名前は「設定 → プログラム」か「kikitori program-key list」で確かめられます',
      },
    },
    'program-folder': {
      reason: {
        missing: 'そのフォルダーはありません',
        'not-folder': 'フォルダーではありません',
        unreadable: 'Kikitori にそのフォルダーを読む権限がありません',
        'not-absolute': '完全なパス（「/」から始まるパス）ではありません',
      },
    },
    'program-refused': {
      reason: {
        'read-only':
          'この MCP サーバーは読み取り専用です。ファイルの文字起こしを許すには --allow-transcribe を付けて起動してください',
        'not-allowed':
          'プログラムに許可したフォルダーの中のファイルではありません。「設定 → プログラム」でそのフォルダーを許可するか、--allow FOLDER を付けてサーバーを起動してください',
      },
    },
  },
} as const satisfies LanguagePart;
