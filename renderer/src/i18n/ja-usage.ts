/** Japanese strings of Settings → Usage (kept apart to merge cleanly). */
export const jaUsage = {
  usage: {
    heading: '利用状況と料金',
    intro:
      '各接続がサービスに送った音声の長さです。お使いのタイムゾーン（{{zone}}）の暦月ごとに、ログ保存あり・なしに分けて表示します。料金は入力した単価による概算で、実際の請求はサービスの請求書が基準です。',
    caption: '{{name}} が送った音声（月別）',
    month: '月',
    thisMonth: '（今月）',
    logged: 'ログ保存あり',
    notLogged: 'ログ保存なし',
    cost: '概算料金',
    budgetMeter: '{{name}} の今月の予算に対する使用割合',
    budgetLine: '今月 {{used}} を送信: 予算 {{budget}} 時間の {{percent}} %',
    plan: '単価と予算…',
    planFor: '{{name}} の単価と予算',
    planTitle: '単価と予算: {{name}}',
    planIntro:
      '契約の単価を入力すると概算料金を表示します。分からない単価は空欄のままにしてください。その場合、料金は表示しません。',
    rateLogged: '時間単価（ログ保存あり）',
    rateNotLogged: '時間単価（ログ保存なし）',
    currency: '通貨（JPY、USD など）',
    budget: '月の予算（音声の時間）',
    ask: '予算を超えて送信する前に確認する',
    planProblem:
      '単価と予算には 0 以上の数（予算は 0 より大きい数）を、通貨には JPY のような 3 文字のコードを入力してください。',
    savePlan: '保存',
  },
};
