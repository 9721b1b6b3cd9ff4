/** 接続・エンジン・単語クラスの日本語名（en-names.ts と同じ形）。どの画面にも出るため、ウィンドウと一緒に読み込む。 */
import type { NamesMessages } from './en-names';

export const jaNames: NamesMessages = {
  connectionNames: { local: 'ローカル（オフライン）', cloud: 'AmiVoice Cloud' },
  withId: '{{name}}（{{id}}）',
  classNames: {
    PERSON: '人名',
    ORGANIZATION: '組織名',
    PLACE: '地名',
    PRODUCT: '製品名',
    TERM: '用語',
  },
  engineNames: {
    'a-general': '日本語・汎用',
    'a-medical': '日本語・医療',
    'a-bizfinance': '日本語・金融ビジネス',
    'a2-ja-general': '日本語・End-to-End',
    'a2-zh-general': '中国語・End-to-End',
    'a2-multi-general': '多言語・End-to-End',
    'a2b-ja-general': '日本語・End-to-End バッチ',
    'a2b-zh-general': '中国語・End-to-End バッチ',
    'a2b-multi-general': '多言語・End-to-End バッチ',
    'a-general-en': '英語・汎用',
    'a-general-zh': '中国語・汎用',
    'a-general-ko': '韓国語・汎用',
  },
};
