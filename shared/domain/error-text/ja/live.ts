/** Japanese: the errors of Live and of calls. */
import type { LanguagePart } from '../render';

export const LIVE = {
  errors: {
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
    'calls-unavailable':
      'ここでは通話に気づくことができません。{reason}。通話はライブを手で始めて文字起こししてください。Kikitori は自動で再試行します。',
    'call-gone':
      'この通話はもう文字起こしを待っていません。通話が終わったか、別の場所で開始または辞退されました。',
  },
  errorSubCodes: {
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
    'calls-unavailable': {
      reason: {
        platform: 'このシステムにはマイクを使っているアプリを知る方法がありません',
        'no-server': 'PulseAudio または PipeWire のサウンドサーバーが応答しません',
        helper: 'システムのオーディオセッションを読み取れませんでした',
      },
    },
  },
} as const satisfies LanguagePart;
