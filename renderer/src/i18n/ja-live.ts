/** ライブ画面の日本語（en-live.ts と同じ形）。 */
import type { LiveMessages } from './en-live';

export const jaLive: LiveMessages = {
  live: {
    heading: 'ライブ文字起こし',
    connection: '接続',
    input: '入力',
    defaultInput: 'システムの既定',
    inputNumber: 'マイク {{n}}',
    start: '開始',
    pause: '一時停止',
    resume: '再開',
    stop: '停止',
    level: '入力レベル',
    levelValue: '{{db}} dB',
    levelNone: '音なし',
    speakers: '話者を区別する',
    source: '聞き取る音',
    sources: {
      microphone: 'マイク',
      computer: 'コンピューターの音（スピーカー）',
      both: 'マイクとコンピューターの音',
    },
    sourcesHeading: '音源',
    levelOf: '{{source}}：入力レベル',
    gain: '{{source}}：音量',
    gainValue: '{{db}} dB',
    echo: 'ヘッドホンを使わないと、マイクがスピーカーの音も拾うため、相手の言葉が二重に書き起こされることがあります。ヘッドホンを使うと防げます。コンピューターの音が鳴っている間マイクを下げても、ほぼ防げます（下記）。',
    duck: 'コンピューターの音が鳴っている間はマイクを下げる',
    duckHint:
      'コンピューターの音がある間マイクを 15 dB 下げ、スピーカーの言葉が二重に書き起こされるのを防ぎます。その間に話した声も小さくなります。',
    apart: '各音源も別に保存する',
    apartHint:
      'ミックスとは別に、2チャンネルの FLAC（マイク、コンピューター）をジョブに保存し、後でミックスし直せるようにします。次の開始から有効です。',
    echoDismiss: '了解',
    elapsed: '録音時間',
    copy: 'ここまでをコピー',
    copied: 'コピーしました',
    said: '{{name}}：{{text}}',
    transcript: 'ライブの文字起こし',
    notFinal: '（未確定）',
    jump: '最新へ移動',
    empty:
      '「開始」を押して話してください。話すそばから文字がここに表示され、停止すると録音がジョブとして保存されます。',
    waiting: '聞き取り中… 話すとここに文字が表示されます。',
    openJob: '文字起こしを開く',
    toSettings: '設定を開く',
    state: {
      idle: '録音していません。',
      connecting: 'サービスに接続しています…',
      listening: '聞き取り中です。',
      paused: '一時停止中: 再開するまで録音も送信もしません。',
      reconnecting:
        '接続が切れました。録音は続いています。{{seconds}} 秒後に再接続します（{{attempt}} 回目）…',
      stopping: '最後の言葉を確定しています…',
      nothingKept: '停止しました。何も録音されていません。',
      stopped: '停止しました。録音と文字起こしはジョブとして保存されています。',
      unsaved:
        '停止しました。ディスクがいっぱいのため、文字起こしはメモリーに保持されています。空きができしだい、中断したジョブとして保存されます。',
    },
  },
};
