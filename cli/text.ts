/**
 * What the command line says, in Japanese and English by the locale (LC_ALL, LC_MESSAGES, LANG),
 * as the window does: each sentence written whole in each language. The core's errors are
 * rendered by shared/domain/errors (errorText); these are the command line's own words.
 */
import { langOf, type Lang } from '../shared/domain/errors';

const EN = {
  // Help.
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
  // Bad arguments.
  'arg.format':
    '“{value}” is not an export format. Use one or more of {list}, separated by commas.',
  'arg.number': '{flag} takes a number from {min} to {max}, not “{value}”.',
  'arg.halfStep': '{flag} takes a whole or half number (such as 13 or 13.5), not “{value}”.',
  'arg.speakerName': '--speaker-name takes LABEL=NAME (such as speaker0=Tanaka), not “{value}”.',
  'arg.status': '“{value}” is not a job state. Use one of {list}.',
  'arg.unknownOption': 'There is no option {value}. See kikitori --help.',
  'arg.unknownCommand': 'There is no command {value}. See kikitori --help.',
  'arg.missingArgument': 'kikitori {command} needs {what}. See kikitori {command} --help.',
  'arg.missingValue': 'The option {value} needs a value.',
  'arg.excess': 'Too many arguments. See the command’s --help.',
  'arg.other': 'These arguments cannot be used. See kikitori --help.',
  // The data folder.
  'data.held':
    'The data folder {path} is held by a program that cannot be reached. Close it, or use another --data folder.',
  // Files and jobs.
  'stage.queued': 'waiting',
  'stage.uploading': 'uploading',
  'stage.recognizing': 'recognising',
  'stage.left': 'recognising, about {seconds} s left',
  'stage.late': 'recognising, taking longer than expected',
  'stage.exporting': 'exporting',
  'stage.done': 'done',
  'stage.failed': 'failed',
  'file.wrote': '{name}: wrote {path}',
  'file.wroteAll': '{name}: wrote {paths}',
  detail: 'Details: {detail}',
  // Naming a job.
  'job.none': 'There is no job “{id}”. kikitori jobs lists the jobs with their ids.',
  'job.many':
    '“{id}” starts the ids of {count} jobs: {list}{more}. Give more of the id of the one you mean.',
  'job.manyMore': ' and {count} more',
  'notFound.other': 'What was asked for is no longer there: it may have been removed meanwhile.',
  // Where the files go, and what they are sent with.
  'out.notFolder': '{path} is not a folder. Name a folder with --out (it is made when missing).',
  'out.denied':
    'Cannot write into {path}: you may not write there. Name another folder with --out.',
  'out.readOnly':
    'Cannot write into {path}: its disk is read-only. Name another folder with --out.',
  'out.full':
    'Cannot make {path}: its disk is full. Free some space, or name another folder with --out.',
  'out.cannotMake':
    'Cannot make the folder {path}: no folder can be made there. Name another folder with --out.',
  'beside.denied':
    'Its transcripts cannot be written next to it: you may not write in {folder}. Name a folder with --out.',
  'beside.readOnly':
    'Its transcripts cannot be written next to it: the disk holding {folder} is read-only. Name a folder with --out.',
  'use.connection':
    'There is no connection “{id}”. Use one of {list} (kikitori connections lists them).',
  'use.engineForm':
    '“{engine}” is not an engine name: engine names start with “-”, such as -a-general-en.',
  'use.engine': 'The connection “{id}” has no engine “{engine}”. Use one of {list}.',
  'use.profile':
    'The connection “{id}” holds no dictionary profile “{profile}” for {engine}. Use one of {list}, or make it in the window’s Dictionary.',
  'use.noProfiles':
    'The connection “{id}” holds no dictionary profile for {engine}, so “{profile}” cannot be used. Make it in the window’s Dictionary first.',
  'use.unchecked':
    'Could not check {what} with the service, so the files are sent as asked: {reason}',
  'file.failed': '{name}: {reason}',
  'convert.notJson': '{name} is not JSON.',
  'convert.notResult':
    '{name} is not a recognition result: the service returns JSON with “results” (sync) or “segments” (a job).',
  'convert.unreadable': 'Cannot read {name}. Check that the file is there and readable.',
  'summary.some': '{failed} of {total} failed.',
  'interrupted.head':
    'Interrupted. These jobs are left to finish; the next Kikitori on this data folder picks them up (kikitori jobs lists them):',
  'interrupted.none': 'Interrupted.',
  'jobs.none': 'No jobs.',
  'search.none': 'No job matches “{query}”.',
  'search.matches': '{count} matches',
  'search.incomplete': 'The index is still being made: some jobs may be missing.',
  'cancel.done': '{name}: stopped.',
  'cancel.already': '{name} had already ended ({status}).',
  'help.connections':
    'List the connections (as in Settings), with the id --connection takes, the engine and the dictionary profile each uses; * marks the one used when none is named.',
  'connections.active': '* is the connection used when --connection names none ({id}).',
  // Watching folders.
  'help.watch':
    'Watch folders: every audio or video file that appears in one is transcribed once it has stopped growing, and its transcript written in every format asked for. Ctrl+C stops.',
  'help.folders': 'the folders to watch',
  'help.recursive': 'watch their subfolders too',
  'watch.watching': 'Watching {folder}. New files are transcribed; Ctrl+C stops.',
  'watch.picked': '{path}: sent (job {job}).',
  'watch.pickedAgain':
    '{path}: changed since it was done, so sent again (job {job}); its transcripts are replaced.',
  'watch.done': '{path}: done.',
  'watch.skipped': '{path}: left alone. {reason}',
  'watch.stopped':
    'Stopped watching. Jobs already sent finish in Kikitori; their files are written at its next start.',
  'watch.none': 'No folder could be watched.',
  // Usage and budgets.
  'help.usage':
    'Show the audio each connection sent in a month, logged and not logged apart, with its estimated cost at the rates set in Settings.',
  'help.month': 'the month, YYYY-MM (default: this one, in your time zone)',
  'help.overBudget': 'send even past the connection’s monthly budget',
  'arg.month': '“{value}” is not a month. Give it as YYYY-MM, such as 2025-02.',
  'usage.line': '{name} ({id}), {month}: logged {logged}, not logged {notLogged}',
  'usage.cost': 'about {cost}',
  'usage.budget': '{percent} % of a {budget} h budget',
  'usage.separator': '; ',
  'budget.overFlag': 'To send anyway, run the command again with --over-budget.',
  'budget.warning': '{name} has used {percent} % of its monthly budget ({used} of {budget} h).',
  // Dictionaries.
  'help.dictionary': 'A dictionary profile’s words on a connection’s service.',
  'help.dictImport':
    'Add the words of a file to a profile: an export of Microsoft IME, Google Japanese Input or ATOK, or a word table (TSV or CSV).',
  'help.dictList': 'Print a profile’s words: written, reading and class, separated by tabs.',
  'help.dictFile': 'the file to import',
  'help.dictProfile': 'the profile (its id)',
  'help.dictConnection':
    'the connection whose service and engine hold it (default: the active one)',
  'dict.read': 'Read {count} words from {format}.',
  'dict.format.ms-ime': 'a Microsoft IME word list',
  'dict.format.google': 'a Google Japanese Input export',
  'dict.format.atok': 'an ATOK word list',
  'dict.format.tsv': 'a word table (TSV)',
  'dict.format.csv': 'a word table (CSV)',
  'dict.merged': '{count} repeated entries were merged.',
  'dict.skipped': 'Line {line} left out: {why} ({text})',
  'dict.limit': 'The profile {profile} will hold {count} words; a profile holds at most {max}.',
  'dict.overLimit':
    'That is {count} words, more than the {max} a profile holds: nothing was saved. Import fewer words, or into another profile.',
  'dict.saved': '{profile}: {added} words added, {changed} changed; {total} words in all.',
  'dict.empty': 'The profile {profile} has no words.',
  // Calls.
  'help.watchCalls':
    'Notice calls: when another application (Zoom, Teams…) starts recording from the microphone, transcribe the microphone and the computer’s sound until it stops, and keep it as a job. With no Kikitori running, every call is recorded but those of applications set to Never in Settings → Calls; when Kikitori runs, its window takes them. Ctrl+C stops.',
  'calls.watching': 'Watching for calls (Linux: PulseAudio or PipeWire). Ctrl+C stops.',
  'calls.watchingApp':
    'Kikitori is running: its window takes the calls as Settings → Calls says. They are shown here; Ctrl+C stops.',
  'calls.recording': '{app} call: transcribing (job {job}).',
  'calls.asking': '{app} is using the microphone: the window asks whether to transcribe it.',
  'calls.busy': '{app} is using the microphone; Live was already running, so nothing was started.',
  'calls.ending': '{app} call ended: saving its transcript…',
  'calls.ended': '{app} call ended: transcript in job {job}.',
  'calls.endedNone': '{app} call ended.',
  'calls.stopped':
    'Stopped watching for calls. A call being transcribed was kept as a job with everything finalized.',
} as const;

export type TextKey = keyof typeof EN;

const JA: Readonly<Record<TextKey, string>> = {
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
  'arg.format':
    '「{value}」は書き出し形式ではありません。{list} から 1 つ以上をカンマ区切りで指定してください。',
  'arg.number':
    '{flag} には {min} から {max} までの数を指定してください（「{value}」は使えません）。',
  'arg.halfStep':
    '{flag} には整数か 0.5 刻みの数（13 や 13.5 など）を指定してください（「{value}」は使えません）。',
  'arg.speakerName':
    '--speaker-name には ラベル=名前（speaker0=田中 など）を指定してください（「{value}」は使えません）。',
  'arg.status': '「{value}」はジョブの状態ではありません。{list} のいずれかを指定してください。',
  'arg.unknownOption': 'オプション {value} はありません。kikitori --help をご覧ください。',
  'arg.unknownCommand': 'コマンド {value} はありません。kikitori --help をご覧ください。',
  'arg.missingArgument':
    'kikitori {command} には{what}を指定してください。kikitori {command} --help をご覧ください。',
  'arg.missingValue': 'オプション {value} には値が必要です。',
  'arg.excess': '引数が多すぎます。コマンドの --help をご覧ください。',
  'arg.other': 'この引数は使えません。kikitori --help をご覧ください。',
  'data.held':
    'データフォルダー {path} は、連絡の取れないプログラムが使用中です。そのプログラムを閉じるか、別の --data フォルダーを指定してください。',
  'stage.queued': '待機中',
  'stage.uploading': '送信中',
  'stage.recognizing': '認識中',
  'stage.left': '認識中、残り約 {seconds} 秒',
  'stage.late': '認識中、予想より時間がかかっています',
  'stage.exporting': '書き出し中',
  'stage.done': '完了',
  'stage.failed': '失敗',
  'file.wrote': '{name}: {path} に書き出しました',
  'file.wroteAll': '{name}: {paths} に書き出しました',
  detail: '詳細: {detail}',
  'job.none': 'ジョブ「{id}」はありません。kikitori jobs でジョブとその ID を表示できます。',
  'job.many':
    '「{id}」で始まる ID のジョブが {count} 件あります: {list}{more}。目的のジョブの ID をもう少し長く指定してください。',
  'job.manyMore': '、ほか {count} 件',
  'notFound.other': '指定したものはもうありません。その間に削除された可能性があります。',
  'out.notFolder':
    '{path} はフォルダーではありません。--out にはフォルダーを指定してください（なければ作ります）。',
  'out.denied':
    '{path} に書き込めません。書き込む権限がありません。--out に別のフォルダーを指定してください。',
  'out.readOnly':
    '{path} に書き込めません。読み取り専用のディスクです。--out に別のフォルダーを指定してください。',
  'out.full':
    '{path} を作れません。ディスクがいっぱいです。空きを作るか、--out に別のフォルダーを指定してください。',
  'out.cannotMake':
    'フォルダー {path} を作れません。その場所にはフォルダーを作れません。--out に別のフォルダーを指定してください。',
  'beside.denied':
    '元ファイルと同じ場所に書き出せません。{folder} に書き込む権限がありません。--out にフォルダーを指定してください。',
  'beside.readOnly':
    '元ファイルと同じ場所に書き出せません。{folder} は読み取り専用のディスクにあります。--out にフォルダーを指定してください。',
  'use.connection':
    '接続「{id}」はありません。{list} のいずれかを指定してください（kikitori connections で表示できます）。',
  'use.engineForm':
    '「{engine}」はエンジン名ではありません。エンジン名は -a-general-en のように「-」で始まります。',
  'use.engine':
    '接続「{id}」にはエンジン「{engine}」がありません。{list} のいずれかを指定してください。',
  'use.profile':
    '接続「{id}」には、{engine} の辞書プロファイル「{profile}」がありません。{list} のいずれかを指定するか、ウィンドウの「辞書」で作ってください。',
  'use.noProfiles':
    '接続「{id}」には {engine} の辞書プロファイルがないため、「{profile}」は使えません。先にウィンドウの「辞書」で作ってください。',
  'use.unchecked': '{what} をサービスで確かめられなかったため、指定どおりに送ります: {reason}',
  'file.failed': '{name}: {reason}',
  'convert.notJson': '{name} は JSON ではありません。',
  'convert.notResult':
    '{name} は認識結果ではありません。サービスが返す JSON には「results」（同期）か「segments」（ジョブ）があります。',
  'convert.unreadable':
    '{name} を読み取れません。ファイルがあり、読み取れることを確認してください。',
  'summary.some': '{total} 件中 {failed} 件が失敗しました。',
  'interrupted.head':
    '中断しました。次のジョブはそのまま続き、このデータフォルダーで次に Kikitori を起動したときに引き継がれます（kikitori jobs で表示できます）:',
  'interrupted.none': '中断しました。',
  'jobs.none': 'ジョブはありません。',
  'search.none': '「{query}」に一致するジョブはありません。',
  'search.matches': '{count} 件一致',
  'search.incomplete': '索引を作成中のため、表示されないジョブがあるかもしれません。',
  'cancel.done': '{name}: 止めました。',
  'cancel.already': '{name} はすでに終わっています（{status}）。',
  'help.connections':
    '接続（設定にあるもの）を、--connection に指定する ID、使うエンジンと辞書プロファイルとともに一覧表示します。* は --connection を指定しないときに使う接続です。',
  'connections.active': '* は --connection を指定しないときに使う接続です（{id}）。',
  'help.watch':
    'フォルダーを見張ります。音声・動画ファイルが現れると、書き込みが終わるのを待って文字起こしし、指定したすべての形式で書き出します。Ctrl+C で止まります。',
  'help.folders': '見張るフォルダー',
  'help.recursive': 'サブフォルダーも見張る',
  'watch.watching':
    '{folder} を見張っています。新しいファイルを文字起こしします。Ctrl+C で止まります。',
  'watch.picked': '{path}: 送信しました（ジョブ {job}）。',
  'watch.pickedAgain':
    '{path}: 完了後に変更されたため、もう一度送信しました（ジョブ {job}）。文字起こしは置き換えられます。',
  'watch.done': '{path}: 完了しました。',
  'watch.skipped': '{path}: 文字起こししません。{reason}',
  'watch.stopped':
    '見張りを止めました。送信済みのジョブは Kikitori で続き、その書き出しは次回の起動時に行われます。',
  'watch.none': '見張れるフォルダーがありませんでした。',
  'help.usage':
    '各接続がある月に送った音声の長さを、ログ保存あり・なしに分けて、設定画面の料金での概算とともに表示します。',
  'help.month': '月（YYYY-MM、既定: お使いのタイムゾーンでの今月）',
  'help.overBudget': '接続の月の予算を超えても送信します',
  'arg.month': '「{value}」は月ではありません。2025-02 のように YYYY-MM で指定してください。',
  'usage.line': '{name}（{id}）、{month}: ログ保存あり {logged}、ログ保存なし {notLogged}',
  'usage.cost': '約 {cost}',
  'usage.budget': '予算 {budget} 時間の {percent} %',
  'usage.separator': '、',
  'budget.overFlag': 'それでも送信する場合は、--over-budget を付けてもう一度実行してください。',
  'budget.warning':
    '{name} は今月の予算の {percent} % を使いました（{budget} 時間のうち {used} 時間）。',
  'help.dictionary': '接続先サービスの辞書プロファイルの単語を扱います。',
  'help.dictImport':
    'ファイルの単語をプロファイルに追加します。Microsoft IME・Google 日本語入力・ATOK の書き出したファイル、または単語表（TSV・CSV）を読み込めます。',
  'help.dictList': 'プロファイルの単語を表示します（表記・読み・クラスをタブ区切りで）。',
  'help.dictFile': '読み込むファイル',
  'help.dictProfile': 'プロファイル（ID）',
  'help.dictConnection': 'その辞書を持つサービスとエンジンの接続（既定: 使用中の接続）',
  'dict.read': '{format}から {count} 語を読み込みました。',
  'dict.format.ms-ime': 'Microsoft IME の単語一覧',
  'dict.format.google': 'Google 日本語入力の書き出し',
  'dict.format.atok': 'ATOK の単語一覧',
  'dict.format.tsv': '単語表（TSV）',
  'dict.format.csv': '単語表（CSV）',
  'dict.merged': '重複した {count} 件をまとめました。',
  'dict.skipped': '{line} 行目は読み込みませんでした: {why}（{text}）',
  'dict.limit':
    'プロファイル {profile} の単語は {count} 語になります。1 つのプロファイルに入るのは {max} 語までです。',
  'dict.overLimit':
    '{count} 語になり、1 つのプロファイルに入る {max} 語を超えるため、保存しませんでした。単語を減らすか、別のプロファイルに読み込んでください。',
  'dict.saved': '{profile}: {added} 語を追加、{changed} 語を変更しました（全 {total} 語）。',
  'dict.empty': 'プロファイル {profile} に単語はありません。',
  'help.watchCalls':
    '通話に気づきます。別のアプリ（Zoom、Teams など）がマイクで録音を始めると、マイクとコンピューターの音を録音が終わるまで文字起こしし、ジョブとして残します。Kikitori が起動していなければ、設定 →「通話」で「しない」にしたアプリを除くすべての通話を記録します。Kikitori が起動していれば、そのウィンドウが受け持ちます。Ctrl+C で止まります。',
  'calls.watching':
    '通話を見張っています（Linux: PulseAudio または PipeWire）。Ctrl+C で止まります。',
  'calls.watchingApp':
    'Kikitori が起動しています。通話は設定 →「通話」のとおりそのウィンドウが受け持ち、ここに表示します。Ctrl+C で止まります。',
  'calls.recording': '{app} の通話: 文字起こししています（ジョブ {job}）。',
  'calls.asking': '{app} がマイクを使っています。文字起こしするかはウィンドウで尋ねます。',
  'calls.busy': '{app} がマイクを使っています。ライブがすでに実行中のため、何も始めませんでした。',
  'calls.ending': '{app} の通話が終わりました。文字起こしを保存しています…',
  'calls.ended': '{app} の通話が終わりました。文字起こしはジョブ {job} にあります。',
  'calls.endedNone': '{app} の通話が終わりました。',
  'calls.stopped':
    '通話の見張りを止めました。文字起こし中の通話は、確定した内容をすべて含むジョブとして残しました。',
};

const TABLES: Readonly<Record<Lang, Readonly<Record<TextKey, string>>>> = { en: EN, ja: JA };

/** The language of this process's locale, as the window picks its own. */
export function localeLang(env: NodeJS.ProcessEnv = process.env): Lang {
  return langOf(env.LC_ALL || env.LC_MESSAGES || env.LANG);
}

/** One sentence of the command line's, with its values filled in. */
export function say(
  lang: Lang,
  key: TextKey,
  params: Readonly<Record<string, string | number>> = {},
): string {
  return TABLES[lang][key].replace(/\{(\w+)\}/g, (whole, name: string) =>
    Object.hasOwn(params, name) ? String(params[name]) : whole,
  );
}
