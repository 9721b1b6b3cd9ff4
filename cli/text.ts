/**
 * What the command line says, in Japanese and English by the locale (LC_ALL, LC_MESSAGES, LANG),
 * as the window does: each sentence written whole in each language. The core's errors are
 * rendered by shared/domain/error-text (errorText); these are the command line's own words.
 */
import type { Lang } from '../shared/domain/errors';
import { HELP_EN, HELP_JA } from './text-help';

const EN = {
  ...HELP_EN,
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
  'link.toApp': 'Kikitori was opened on this data folder: carrying on through it.',
  'link.here': 'Kikitori was closed: carrying on here.',
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
  'stage.cancelled': 'cancelled',
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
  'connections.active': '* is the connection used when --connection names none ({id}).',
  // Watching folders.
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
  'arg.month': '“{value}” is not a month. Give it as YYYY-MM, such as 2025-02.',
  'usage.line': '{name} ({id}), {month}: logged {logged}, not logged {notLogged}',
  'usage.cost': 'about {cost}',
  'usage.budget': '{percent} % of a {budget} h budget',
  'usage.separator': '; ',
  'budget.overFlag': 'To send anyway, run the command again with --over-budget.',
  'budget.warning': '{name} has used {percent} % of its monthly budget ({used} of {budget} h).',
  // Dictionaries.
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
  // Programs.
  'programKey.made': 'The key for {name} (shown this once; Kikitori keeps only its hash):',
  'programKey.baseUrl': 'Base URL: {url}',
  'programKey.none': 'No keys for programs. Make one with: kikitori program-key new --name NAME',
  'programKey.never': 'never used',
  'programKey.revoked': 'The key {name} is revoked.',
  'serve.serving': 'Serving the OpenAI-compatible endpoint at {url}. Ctrl+C stops.',
  'serve.app': 'The Kikitori app on this data folder serves it already, at {url}.',
  'serve.stopped': 'Stopped.',
} as const;

export type TextKey = keyof typeof EN;

const JA: Readonly<Record<TextKey, string>> = {
  ...HELP_JA,
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
  'link.toApp':
    'このデータフォルダーで Kikitori が開かれました。以後は Kikitori を通して続けます。',
  'link.here': 'Kikitori が閉じられました。以後はこのコマンドで続けます。',
  'stage.queued': '待機中',
  'stage.findingSpeech': '発話部分を検出中',
  'stage.uploading': '送信中',
  'stage.recognizing': '認識中',
  'stage.left': '認識中、残り約 {seconds} 秒',
  'stage.late': '認識中、予想より時間がかかっています',
  'stage.exporting': '書き出し中',
  'stage.done': '完了',
  'stage.failed': '失敗',
  'stage.cancelled': '取り消し',
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
  'connections.active': '* は --connection を指定しないときに使う接続です（{id}）。',
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
  'arg.month': '「{value}」は月ではありません。2025-02 のように YYYY-MM で指定してください。',
  'usage.line': '{name}（{id}）、{month}: ログ保存あり {logged}、ログ保存なし {notLogged}',
  'usage.cost': '約 {cost}',
  'usage.budget': '予算 {budget} 時間の {percent} %',
  'usage.separator': '、',
  'budget.overFlag': 'それでも送信する場合は、--over-budget を付けてもう一度実行してください。',
  'budget.warning':
    '{name} は今月の予算の {percent} % を使いました（{budget} 時間のうち {used} 時間）。',
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
  'programKey.made':
    '{name} 用のキーです（表示はこの一度だけです。Kikitori にはハッシュしか残りません）:',
  'programKey.baseUrl': 'ベース URL: {url}',
  'programKey.none':
    'プログラム用のキーはありません。kikitori program-key new --name NAME で作れます。',
  'programKey.never': '未使用',
  'programKey.revoked': 'キー {name} を取り消しました。',
  'serve.serving': 'OpenAI 互換エンドポイントを {url} で提供しています。Ctrl+C で止まります。',
  'serve.app': 'このデータフォルダーの Kikitori アプリが、すでに {url} で提供しています。',
  'serve.stopped': '止めました。',
};

const TABLES: Readonly<Record<Lang, Readonly<Record<TextKey, string>>>> = { en: EN, ja: JA };

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
