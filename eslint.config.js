// ESLint flat config. Environment boundaries (DESIGN.md §3) are enforced here, not by memory:
// tests/unit/tooling/lint-boundaries.test.ts proves that a forbidden import fails lint.
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { builtinModules } from 'node:module';

const nodeBuiltins = builtinModules.filter((name) => !name.startsWith('_'));

/**
 * Imports that only Node or Electron can satisfy. Built-in names are matched as bare specifiers
 * only (anchored regex): a gitignore-style `domain/*` would also catch `../domain/job`.
 */
const builtinPattern = `^(node:|(${nodeBuiltins.map((name) => name.replace(/[/]/g, '\\/')).join('|')})(/|$))`;
const platformImports = [
  {
    regex: builtinPattern,
    message: 'Node built-ins are not available here: move this code to electron/core or service/.',
  },
  {
    group: ['electron', 'electron/*'],
    message: 'Electron is only available in electron/main and electron/preload.',
  },
];

export default tseslint.config(
  {
    ignores: [
      'node_modules/**',
      'dist/**',
      'out/**',
      'release/**',
      '.test-results/**',
      'tests/fixtures/generated/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['renderer/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...platformImports,
            {
              regex: '(^|/)electron(/|$)',
              message: 'The renderer talks to the main process only through src/lib/bridge.ts.',
            },
            {
              regex: '(^|/)service(/|$)',
              message: 'The renderer reaches the local service only through the main process.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['shared/**/*.ts'],
    languageOptions: { globals: {} },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...platformImports,
            {
              regex: '^(?!zod$|zod/|\\.\\.?/)',
              message:
                'shared/ is pure TypeScript: it may import zod and other shared/ modules only.',
            },
            {
              regex: '^(\\.\\./)+(electron|renderer|service|tests|scripts)(/|$)',
              message: 'shared/ may not import from electron/, renderer/, service/ or tests/.',
            },
          ],
        },
      ],
    },
  },
);
