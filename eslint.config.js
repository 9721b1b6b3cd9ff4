// ESLint flat config. Environment boundaries (docs/architecture.md §3) are enforced here, not by memory:
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
    message: 'Node built-ins are not available here: move this code to core/ or service/.',
  },
  {
    regex: '^electron(/|$)',
    message: 'Electron is only available in electron/main and electron/preload.',
  },
];

/** The `electron` package itself, for code that may use Node but not Electron. */
const electronPackage = platformImports[1];

/** A relative import that reaches into one of the repository's top-level folders. */
const into = (folders) => `^(\\.\\./)+(${folders.join('|')})(/|$)`;
const serviceOverHttp = {
  regex: into(['service']),
  message: 'The app and the local service share only shared/: they talk over HTTP.',
};
const restrict = (files, patterns) => ({
  files,
  rules: { 'no-restricted-imports': ['error', { patterns }] },
});

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
  },
  restrict(
    ['renderer/**/*.{ts,tsx}'],
    [
      ...platformImports,
      {
        regex: into(['electron', 'core', 'web-host']),
        message: 'The renderer talks to the main process only through src/lib/bridge.ts.',
      },
      {
        regex: into(['service']),
        message: 'The renderer reaches the local service only through the main process.',
      },
    ],
  ),
  {
    files: ['shared/**/*.ts'],
    languageOptions: { globals: {} },
  },
  restrict(
    ['shared/**/*.ts'],
    [
      ...platformImports,
      {
        regex: '^(?!zod$|zod/|\\.\\.?/)',
        message: 'shared/ is pure TypeScript: it may import zod and other shared/ modules only.',
      },
      {
        regex: into(['electron', 'core', 'web-host', 'renderer', 'service', 'tests', 'scripts']),
        message:
          'shared/ may not import from electron/, core/, web-host/, renderer/, service/ or tests/.',
      },
    ],
  ),
  // The host-agnostic core runs under Electron and in the web host alike: no Electron, no host.
  restrict(
    ['core/**/*.ts'],
    [
      electronPackage,
      {
        regex: into(['electron', 'web-host', 'renderer']),
        message: 'core/ is host-agnostic: hosts import the core, never the other way round.',
      },
      serviceOverHttp,
    ],
  ),
  restrict(
    ['web-host/**/*.ts'],
    [
      electronPackage,
      {
        regex: into(['electron', 'renderer']),
        message: 'The web host is a host of its own: it uses core/ and shared/ only.',
      },
      serviceOverHttp,
    ],
  ),
  restrict(
    ['electron/main/**/*.ts'],
    [
      {
        regex: into(['web-host', 'renderer']),
        message: 'The Electron host uses core/ and shared/ only.',
      },
      serviceOverHttp,
    ],
  ),
  // The sandboxed preload stays tiny: Electron and the channel names, nothing else.
  restrict(
    ['electron/preload/**/*.ts'],
    [
      {
        regex: '^(?!electron$|\\./|(\\.\\./)+shared/ipc/names$)',
        message: 'The preload may import only electron, its own folder and shared/ipc/names.',
        // Types are erased from the bundle: the contract's types may type the bridge.
        allowTypeImports: true,
      },
    ],
  ),
  restrict(
    ['service/**/*.ts'],
    [
      electronPackage,
      {
        regex: into(['electron', 'core', 'web-host', 'renderer']),
        message: 'The app and the local service share only shared/: they talk over HTTP.',
      },
    ],
  ),
);
