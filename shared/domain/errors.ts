/**
 * Errors a person sees: a code a program can branch on and a message, in English and Japanese,
 * that says what failed and what to do.
 */
import { z } from 'zod';

export const APP_ERROR_CODES = [
  'network',
  'timeout',
  'auth',
  'unsupported-audio',
  'nothing-recognised',
  'bad-request',
  'too-large',
  'busy',
  'engine-unavailable',
  'server',
  'bad-response',
  'not-found',
  'no-key',
  'no-connection',
  'file',
  'ffmpeg-missing',
  'conversion-failed',
  'keychain',
  'invalid-input',
  'interrupted',
  'forbidden',
  'internal',
  'insecure-url',
  'service-starting',
  'service-not-started',
  'data-corrupt',
  'data-newer',
  'data-read-only',
  'app-running',
  'link-used',
] as const;
export type AppErrorCode = (typeof APP_ERROR_CODES)[number];

export const appErrorSchema = z.object({
  code: z.enum(APP_ERROR_CODES),
  message: z.string(),
  /** The same in Japanese. */
  messageJa: z.string(),
  /** What the server or the system said, verbatim, for a support request. */
  detail: z.string().optional(),
});
export type AppError = z.infer<typeof appErrorSchema>;

type Params = Readonly<Record<string, string | number>>;
const fill = (text: string, params: Params) =>
  text.replace(/\{(\w+)\}/g, (_, name: string) => String(params[name] ?? `{${name}}`));

const MESSAGES: Readonly<Record<AppErrorCode, { en: string; ja: string }>> = {
  network: {
    en: 'Could not reach {host} ({reason}). Check the connection settings and your network, or that the local service is running.',
    ja: '{host} に接続できませんでした（{reason}）。接続設定とネットワーク、またはローカルサービスが動いているかを確認してください。',
  },
  timeout: {
    en: '{host} did not answer within {seconds} s. Try again later, or send long audio as an async job.',
    ja: '{host} が {seconds} 秒以内に応答しませんでした。時間をおいて再試行するか、長い音声は非同期ジョブで送ってください。',
  },
  auth: {
    en: 'The service refused the API key ({detail}). Check the key of this connection in Settings, or issue a new one.',
    ja: 'サービスが API キーを受け付けませんでした（{detail}）。設定でこの接続のキーを確認するか、新しいキーを発行してください。',
  },
  'unsupported-audio': {
    en: 'The service could not decode this audio ({detail}). Use WAV, FLAC, Ogg, MP3 or raw PCM; the local engine needs 16 kHz or more.',
    ja: 'サービスがこの音声を解釈できませんでした（{detail}）。WAV・FLAC・Ogg・MP3・PCM を使ってください。ローカルエンジンは 16 kHz 以上が必要です。',
  },
  'nothing-recognised': {
    en: "No speech was recognised in this audio. Check that it contains speech in the engine's language.",
    ja: 'この音声から発話を認識できませんでした。エンジンの言語の発話が含まれているか確認してください。',
  },
  'bad-request': {
    en: "The service rejected the request ({detail}). Check the connection's engine and settings.",
    ja: 'サービスがリクエストを拒否しました（{detail}）。接続のエンジンと設定を確認してください。',
  },
  'too-large': {
    en: 'The audio is too large for this request ({detail}). Files over 16 MB are sent as async jobs.',
    ja: '音声がこのリクエストには大きすぎます（{detail}）。16 MB を超えるファイルは非同期ジョブで送ります。',
  },
  busy: {
    en: 'The service is busy with other requests of this key. Try again in a moment.',
    ja: 'このキーの他のリクエストでサービスが混み合っています。少し待って再試行してください。',
  },
  'engine-unavailable': {
    en: 'The recognition engine is unavailable ({detail}).',
    ja: '認識エンジンを利用できません（{detail}）。',
  },
  server: {
    en: 'The service failed ({detail}). Try again later.',
    ja: 'サービスでエラーが発生しました（{detail}）。時間をおいて再試行してください。',
  },
  'bad-response': {
    en: "The service answered in a way Kikitori does not understand ({detail}). Check the connection's URLs.",
    ja: 'サービスの応答を解釈できませんでした（{detail}）。接続の URL を確認してください。',
  },
  'not-found': { en: '{what} was not found.', ja: '{what} が見つかりませんでした。' },
  'no-key': {
    en: 'The connection "{connection}" has no API key. Add one in Settings.',
    ja: '接続「{connection}」に API キーがありません。設定で追加してください。',
  },
  'no-connection': {
    en: 'There is no connection "{connection}".',
    ja: '接続「{connection}」がありません。',
  },
  file: { en: 'Cannot read {path}: {reason}', ja: '{path} を読めません：{reason}' },
  'ffmpeg-missing': {
    en: '{name} must be converted before sending, and that needs ffmpeg, which is not installed. Install ffmpeg, or convert the file to FLAC or WAV yourself.',
    ja: '{name} は送信前に変換が必要で、そのためには ffmpeg が必要ですがインストールされていません。ffmpeg をインストールするか、FLAC か WAV に変換してください。',
  },
  'conversion-failed': {
    en: 'Could not convert {name} ({detail}).',
    ja: '{name} を変換できませんでした（{detail}）。',
  },
  keychain: {
    en: 'The keychain failed: {detail}',
    ja: 'キーチェーンでエラーが発生しました：{detail}',
  },
  'invalid-input': { en: 'Invalid input: {detail}', ja: '入力が正しくありません：{detail}' },
  forbidden: {
    en: 'Refused a request that did not come from Kikitori’s own window ({origin}).',
    ja: 'Kikitori 自身のウィンドウ以外（{origin}）からの要求を拒否しました。',
  },
  interrupted: {
    en: 'Sending {name} was cut off when Kikitori stopped, so the service may or may not have the job. Retry to send it again.',
    ja: 'Kikitori が停止したため {name} の送信が中断されました。サービス側にジョブがあるかは分かりません。再試行すると送り直します。',
  },
  internal: {
    en: 'Something went wrong inside Kikitori: {detail}',
    ja: 'Kikitori 内部でエラーが発生しました：{detail}',
  },
  'insecure-url': {
    en: 'The address {url} is not secure: a cloud connection must use https:// (plain http:// only for 127.0.0.1 or localhost). Correct the address.',
    ja: 'アドレス {url} は安全ではありません。クラウド接続には https:// を使ってください（http:// は 127.0.0.1 と localhost のみ）。アドレスを直してください。',
  },
  'service-starting': {
    en: 'The local service is starting; this job waits for it (up to {seconds} s).',
    ja: 'ローカルサービスを起動しています。このジョブは起動を待っています（最大 {seconds} 秒）。',
  },
  'service-not-started': {
    en: 'The local service did not start within {seconds} s. Check its status in Settings, then retry the job.',
    ja: 'ローカルサービスが {seconds} 秒以内に起動しませんでした。設定でサービスの状態を確認してから、ジョブを再試行してください。',
  },
  'data-corrupt': {
    en: 'Kikitori cannot read {path}: the file is damaged. Restore it from a backup, or move it away to start with default settings.',
    ja: '{path} を読み込めません。ファイルが壊れています。バックアップから戻すか、ファイルを移動して既定の設定で起動してください。',
  },
  'data-newer': {
    en: '{path} was written by a newer version of Kikitori. Update Kikitori to open this data folder.',
    ja: '{path} は新しいバージョンの Kikitori で書かれています。このデータフォルダーを開くには Kikitori を更新してください。',
  },
  'data-read-only': {
    en: 'Kikitori cannot write to its data folder {path}. Make the folder writable, or choose another one with --data.',
    ja: 'データフォルダー {path} に書き込めません。フォルダーを書き込み可能にするか、--data で別のフォルダーを指定してください。',
  },
  'app-running': {
    en: 'Kikitori is already running with the data folder {path}, but did not answer. Close it, or start this one with another --data folder.',
    ja: 'データフォルダー {path} を使う Kikitori がすでに動いていますが、応答しませんでした。そちらを終了するか、--data で別のフォルダーを指定して起動してください。',
  },
  'link-used': {
    en: 'This Kikitori link was already used or has expired. Start Kikitori again to get a new one.',
    ja: 'この Kikitori のリンクは使用済みか期限切れです。Kikitori をもう一度起動して新しいリンクを受け取ってください。',
  },
};

export function appError(code: AppErrorCode, params: Params = {}, detail?: string): AppError {
  const text = MESSAGES[code];
  return {
    code,
    message: fill(text.en, params),
    messageJa: fill(text.ja, params),
    ...(detail === undefined ? {} : { detail }),
  };
}

/** An AppError as a throwable, so it can cross async code and be turned back into a Result. */
export class AppFailure extends Error {
  constructor(readonly error: AppError) {
    super(error.message);
  }
}
