/**
 * The command line's help, in Japanese and English by the locale (./text.ts says the rest): each
 * command's, option's and argument's description, written whole in each language.
 */

export const HELP_EN = {
  'help.program': 'Transcribe, convert and export with Kikitori, on the same jobs as the window.',
  'help.transcribe':
    'Transcribe audio or video files, then write each transcript in every format asked for.',
  'help.convert':
    'Render recognition results (JSON as the service returns it) to export formats, with no service.',
  'help.export': 'Write finished jobs in every format asked for.',
  'help.jobs': 'List the jobs, newest first.',
  'help.search': 'Find jobs by the words said, their names or file names.',
  'help.cancel': 'Stop a queued or running job on our side.',
  'help.files': 'audio or video files',
  'help.results': 'recognition results (JSON)',
  'help.jobIds':
    'jobs, each by its id or its session id (the window’s), or the start of one (kikitori jobs lists them)',
  'help.jobId':
    'a job, by its id or its session id (the window’s), or the start of one (kikitori jobs lists them)',
  'help.query': 'what to find',
  'help.json': 'one JSON object a line on stdout: each event, then the result',
  'help.quiet': 'say nothing but errors',
  'help.data': 'the data folder (default: $KIKITORI_DATA_DIR, else the app’s)',
  'help.version': 'print the version',
  'help.help': 'show this help',
  'help.helpCommand': 'show the help of a command',
  'help.connection': 'the connection to use (its id; default: the one chosen in the window)',
  'help.engine':
    'the engine, for these files only (e.g. -a-general-en for the local service, -a-general for AmiVoice Cloud; a wrong one is refused with the list)',
  'help.profile': 'the dictionary profile, for these files only (one the service holds)',
  'help.speakers': 'ask for speaker labels (each file then goes as a job)',
  'help.speechOnly':
    'send only where people speak (found by a speech detector; long pauses shortened), whatever the connection says; the transcript keeps the recording’s times',
  'help.format': 'formats, separated by commas: {list} (default txt)',
  'help.out': 'the folder to write the files in, made when missing (default: next to each source)',
  'help.outHere':
    'the folder to write the files in, made when missing (default: the current folder)',
  'help.status': 'only the jobs in this state: {list}',
  'help.speakerName': 'a speaker’s name, e.g. speaker0=Tanaka (repeatable)',
  'help.noFillers': 'leave fillers (%えー%) out',
  'help.noTimes': 'leave start times out of the text and minutes',
  'help.readings': 'readings over the words (HTML)',
  'help.maxLine': 'subtitles: a line’s width ({min}–{max})',
  'help.maxLines': 'subtitles: lines a cue ({min}–{max})',
  'help.maxCueMs': 'subtitles: longest cue, ms ({min}–{max})',
  'help.minCueMs': 'subtitles: shortest cue where the speech allows, ms ({min}–{max})',
  'help.minGapMs': 'subtitles: least gap between cues, ms ({min}–{max})',
  'help.exitCodes':
    'Exit codes: 0 all done; 1 some file or job failed (each is named); 2 bad arguments; 3 the data folder is held by a program that cannot be reached; 130 interrupted (jobs the service already has are left to finish, and listed); 141 the output was closed (as by | head), ending the command quietly.',
  'help.connections':
    'List the connections (as in Settings), with the id --connection takes, the engine and the dictionary profile each uses; * marks the one used when none is named.',
  'help.watch':
    'Watch folders: every audio or video file that appears in one is transcribed once it has stopped growing, and its transcript written in every format asked for. Ctrl+C stops.',
  'help.folders': 'the folders to watch',
  'help.recursive': 'watch their subfolders too',
  'help.usage':
    'Show the audio each connection sent in a month, logged and not logged apart, with its estimated cost at the rates set in Settings.',
  'help.month': 'the month, YYYY-MM (default: this one, in your time zone)',
  'help.overBudget': 'send even past the connection’s monthly budget',
  'help.dictionary': 'A dictionary profile’s words on a connection’s service.',
  'help.dictImport':
    'Add the words of a file to a profile: an export of Microsoft IME, Google Japanese Input or ATOK, or a word table (TSV or CSV).',
  'help.dictList': 'Print a profile’s words: written, reading and class, separated by tabs.',
  'help.dictFile': 'the file to import',
  'help.dictProfile': 'the profile (its id)',
  'help.dictConnection':
    'the connection whose service and engine hold it (default: the active one)',
  'help.watchCalls':
    'Notice calls: when another application (Zoom, Teams…) starts recording from the microphone, transcribe the microphone and the computer’s sound until it stops, and keep it as a job. With no Kikitori running, every call is recorded but those of applications set to Never in Settings → Calls; when Kikitori runs, its window takes them. Ctrl+C stops.',
  'help.programKey': 'Keys for programs that use the OpenAI-compatible endpoint.',
  'help.programKeyNew': 'Make a key for a program; it is printed once and only its hash is kept.',
  'help.programKeyName': 'the program’s name (it marks the jobs the program sends)',
  'help.programKeyList': 'List the keys made for programs: name, made, last used.',
  'help.programKeyRevoke': 'Revoke a program’s key: its next request is refused.',
  'help.keyName': 'the key’s name',
  'help.serve':
    'Serve the OpenAI-compatible endpoint on 127.0.0.1 while no Kikitori app runs on this data folder. Ctrl+C stops.',
  'help.mcp':
    'Serve transcripts to an assistant over the Model Context Protocol (MCP), on stdin and stdout. Read-only unless --allow-transcribe.',
  'help.allowTranscribe':
    'let the assistant transcribe files (only inside the folders allowed in Settings → Programs or with --allow)',
  'help.allow': 'a folder whose files may be transcribed (repeatable)',
} as const;

export type HelpKey = keyof typeof HELP_EN;

export const HELP_JA: Readonly<Record<HelpKey, string>> = {
  'help.program':
    'Kikitori で文字起こし・変換・書き出しをします（ウィンドウと同じジョブを使います）。',
  'help.transcribe': '音声・動画ファイルを文字起こしし、指定したすべての形式で書き出します。',
  'help.convert': '認識結果（サービスが返す JSON）を、サービスを使わずに書き出し形式へ変換します。',
  'help.export': '完了したジョブを、指定したすべての形式で書き出します。',
  'help.jobs': 'ジョブを新しい順に一覧表示します。',
  'help.search': '話された言葉・ジョブ名・ファイル名でジョブを探します。',
  'help.cancel': '待機中または実行中のジョブをこちら側で止めます。',
  'help.files': '音声・動画ファイル',
  'help.results': '認識結果（JSON）',
  'help.jobIds':
    'ジョブ。ジョブ ID かセッション ID（ウィンドウに表示されるもの）、またはその先頭部分で指定します（kikitori jobs で表示されます）',
  'help.jobId':
    'ジョブ。ジョブ ID かセッション ID（ウィンドウに表示されるもの）、またはその先頭部分で指定します（kikitori jobs で表示されます）',
  'help.query': '探す言葉',
  'help.json': '標準出力に 1 行 1 つの JSON（各イベント、最後に結果）を出します',
  'help.quiet': 'エラー以外は何も表示しません',
  'help.data': 'データフォルダー（既定: $KIKITORI_DATA_DIR、なければアプリのもの）',
  'help.version': 'バージョンを表示します',
  'help.help': 'このヘルプを表示します',
  'help.helpCommand': 'コマンドのヘルプを表示します',
  'help.connection': '使う接続の ID（既定: ウィンドウで選んだ接続）',
  'help.engine':
    'このファイルだけに使うエンジン（例: ローカルサービスは -a-general-en、AmiVoice Cloud は -a-general。ないエンジンは一覧を添えて断ります）',
  'help.profile': 'このファイルだけに使う辞書プロファイル（サービスにあるもの）',
  'help.speakers': '話者ラベルを付けます（各ファイルはジョブとして送られます）',
  'help.speechOnly':
    '接続の設定にかかわらず、人が話している部分だけを送ります（音声検出で見つけ、長い間は短くします）。文字起こしの時刻は録音どおりです',
  'help.format': '形式をカンマ区切りで: {list}（既定 txt）',
  'help.out': '書き出し先フォルダー。なければ作ります（既定: 各元ファイルと同じ場所）',
  'help.outHere': '書き出し先フォルダー。なければ作ります（既定: 今いるフォルダー）',
  'help.status': 'この状態のジョブだけ: {list}',
  'help.speakerName': '話者の名前。例: speaker0=田中（複数回指定できます）',
  'help.noFillers': 'フィラー（%えー%）を除きます',
  'help.noTimes': 'テキストと議事録に開始時刻を入れません',
  'help.readings': '単語の上に読みを付けます（HTML）',
  'help.maxLine': '字幕: 1 行の幅（{min}〜{max}）',
  'help.maxLines': '字幕: 1 つの字幕の行数（{min}〜{max}）',
  'help.maxCueMs': '字幕: 最長表示時間（ミリ秒、{min}〜{max}）',
  'help.minCueMs': '字幕: 発話が許す範囲での最短表示時間（ミリ秒、{min}〜{max}）',
  'help.minGapMs': '字幕: 字幕どうしの最小間隔（ミリ秒、{min}〜{max}）',
  'help.exitCodes':
    '終了コード: 0 すべて完了、1 失敗したファイルまたはジョブがある（それぞれ名前を表示）、2 引数の誤り、3 データフォルダーを連絡の取れないプログラムが使用中、130 中断（サービスが受け取ったジョブはそのまま続き、一覧を表示）、141 出力先が閉じられた（| head など。何も表示せずに終わります）。',
  'help.connections':
    '接続（設定にあるもの）を、--connection に指定する ID、使うエンジンと辞書プロファイルとともに一覧表示します。* は --connection を指定しないときに使う接続です。',
  'help.watch':
    'フォルダーを見張ります。音声・動画ファイルが現れると、書き込みが終わるのを待って文字起こしし、指定したすべての形式で書き出します。Ctrl+C で止まります。',
  'help.folders': '見張るフォルダー',
  'help.recursive': 'サブフォルダーも見張る',
  'help.usage':
    '各接続がある月に送った音声の長さを、ログ保存あり・なしに分けて、設定画面の料金での概算とともに表示します。',
  'help.month': '月（YYYY-MM、既定: お使いのタイムゾーンでの今月）',
  'help.overBudget': '接続の月の予算を超えても送信します',
  'help.dictionary': '接続先サービスの辞書プロファイルの単語を扱います。',
  'help.dictImport':
    'ファイルの単語をプロファイルに追加します。Microsoft IME・Google 日本語入力・ATOK の書き出したファイル、または単語表（TSV・CSV）を読み込めます。',
  'help.dictList': 'プロファイルの単語を表示します（表記・読み・クラスをタブ区切りで）。',
  'help.dictFile': '読み込むファイル',
  'help.dictProfile': 'プロファイル（ID）',
  'help.dictConnection': 'その辞書を持つサービスとエンジンの接続（既定: 使用中の接続）',
  'help.watchCalls':
    '通話に気づきます。別のアプリ（Zoom、Teams など）がマイクで録音を始めると、マイクとコンピューターの音を録音が終わるまで文字起こしし、ジョブとして残します。Kikitori が起動していなければ、設定 →「通話」で「しない」にしたアプリを除くすべての通話を記録します。Kikitori が起動していれば、そのウィンドウが受け持ちます。Ctrl+C で止まります。',
  'help.programKey': 'OpenAI 互換エンドポイントを使うプログラム用のキーを扱います。',
  'help.programKeyNew':
    'プログラム用のキーを作ります。キーは一度だけ表示され、保存されるのはハッシュだけです。',
  'help.programKeyName': 'プログラムの名前（そのプログラムが送ったジョブに付きます）',
  'help.programKeyList': 'プログラム用のキーを一覧表示します（名前・作成日時・最終使用日時）。',
  'help.programKeyRevoke': 'プログラム用のキーを取り消します。以後のリクエストは断られます。',
  'help.keyName': 'キーの名前',
  'help.serve':
    'このデータフォルダーで Kikitori アプリが動いていないあいだ、OpenAI 互換エンドポイントを 127.0.0.1 で提供します。Ctrl+C で止まります。',
  'help.mcp':
    'Model Context Protocol（MCP）で、文字起こしをアシスタントに標準入出力で提供します。--allow-transcribe を付けなければ読み取り専用です。',
  'help.allowTranscribe':
    'アシスタントにファイルの文字起こしを許す（「設定 → プログラム」か --allow で許可したフォルダーの中のファイルだけ）',
  'help.allow': '中のファイルの文字起こしを許すフォルダー（複数指定可）',
};
