/** Japanese strings of calls noticed: the notice and Settings → Calls. */
import type { enCalls } from './en-calls';
import type { MessagesOf } from './messages-of';

export const jaCalls: MessagesOf<typeof enCalls> = {
  calls: {
    region: '通話',
    asking: '{{app}} がマイクを使っています。この通話を文字起こししますか？',
    start: '開始',
    startFor: '{{app}} の通話を文字起こしする',
    notNow: '今はしない',
    notNowFor: '今はしない: この {{app}} の通話は文字起こししません',
    never: '{{app}} では今後しない',
    starting: '{{app}} の通話の文字起こしを始めています…',
    recording: '{{app}} の通話を文字起こししています（マイクとコンピューターの音）。',
    busy: '{{app}} がマイクを使っています。ライブがすでに実行中のため、何も始めませんでした。',
    ending: '{{app}} の通話が終わりました。文字起こしを保存しています…',
    ended: '{{app}} の通話が終わりました。文字起こしはジョブにあります。',
    endedOfferStop: '{{app}} の通話が終わりました。手動で始めたライブはまだ続いています。',
    failed: '{{app}} の通話を文字起こしできませんでした。',
    stopLive: 'ライブを停止',
    openJobs: 'ジョブを開く',
    close: '閉じる',
    closeFor: '{{app}} についてのお知らせを閉じる',
    notifyTitle: '{{app}} がマイクを使っています',
    notifyBody: 'この通話を文字起こししますか？ Kikitori を開いて選んでください。',
    notifyStarted: '{{app}} の通話を文字起こししています',
    notifyEnded: '{{app}} の通話が終わりました。文字起こしはジョブにあります',
    heading: '通話',
    intro:
      '別のアプリがマイクで録音を始めたとき（Zoom や Teams、ブラウザーでの通話）、Kikitori はその通話を文字起こしできます。マイクとコンピューターの音を、アプリの録音が30秒止まるまで記録します。文字起こしはアプリ名と時刻の名前でジョブに残ります。',
    mode: '通話が始まったら',
    modes: {
      off: '何もしない',
      ask: '確認する',
      auto: '下でチェックしたアプリは自動で開始する（ほかは確認する）',
    },
    apps: '自動で開始するアプリ',
    appsNone: '録音しているアプリはまだ見つかっていません。',
    neverList: '確認しないアプリ',
    neverNone: 'ありません。',
    askAgain: '再び確認する',
    askAgainFor: '{{app}} について再び確認する',
    connection: '通話に使う接続',
    activeConnection: '使用中の接続',
    profile: '通話に使うプロファイル（任意）',
    profileHint: 'その接続の辞書のプロファイル。空欄ならその接続のもの。',
    saveProfile: '保存',
    saveProfileName: '通話に使うプロファイルを保存',
    unavailable: 'ここでは通話に気づけません',
    windowNeeded:
      '通話はこのウィンドウが文字起こしします。Kikitori を開いたままにしてください。ウィンドウがないときは、コマンド kikitori watch-calls が記録します。',
  },
};
