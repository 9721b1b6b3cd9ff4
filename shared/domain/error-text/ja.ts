/** Japanese: every error and word-table rejection as a whole sentence. */
import type { Language } from './render';

export const JA: Language = {
  errors: {
    network:
      '{host} に接続できませんでした（{reason}）。接続設定とネットワークを確認してから、もう一度試してください。',
    timeout:
      '{host} が {seconds} 秒以内に応答しませんでした。時間をおいて再試行するか、長い音声は非同期ジョブで送ってください。',
    auth: 'サービスが API キーを受け付けませんでした。設定でこの接続のキーを確認するか、新しいキーを発行してください。',
    'unsupported-audio':
      'サービスがこの音声を解釈できませんでした。WAV・FLAC・Ogg・MP3・PCM を使ってください。ローカルエンジンは 16 kHz 以上が必要です。',
    'nothing-recognised':
      'この音声から発話を認識できませんでした。エンジンの言語の発話が含まれているか確認してください。',
    'bad-request': 'サービスがリクエストを拒否しました。接続のエンジンと設定を確認してください。',
    'too-large':
      '音声がこのリクエストには大きすぎます。16 MB を超えるファイルは非同期ジョブで送ります。',
    busy: 'このキーの他のリクエストでサービスが混み合っています。少し待って再試行してください。',
    'engine-unavailable':
      '認識エンジンを利用できません。時間をおいて再試行するか、この接続で別のエンジンを選んでください。',
    server: 'サービスでエラーが発生しました。時間をおいて再試行してください。',
    'bad-response': 'サービスの応答を解釈できませんでした。接続の URL を確認してください。',
    'not-found': '{what}が見つかりませんでした。一覧を更新してからもう一度試してください。',
    'no-key': '接続「{connection}」に API キーがありません。設定で追加してください。',
    'no-connection': '接続「{connection}」がありません。設定で接続を選んでください。',
    file: '{name} を読めません（{reason}）。ファイルがあり、読み取れるかを確認してください。',
    'ffmpeg-missing':
      '{name} は送信前に変換が必要で、そのためには ffmpeg が必要ですがインストールされていません。ffmpeg をインストールするか、FLAC か WAV に変換してください。',
    'conversion-failed':
      '{name} を変換できませんでした。ファイルが途中で切れていないか確かめ、それでも変換できないときは FLAC か WAV に変換してから送ってください。',
    keychain:
      'キーチェーンでエラーが発生しました。キーチェーンのロックが解除されているか確認して、再試行してください。',
    'invalid-input':
      'Kikitori が実行できない要求を受け取りました。ウィンドウを再読み込みしてもう一度試してください。',
    interrupted:
      'Kikitori が停止したため {name} の送信が中断されました。サービス側にジョブがあるかは分かりません。再試行すると送り直します。',
    forbidden: 'Kikitori 自身のウィンドウ以外からの要求を拒否しました。',
    internal:
      'Kikitori 内部でエラーが発生しました。再試行して、また起きる場合は詳細を添えて報告してください。',
    'job-failed':
      'サービスがこのジョブを文字起こしできませんでした。音声とエンジンを確認してから再試行してください。',
    'keychain-library-missing':
      'キーチェーンのライブラリを読み込めないため、キーはこのセッションの間だけ保持されます。libsecret をインストール（apt-get install libsecret-1-0）して Kikitori を入れ直してください。',
    'keychain-unavailable':
      'キーチェーンが応答しないため、キーはこのセッションの間だけ保持されます。保存するには GNOME Keyring や KWallet などの Secret Service を起動してください。',
    'local-service':
      'ローカルサービスに問題があります（{reason}）。Kikitori が自動的に対処を続けます。',
    'disk-full':
      '{path} のあるディスクがいっぱいのため、Kikitori は作業内容を保存できませんでした。空き容量を作ってから再試行してください。',
    'insecure-url':
      'アドレス {url} は安全ではありません。クラウド接続には https:// を使ってください（http:// は 127.0.0.1 と localhost のみ）。アドレスを直してください。',
    'service-starting':
      'ローカルサービスを起動しています。このジョブは起動を待っています（最大 {seconds} 秒）。',
    'service-not-started':
      'ローカルサービスが {seconds} 秒以内に起動しませんでした。設定でサービスの状態を確認してから、ジョブを再試行してください。',
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
    'export-failed':
      '{path} を保存できませんでした（{reason}）。別のフォルダーか名前を選んで、もう一度書き出してください。',
    'export-no-transcript': '{name} には書き出せる文字起こしがありません。{state}。',
    'handover-refused':
      'このデータフォルダーで Kikitori が前回動いていた {url} で何かが応答しましたが、Kikitori であることを証明できなかったため、何も開きませんでした。そのアドレスを使っているプログラムを止めてから、Kikitori をもう一度起動してください。',
    cancelled: 'この文字起こしはキャンセルされました。{service}。',
    'port-in-use':
      'ポート {port} は別のプログラムが使用中です。別の --port を指定するか、--port を付けずに起動して空いているポートを使ってください。',
    'upload-failed': '{name} をデータフォルダー {path} に保存できませんでした。{reason}。',
    'file-refused': '{name} は文字起こしできません。{reason}。',
    'word-rejected':
      'サービスが単語「{written}」を受け付けませんでした（{reason}）。表のその行を直してから、もう一度保存してください。',
    'mic-none':
      'マイクが見つかりません。マイクを接続して（またはこのコンピューターのマイクの使用を許可して）から、もう一度「開始」を押してください。',
    'mic-denied':
      'Kikitori にマイクの使用が許可されていません。システムのプライバシー設定で許可してから、もう一度「開始」を押してください。',
    'mic-silent':
      '{device} から {seconds} 秒間、音が Kikitori に届いていません。ミュートになっていないか確かめるか、別の入力を選んでください。',
    'mic-failed':
      'マイク {device} を開けませんでした。別の入力を選んでから、もう一度「開始」を押してください。',
    'computer-sound-unavailable':
      'ここではコンピューターの音を録音できません（{reason}）。入力にマイクを選んでから、もう一度「開始」を押してください。',
    'live-refused':
      'サービスがライブ認識の開始を拒否しました: {message}。設定でこの接続のキーと設定を確かめてください。',
    'live-dropped':
      '{host} との接続が切れました（{reason}）。録音は続いており、再接続して、その間に録音した音声を送ります。',
    'live-running': 'ライブ文字起こしはすでに実行中です。別のものを始める前に停止してください。',
    'live-protocol':
      'ウィンドウからライブセッションに解釈できないデータが送られたため、セッションを終了しました。確定した部分はジョブとして保存されています。',
    'recording-failed':
      'ライブの音声を {path} に録音できませんでした（{reason}）。ffmpeg をインストールするか、コンピューターの負荷を下げてから、もう一度開始してください。それまでに確定した部分はジョブとして保存されています。',
    'live-disk-full':
      '{path} のあるディスクがいっぱいのため、ライブの録音は止まり、これから確定する言葉はメモリーにだけ保持されます。ディスクの空き容量を作ってください。空きができしだい保存され、「停止」を押すと、確定したすべての部分が中断したジョブとして保存されます。',
    'live-no-retry':
      'ライブ文字起こしは、話されたそばから認識したものなので、再試行もキャンセルもできません。新しくライブ文字起こしを始めるか、その録音をファイルとして送ってください。',
    'job-title': 'この名前は使えません。{reason}。名前を消すと、ファイル名の表示に戻ります。',
    'edit-refused':
      'この修正は、その間に変わった文字起こし（別のウィンドウで変えたのかもしれません）に合わなくなりました。文字起こしを開き直してから修正してください。',
    'edit-control':
      'この修正には、改行・タブなどの制御文字が含まれています。文字起こしには入れられません。制御文字を除いて 1 行で入力してください。',
    'edit-too-long':
      'この修正は {length} 文字あります。1 回の修正にできるのは {max} 文字までです。いくつかに分けて修正してください。',
    'edit-history-full':
      'この文字起こしには、これ以上修正を記録できません（上限 {max} バイト）。不要になった修正を元に戻してから、もう一度修正してください。新しい修正は、元に戻した修正の代わりに記録されます。',
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
    'over-budget':
      '{connection} は今月、予算 {budget} のうち {used} を送信済みです。{what}本当に送る場合だけそのまま送信するか、設定の「利用状況と料金」で予算を増やしてください。',
    'calls-unavailable':
      'ここでは通話に気づくことができません。{reason}。通話はライブを手で始めて文字起こししてください。Kikitori は自動で再試行します。',
    'call-gone':
      'この通話はもう文字起こしを待っていません。通話が終わったか、別の場所で開始または辞退されました。',
    'program-key': 'プログラム用のキー「{name}」には何もしませんでした。{reason}。',
    'program-folder':
      '{path} の中のファイルの文字起こしをプログラムに許可できません。{reason}。存在していて Kikitori が読めるフォルダーを選んでください。',
    'program-refused': 'プログラムが {path} の文字起こしを求めましたが、断りました。{reason}。',
    'speech-detection-failed':
      '{name} のどこで人が話しているかを調べられなかったため、何も送っていません。ファイルが途中で切れていないか確かめるか、「発話部分だけを送る」をオフにしてファイル全体を送ってください。',
    'no-speech':
      '{name} に発話が見つからなかったため、何も送っていません。発話が含まれているなら、この接続の「発話部分だけを送る」をオフにして（コマンドでは発話だけを送る指定を外して）ファイル全体を送ってください。',
  },
  errorSubCodes: {
    'over-budget': {
      what: {
        files: 'これらのファイルでさらに {adding} 増え、設定した予算を超えます。',
        live: '今ライブ文字起こしを始めると、設定した予算を超えます。',
      },
    },
    'computer-sound-unavailable': {
      reason: {
        platform: 'このシステムにはスピーカーの音を録音する方法がありません',
        'no-server': 'PulseAudio または PipeWire のサウンドサーバーが応答しません',
        'no-sink': 'サウンドサーバーに聞き取るスピーカーがありません',
        'not-listed': 'ウィンドウの入力一覧にスピーカーの音が出てきません',
        'no-audio':
          '共有した画面やタブに音声が含まれていません（「音声を共有」にチェックを入れてください）',
        denied: 'コンピューターの音の共有が拒否されました',
      },
    },
    network: {
      reason: {
        'not-running': 'ローカルサービスが動いていません',
        refused: 'そのアドレスで応答するものがありません',
        dns: 'ホスト名が見つかりません',
        reset: '接続が途中で切れました',
        unreachable: 'ネットワークから到達できません',
        tls: '安全な接続を確立できません',
        other: '接続に失敗しました',
      },
    },
    file: {
      reason: {
        missing: '存在しません',
        'not-a-file': 'ファイルではありません',
        empty: '空のファイルです',
        denied: '権限がありません',
        unreadable: '読み取りに失敗しました',
      },
    },
    'not-found': {
      what: {
        job: 'ジョブ「{id}」',
        key: 'キー',
        endpoint: 'サービスのエンドポイント',
        resource: '要求された項目',
      },
    },
    'local-service': {
      reason: {
        'engine-unavailable': '認識エンジンを利用できません',
        'stopped-answering': '応答しなくなりました',
        exited: '停止しました',
        'health-check': '稼働確認に失敗しました',
        'key-not-stored':
          'キーをキーチェーンに保存できなかったため、再試行する間はメモリーに保持しています',
      },
    },
    'export-no-transcript': {
      state: {
        running: 'まだ文字起こし中です。完了するまで待ってから、もう一度書き出してください',
        cancelled:
          '完了する前にキャンセルされました。再試行して（ジョブ一覧から、またはファイルをもう一度送って）完了してから書き出してください',
        failed: '文字起こしに失敗しました。再試行し、完了してから書き出してください',
      },
    },
    cancelled: {
      service: {
        none: 'サービス側で動き続けているものはありません。再試行するともう一度始めます',
        'may-finish':
          'サービスはすでにジョブを受け取っており、API に止める方法がないため、処理を最後まで行う（利用量にも数えられる）ことがあります。Kikitori は結果を取りに行きません。再試行するとファイルをもう一度送ります',
      },
    },
    'upload-failed': {
      reason: {
        'disk-full':
          'ディスクがいっぱいです。空き容量を作ってから、もう一度ファイルをドロップしてください',
        denied:
          '書き込む権限がありません。フォルダーを書き込み可能にするか、--data で別のフォルダーを指定して Kikitori を起動してください',
        'read-only':
          'ディスクが読み取り専用です。--data で別のフォルダーを指定して Kikitori を起動してください',
        'not-a-folder':
          'フォルダーであるべき場所にファイルがあります。それを移動してから、もう一度ファイルをドロップしてください',
        other:
          'システムが書き込みを拒否しました。もう一度ファイルをドロップし、それでも失敗する場合は --data で別のフォルダーを指定して Kikitori を起動してください',
      },
    },
    'file-refused': {
      reason: {
        'not-media':
          '中身が Kikitori の読める音声・動画（WAV、FLAC、Ogg、MP3、M4A/MP4、WebM、AAC、AIFF、WMA、AMR）ではありません。音声か動画のファイルを選んでください',
        'too-large': 'サービスが受け付ける上限の 2 GiB を超えています。短い録音に分けてください',
        'not-chosen':
          'このウィンドウでユーザーが選んだファイルではありません。ファイルをウィンドウにドロップするか、「ファイルを選択…」で選んでください',
        changed:
          '確認した後にファイルが変わりました。新しい版は、最後まで書き込まれたら自動で取り込まれます',
        link: 'リンクです。監視フォルダーはフォルダー内のファイルだけを取り込み、リンク先は読みません。ファイルそのものをフォルダーにコピーするか移動してください',
      },
    },
    'export-failed': {
      reason: {
        denied: 'そのフォルダーに書き込む権限がありません',
        'missing-folder': 'フォルダーがありません',
        'read-only': 'ディスクが読み取り専用です',
        'is-folder': '同じ名前のフォルダーがあります',
        other: 'システムが書き込みを拒否しました',
      },
    },
    'word-rejected': {
      reason: {
        class: 'このエンジンにはクラス「{value}」がありません',
        'reading-missing': '読みがありませんが、このエンジンでは読みが必要です',
        'unknown-word': 'エンジンは読みの中の「{value}」という語を知りません',
      },
    },
    'live-dropped': {
      reason: {
        closed: '相手が接続を閉じました',
        timeout: '応答がなくなりました',
        'service-ended': 'サービスがセッションを終了しました',
        refused: 'そのアドレスで応答するものがありません',
        other: '接続に失敗しました',
      },
    },
    'recording-failed': {
      reason: {
        'ffmpeg-missing': '録音を符号化する ffmpeg がインストールされていません',
        'encoder-ended': '録音を符号化する ffmpeg が止まりました',
        'too-slow': 'コンピューターの負荷が高く、ffmpeg が追いつきませんでした',
      },
    },
    'job-title': {
      reason: {
        'too-long': '名前は{max}文字までですが、{length}文字あります。短くしてください',
        control: '改行などの制御文字が含まれています。1行で入力してください',
      },
    },
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
    'calls-unavailable': {
      reason: {
        platform: 'このシステムにはマイクを使っているアプリを知る方法がありません',
        'no-server': 'PulseAudio または PipeWire のサウンドサーバーが応答しません',
        helper: 'システムのオーディオセッションを読み取れませんでした',
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
};
