/** ジョブ画面の日本語（en-jobs.ts と同じ形）。 */
import type { JobsMessages } from './en-jobs';

export const jaJobs: JobsMessages = {
  jobs: {
    heading: 'ジョブ',
    search: 'ファイル名と文字起こしを検索',
    select: '{{name}} を選択',
    selectAll: '完了したものをすべて選択',
    clearSelection: '選択を解除',
    selected_one: '{{count}} 件のジョブを選択中',
    selected_other: '{{count}} 件のジョブを選択中',
    filter: '状態',
    all: 'すべて',
    count_one: '{{count}} 件のジョブ',
    count_other: '{{count}} 件のジョブ',
    empty: 'ジョブはまだありません。ファイルを文字起こしするとここに表示されます。',
    noMatch: 'この条件に合うジョブはありません。',
    columns: {
      file: 'ファイル',
      connection: '接続',
      mode: '方式',
      session: 'セッション ID',
      created: '作成日時',
      duration: '所要時間',
      status: '状態',
      actions: '操作',
    },
    mode: {
      sync: '直接',
      async: 'ジョブ',
      live: 'ライブ',
    },
    edited: '修正済み',
    watched: '監視フォルダー',
    watchedFrom: '監視フォルダー {{folder}} から',
    cutOff:
      '中断: このライブセッションの途中で Kikitori が止まったか、ディスクがいっぱいになりました。確定した部分はすべて保存されています。',
    recordedLength: '録音 {{time}}',
    underASecond: '1 秒未満',
    copySession: 'セッション ID {{id}} をコピー',
    open: '開く',
    retry: '再試行',
    remove: '削除',
    actionsFor: '{{name}} の操作',
    removeTitle: '{{name}} を Kikitori から削除しますか？',
    removeBody:
      'ジョブと文字起こし結果がこの一覧から消えます。サービス側にあるジョブのコピーはそのまま残ります。',
    cancel: 'キャンセル',
    stop: '中止',
    confirmRemove: '削除',
    pollProblem: 'あとで再確認します：{{problem}}',
    hits: {
      searching: '文字起こしを検索しています…',
      more_one:
        'これを含む文字起こしの最初の {{count}} 件を表示しています。語を足すと絞り込めます。',
      more_other:
        'これを含む文字起こしの最初の {{count}} 件を表示しています。語を足すと絞り込めます。',
      indexing: '古い文字起こしの索引を作成中のため、表示されないものがあります。',
      matches_one: '{{count}} 件一致',
      matches_other: '{{count}} 件一致',
      inTranscript: '文字起こし内の一致',
    },
  },
};
