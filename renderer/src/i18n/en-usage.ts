/** English strings of Settings → Usage (kept apart to merge cleanly). */
export const enUsage = {
  usage: {
    heading: 'Usage and cost',
    intro:
      'The audio each connection sent to its service, by calendar month in your time zone ({{zone}}), logged and not logged apart. Costs are estimates at the rates you enter; the service’s own bill is what counts.',
    caption: 'Audio {{name}} sent, by month',
    month: 'Month',
    thisMonth: ' (this month)',
    logged: 'Logged',
    notLogged: 'Not logged',
    cost: 'Estimated cost',
    budgetMeter: 'This month’s share of the budget of {{name}}',
    budgetLine: '{{used}} sent this month: {{percent}} % of a {{budget}} h budget',
    plan: 'Rates and budget…',
    planFor: 'Rates and budget of {{name}}',
    planTitle: 'Rates and budget: {{name}}',
    planIntro:
      'Enter the prices of your contract to see an estimated cost. Leave a rate empty when you do not know it: no cost is shown then.',
    rateLogged: 'Price per hour, logged',
    rateNotLogged: 'Price per hour, not logged',
    currency: 'Currency (such as JPY or USD)',
    budget: 'Monthly budget, in hours of audio',
    ask: 'Ask before sending past the budget',
    planProblem:
      'Rates and the budget are numbers of zero or more (the budget more than zero), and the currency is a three-letter code such as JPY.',
    savePlan: 'Save',
  },
};
