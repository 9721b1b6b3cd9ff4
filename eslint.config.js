// ESLint flat config. Environment boundaries (docs/architecture.md §3) are enforced here, not by memory:
// tests/unit/tooling/lint-boundaries.test.ts proves that a forbidden import fails lint.
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import { builtinModules } from 'node:module';
import { dirname, relative, resolve } from 'node:path';

/**
 * Every folder of the repository and the folders its code may import, in VS Code's style: an
 * allow-list per layer, the most specific folder first. A file in a folder no entry names fails
 * lint ("classify it here"), so a new top-level folder is decided on, not left open. Packages
 * are policed apart (Node built-ins and Electron where they cannot run; zod only in shared/).
 * `except` names folders inside an allowed one that stay closed (the core's handlers).
 */
const LAYERS = [
  { folder: 'shared', may: ['shared'], why: 'shared/ is pure: it imports only shared/.' },
  {
    folder: 'core',
    may: ['core', 'shared'],
    // Handlers sit on top of the stores: only the core's composition (core.ts) reaches them.
    except: ['core/handlers'],
    why: 'core/ is host-agnostic, and the app and the local service share only shared/: core/ imports core/ and shared/ only, and only core.ts reaches the handlers (stores never import handlers).',
  },
  {
    folder: 'core/core.ts',
    may: ['core', 'shared'],
    why: 'The core composes its stores and handlers from core/ and shared/ only.',
  },
  {
    folder: 'core/handlers',
    may: ['core', 'shared'],
    why: 'Handlers use core/ and shared/ only.',
  },
  {
    folder: 'core/storage',
    may: ['core/storage', 'shared'],
    why: 'Storage is the floor of the core: it imports only storage and shared/.',
  },
  {
    folder: 'core/api-client',
    may: ['core/api-client', 'core/errors', 'shared'],
    why: 'The API client speaks HTTP and nothing else: it imports only its own folder, core/errors and shared/ (no store, no handler).',
  },
  {
    folder: 'core/media',
    may: ['core/media', 'core/errors', 'shared'],
    why: 'The media modules (files, ffmpeg, ffprobe) are a floor of the core: they import only their own folder, core/errors and shared/ (no store, no job, no handler).',
  },
  {
    folder: 'web-host',
    may: ['web-host', 'core', 'shared'],
    why: 'The web host is a host of its own: it uses core/ and shared/ only (the app and the local service share only shared/).',
  },
  {
    folder: 'cli',
    // The core's front door only: its link and what programs do over it (core/programs/), the
    // hosts' start-up (core/host/), the core itself to open it here (core/core), and the umask
    // the process takes at its first line (core/storage/private-folder).
    may: [
      'cli',
      'core/programs',
      'core/host',
      'core/core',
      'core/storage/private-folder',
      'shared',
    ],
    why: "The command line is a host of its own that reaches the core through its link: it uses core/programs/ (the link, the routine from a job to files, watched folders), core/host/ (start-up), core/core (opening it here) and shared/ only, never the core's insides (the app and the local service share only shared/).",
  },
  {
    folder: 'electron/main',
    may: ['electron/main', 'core', 'shared'],
    why: 'The Electron host uses core/ and shared/ only (the app and the local service share only shared/).',
  },
  {
    folder: 'electron/preload',
    may: ['electron/preload', 'shared/ipc/names'],
    why: 'The preload may import only electron, its own folder and shared/ipc/names.',
    // Types are erased from the bundle: the contract's types may type the bridge.
    typesMay: ['shared'],
  },
  {
    folder: 'service',
    may: ['service', 'shared'],
    why: 'The app and the local service share only shared/: they talk over HTTP.',
  },
  {
    folder: 'service/bin.mjs',
    may: ['service', 'shared', 'scripts/checkout-bundles.mjs'],
    why: "The service's entry point runs the service: in a checkout its bundle, built when stale (scripts/checkout-bundles.mjs).",
  },
  {
    folder: 'service/engine',
    may: ['service/engine', 'service/audio', 'shared'],
    why: 'The engine knows audio and words, not the interfaces that reach it: no http/ or realtime/.',
  },
  {
    folder: 'service/audio',
    may: ['service/audio', 'shared'],
    why: 'Audio decoding knows audio only: no engine, no http/ or realtime/.',
  },
  // The window, by room: the app composes features; features read and act through the store
  // and draw with ui/; only the store (its slices) calls the host; ui/ primitives are leaves.
  {
    folder: 'renderer/src/app',
    may: ['renderer/src', 'shared'],
    why: 'The app shell composes the window: any of renderer/src/ and shared/.',
  },
  {
    folder: 'renderer/src/features',
    may: [
      'renderer/src/features',
      'renderer/src/store',
      'renderer/src/ui',
      'renderer/src/i18n',
      'renderer/src/styles',
      'shared',
    ],
    // A host's types (an export's shape) are no call.
    typesMay: ['renderer/src/host'],
    why: 'Components act through the store: only its slices call the host (renderer/src/host), and no screen reaches into the app shell.',
  },
  {
    folder: 'renderer/src/store',
    may: [
      'renderer/src/store',
      'renderer/src/host',
      'renderer/src/ui',
      'renderer/src/i18n',
      'shared',
    ],
    why: 'The store never imports features/ or the app shell: screens import the store, not the other way round.',
  },
  {
    folder: 'renderer/src/ui',
    may: ['renderer/src/ui', 'renderer/src/i18n', 'shared'],
    why: 'ui/ holds leaf primitives: no store, no host, no features.',
  },
  {
    folder: 'renderer/src/host',
    may: ['renderer/src/host', 'shared'],
    why: 'host/ is the bridge to the main process: shared/ only.',
  },
  {
    folder: 'renderer/src/i18n',
    may: ['renderer/src/i18n', 'shared'],
    why: 'The strings import only strings and shared/.',
  },
  {
    folder: 'renderer',
    may: ['renderer', 'shared'],
    why: 'The renderer talks to the main process only through src/host/bridge.ts, and reaches the local service only through the main process.',
  },
  { folder: 'scripts', may: ['scripts'], why: 'The start, build and test commands stand alone.' },
  {
    folder: 'scripts/cli-reference.ts',
    may: ['scripts', 'cli'],
    why: "The command line's reference is written from the command line's own definitions, and from nothing else.",
  },
  { folder: 'build', may: ['build', 'shared'], why: 'Packaging inputs use shared/ at most.' },
  // Tests and the root's config files may reach everything they test or configure.
  { folder: 'tests', may: ['*'] },
  { folder: '.', may: ['*'] },
];

const ROOT = import.meta.dirname;
const inFolder = (path, folder) =>
  folder === '.' ? !path.includes('/') : path === folder || path.startsWith(`${folder}/`);
const layerOf = (path) =>
  LAYERS.filter((l) => inFolder(path, l.folder)).sort(
    (a, b) => b.folder.length - a.folder.length,
  )[0];

/** The allow-list rule: each relative import must land in a folder its layer may import. */
const layersRule = {
  meta: { type: 'problem', schema: [] },
  create(context) {
    const file = relative(ROOT, context.filename).split('\\').join('/');
    if (file.startsWith('..')) return {};
    const layer = layerOf(file);
    const check = (node, source, typeOnly) => {
      if (!layer || layer.may.includes('*') || typeof source !== 'string') return;
      if (!source.startsWith('.')) return;
      const target = relative(ROOT, resolve(dirname(context.filename), source))
        .split('\\')
        .join('/');
      const allowed = [...layer.may, ...(typeOnly ? (layer.typesMay ?? []) : [])];
      const excepted = (layer.except ?? []).some((folder) => inFolder(target, folder));
      if (!excepted && allowed.some((folder) => inFolder(target, folder))) return;
      context.report({ node, message: `${layer.why} (${file} imports ${target})` });
    };
    const typeOnly = (node) =>
      node.importKind === 'type' ||
      (node.specifiers?.length > 0 && node.specifiers.every((s) => s.importKind === 'type'));
    return {
      Program(node) {
        if (!layer)
          context.report({
            node,
            message: `${file} is in a folder no layer names: classify it in LAYERS (eslint.config.js).`,
          });
      },
      ImportDeclaration: (node) => check(node, node.source.value, typeOnly(node)),
      ExportNamedDeclaration: (node) =>
        node.source && check(node, node.source.value, node.exportKind === 'type'),
      ExportAllDeclaration: (node) => check(node, node.source.value, node.exportKind === 'type'),
      ImportExpression: (node) => check(node, node.source.value, false),
    };
  },
};

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

/**
 * A `Result` (or a promise of one) is never dropped: every failure is shown, passed on or decided
 * about in code. `void action()` and a bare `action();` statement are refused when the action
 * answers a Result; handle it (`.then((r) => …)`, `await`, `useActionError().run`). Types come
 * from the type-checked parser (typescript-eslint's project service).
 */
const noDroppedResultRule = {
  meta: {
    type: 'problem',
    schema: [],
    messages: {
      dropped:
        'This drops a Result{{promise}}: its failure would be lost. Handle it (show the error, pass it on), e.g. with useActionError().run.',
    },
  },
  create(context) {
    const services = context.sourceCode.parserServices;
    // Only where the project's types reach: a file outside every program has no checker to ask.
    if (!services?.program?.getSourceFile(context.filename)) return {};
    const checker = services.program.getTypeChecker();
    /** A Result: a union whose members have `ok` and `data` or `error` (shared/api/result.ts). */
    const isResult = (type) => {
      const members = type.isUnion() ? type.types : [type];
      return (
        members.length > 0 &&
        members.every((t) => t.getProperty('ok')) &&
        members.some((t) => t.getProperty('data') || t.getProperty('error'))
      );
    };
    const kindOf = (node) => {
      const type = services.getTypeAtLocation(node);
      if (isResult(type)) return '';
      const awaited = checker.getAwaitedType(type);
      return awaited && awaited !== type && isResult(awaited) ? ' (a promise of one)' : undefined;
    };
    const check = (node, value) => {
      const promise = kindOf(value);
      if (promise !== undefined) context.report({ node, messageId: 'dropped', data: { promise } });
    };
    return {
      'UnaryExpression[operator="void"]': (node) => check(node, node.argument),
      ExpressionStatement(node) {
        const e = node.expression;
        if (e.type === 'UnaryExpression' || e.type === 'AssignmentExpression') return;
        if (e.type === 'Literal') return;
        check(node, e);
      },
    };
  },
};

/** Files that run in another scope than the window: the window's globals it lacks are refused. */
const scopeOf = (files, scope, scopeGlobals) => ({
  files,
  rules: {
    'no-restricted-globals': [
      'error',
      ...Object.keys(globals.browser)
        .filter((name) => !Object.hasOwn(scopeGlobals, name))
        .map((name) => ({
          name,
          message: `This file runs in ${scope}, which has no \`${name}\` (eslint.config.js scopeOf).`,
        })),
    ],
  },
});

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
      '.bench/**',
    ],
  },
  js.configs.recommended,
  // Type-checked rules (floating and misused promises, unsafe any, unbound methods, …), with
  // types from each file's own project (tsconfig.json's references).
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
  },
  { files: ['**/*.{js,mjs,cjs}'], ...tseslint.configs.disableTypeChecked },
  {
    files: ['**/*.{js,mjs,cjs,ts,tsx,mts,cts}'],
    plugins: {
      kikitori: { rules: { layers: layersRule, 'no-dropped-result': noDroppedResultRule } },
    },
    rules: { 'kikitori/layers': 'error' },
  },
  {
    files: ['**/*.{ts,tsx,mts,cts}'],
    rules: {
      'kikitori/no-dropped-result': 'error',
      // An async function without await still turns a throw into a rejection, which is how the
      // interfaces here answer (a Promise, never a synchronous throw): kept as they are.
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    // Tests read what came over the wire (`await response.json()`, parsed log lines) as `any` on
    // purpose and hold it to the documented shape with matchers (`expect.any(…)` is typed `any`
    // too), and pass spies' methods to `expect`: the unsafe-any and unbound-method checks stay on
    // for the product's code only. Promises, Results and template strings are checked here too.
    files: ['tests/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/unbound-method': 'off',
    },
  },
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
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Says only that the React Compiler would skip a component (TanStack Virtual's): the window
      // does not use the compiler.
      'react-hooks/incompatible-library': 'off',
    },
  },
  restrict(['renderer/**/*.{ts,tsx}'], [...platformImports]),
  // The audio thread and the live link's Worker are not the window: what only a window has
  // (document, localStorage, setTimeout in a worklet, …) would type-check against the DOM types
  // and fail at run time, so lint refuses it in the files bundled into each.
  scopeOf(
    [
      'renderer/src/features/live/capture/capture-worklet.ts',
      'renderer/src/features/live/capture/capture-core.ts',
      'renderer/src/features/live/capture/pipeline.ts',
      'renderer/src/features/live/capture/resampler.ts',
      'renderer/src/features/live/capture/silence.ts',
      'renderer/src/features/live/capture/duck.ts',
    ],
    'an AudioWorklet',
    globals.audioWorklet,
  ),
  scopeOf(
    ['renderer/src/host/live-socket-worker.ts', 'renderer/src/host/live-relay.ts'],
    'a dedicated Worker',
    globals.worker,
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
    ],
  ),
  // The host-agnostic core runs under Electron and in the web host alike: no Electron, no host.
  restrict(['core/**/*.ts'], [electronPackage]),
  restrict(['web-host/**/*.ts'], [electronPackage]),
  restrict(['cli/**/*.ts'], [electronPackage]),
  // The sandboxed preload stays tiny: Electron and the channel names, nothing else.
  restrict(
    ['electron/preload/**/*.ts'],
    [
      {
        regex: '^(?!electron$|\\.)',
        message: 'The preload may import only electron, its own folder and shared/ipc/names.',
        // Types are erased from the bundle: the contract's types may type the bridge.
        allowTypeImports: true,
      },
    ],
  ),
  restrict(['service/**/*.ts'], [electronPackage]),
);
