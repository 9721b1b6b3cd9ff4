// Stylelint for the window's stylesheets (`npm run lint`, and npm test's lint step): the standard
// config, with the rules below changed for a reason each.
export default {
  extends: ['stylelint-config-standard'],
  rules: {
    // Blank lines are layout, and layout is Prettier's: related rules sit together, without one.
    'rule-empty-line-before': null,
    'comment-empty-line-before': null,
    'at-rule-empty-line-before': null,
    'declaration-empty-line-before': null,
  },
};
