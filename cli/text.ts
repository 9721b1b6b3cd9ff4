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
  'help.jobIds': 'job ids (kikitori jobs lists them)',
  'help.jobId': 'a job id',
  'help.query': 'what to find',
  'help.json': 'one JSON object a line on stdout: each event, then the result',
  'help.quiet': 'say nothing but errors',
  'help.data': 'the data folder (default: $KIKITORI_DATA_DIR, else the app’s)',
  'help.version': 'print the version',
  'help.help': 'show this help',
  'help.helpCommand': 'show the help of a command',
  'help.connection': 'the connection to use (its id; default: the one chosen in the window)',
  'help.engine': 'the engine, for these files only (e.g. -a-general)',
  'help.profile': 'the dictionary profile, for these files only',
  'help.speakers': 'ask for speaker labels (each file then goes as a job)',
  'help.speechOnly':
    'send only where people speak (found by a speech detector; long pauses shortened), whatever the connection says; the transcript keeps the recording’s times',
  'help.format': 'formats, separated by commas: {list} (default txt)',
  'help.out': 'where to write the files (default: next to each source)',
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
    'Exit codes: 0 all done; 1 some file or job failed (each is named); 2 bad arguments; 3 the data folder is held by a program that cannot be reached; 130 interrupted (jobs the service already has are left to finish, and listed).',
  // Bad arguments.
  'arg.format':
    '“{value}” is not an export format. Use one or more of {list}, separated by commas.',
  'arg.number': '{flag} takes a number from {min} to {max}, not “{value}”.',
  'arg.halfStep': '{flag} takes a whole or half number (such as 13 or 13.5), not “{value}”.',
  'arg.speakerName': '--speaker-name takes LABEL=NAME (such as speaker0=Tanaka), not “{value}”.',
  'arg.status': '“{value}” is not a job state. Use one of {list}.',
  'arg.unknownOption': 'There is no option {value}. See kikitori --help.',
  'arg.unknownCommand': 'There is no command {value}. See kikitori --help.',
  'arg.missingArgument': 'This command needs {value}. See its --help.',
  'arg.missingValue': 'The option {value} needs a value.',
  'arg.excess': 'Too many arguments. See the command’s --help.',
  'arg.other': 'These arguments cannot be used. See kikitori --help.',
  // The data folder.
  'data.held':
    'The data folder {path} is held by a program that cannot be reached. Close it, or use another --data folder.',
  // Files and jobs.
  'stage.queued': 'waiting',
  'stage.findingSpeech': 'finding where people speak',
  'stage.uploading': 'uploading',
  'stage.recognizing': 'recognising',
  'stage.left': 'recognising, about {seconds} s left',
  'stage.late': 'recognising, taking longer than expected',
  'stage.exporting': 'exporting',
  'stage.done': 'done',
  'stage.failed': 'failed',
  'file.wrote': '{name}: wrote {path}',
  'file.sent': '{name}: sent {sent} of {recorded} (only where people speak)',
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
  // Watching folders.
  'help.watch':
    'Watch folders: every audio or video file that appears in one is transcribed once it has stopped growing, and its transcript written in every format asked for. Ctrl+C stops.',
  'help.folders': 'the folders to watch',
  'help.recursive': 'watch their subfolders too',
  'watch.watching': 'Watching {folder}. New files are transcribed; Ctrl+C stops.',
  'watch.picked': '{path}: sent (job {job}).',
  'watch.done': '{path}: done.',
  'watch.stopped':
    'Stopped watching. Jobs already sent finish in Kikitori; their files are written at its next start.',
  'watch.none': 'No folder could be watched.',
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
  'help.jobIds': 'ジョブ ID（kikitori jobs で表示されます）',
  'help.jobId': 'ジョブ ID',
  'help.query': '探す言葉',
  'help.json': '標準出力に 1 行 1 つの JSON（各イベント、最後に結果）を出します',
  'help.quiet': 'エラー以外は何も表示しません',
  'help.data': 'データフォルダー（既定: $KIKITORI_DATA_DIR、なければアプリのもの）',
  'help.version': 'バージョンを表示します',
  'help.help': 'このヘルプを表示します',
  'help.helpCommand': 'コマンドのヘルプを表示します',
  'help.connection': '使う接続の ID（既定: ウィンドウで選んだ接続）',
  'help.engine': 'このファイルだけに使うエンジン（例: -a-general）',
  'help.profile': 'このファイルだけに使う辞書プロファイル',
  'help.speakers': '話者ラベルを付けます（各ファイルはジョブとして送られます）',
  'help.speechOnly':
    '接続の設定にかかわらず、人が話している部分だけを送ります（音声検出で見つけ、長い間は短くします）。文字起こしの時刻は録音どおりです',
  'help.format': '形式をカンマ区切りで: {list}（既定 txt）',
  'help.out': '書き出し先フォルダー（既定: 各元ファイルと同じ場所）',
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
    '終了コード: 0 すべて完了、1 失敗したファイルまたはジョブがある（それぞれ名前を表示）、2 引数の誤り、3 データフォルダーを連絡の取れないプログラムが使用中、130 中断（サービスが受け取ったジョブはそのまま続き、一覧を表示）。',
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
  'arg.missingArgument': 'このコマンドには {value} が必要です。--help をご覧ください。',
  'arg.missingValue': 'オプション {value} には値が必要です。',
  'arg.excess': '引数が多すぎます。コマンドの --help をご覧ください。',
  'arg.other': 'この引数は使えません。kikitori --help をご覧ください。',
  'data.held':
    'データフォルダー {path} は、連絡の取れないプログラムが使用中です。そのプログラムを閉じるか、別の --data フォルダーを指定してください。',
  'stage.queued': '待機中',
  'stage.findingSpeech': '発話部分を検出中',
  'stage.uploading': '送信中',
  'stage.recognizing': '認識中',
  'stage.left': '認識中、残り約 {seconds} 秒',
  'stage.late': '認識中、予想より時間がかかっています',
  'stage.exporting': '書き出し中',
  'stage.done': '完了',
  'stage.failed': '失敗',
  'file.wrote': '{name}: {path} に書き出しました',
  'file.sent': '{name}: 録音 {recorded} のうち {sent} を送りました（発話部分のみ）',
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
  'help.watch':
    'フォルダーを見張ります。音声・動画ファイルが現れると、書き込みが終わるのを待って文字起こしし、指定したすべての形式で書き出します。Ctrl+C で止まります。',
  'help.folders': '見張るフォルダー',
  'help.recursive': 'サブフォルダーも見張る',
  'watch.watching':
    '{folder} を見張っています。新しいファイルを文字起こしします。Ctrl+C で止まります。',
  'watch.picked': '{path}: 送信しました（ジョブ {job}）。',
  'watch.done': '{path}: 完了しました。',
  'watch.stopped':
    '見張りを止めました。送信済みのジョブは Kikitori で続き、その書き出しは次回の起動時に行われます。',
  'watch.none': '見張れるフォルダーがありませんでした。',
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
