/** Japanese: the errors of services, connections and keys. */
import type { LanguagePart } from '../render';

export const SERVICES = {
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
    'no-key': '接続「{connection}」に API キーがありません。設定で追加してください。',
    'no-connection': '接続「{connection}」がありません。設定で接続を選んでください。',
    keychain:
      'キーチェーンでエラーが発生しました。キーチェーンのロックが解除されているか確認して、再試行してください。',
    'keychain-library-missing':
      'キーチェーンのライブラリを読み込めないため、キーはこのセッションの間だけ保持されます。libsecret をインストール（apt-get install libsecret-1-0）して Kikitori を入れ直してください。',
    'keychain-unavailable':
      'キーチェーンが応答しないため、キーはこのセッションの間だけ保持されます。保存するには GNOME Keyring や KWallet などの Secret Service を起動してください。',
    'local-service':
      'ローカルサービスに問題があります（{reason}）。Kikitori が自動的に対処を続けます。',
    'insecure-url':
      'アドレス {url} は安全ではありません。クラウド接続には https:// を使ってください（http:// は 127.0.0.1 と localhost のみ）。アドレスを直してください。',
    'service-starting':
      'ローカルサービスを起動しています。このジョブは起動を待っています（最大 {seconds} 秒）。',
    'service-not-started':
      'ローカルサービスが {seconds} 秒以内に起動しませんでした。設定でサービスの状態を確認してから、ジョブを再試行してください。',
    'over-budget':
      '{connection} は今月、予算 {budget} のうち {used} を送信済みです。{what}本当に送る場合だけそのまま送信するか、設定の「利用状況と料金」で予算を増やしてください。',
  },
  errorSubCodes: {
    'over-budget': {
      what: {
        files: 'これらのファイルでさらに {adding} 増え、設定した予算を超えます。',
        live: '今ライブ文字起こしを始めると、設定した予算を超えます。',
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
  },
} as const satisfies LanguagePart;
