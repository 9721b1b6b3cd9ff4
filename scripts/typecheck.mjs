// Type-checks each environment's project on its own (docs/architecture.md §3): shared/ with neither DOM nor
// Node types, renderer/ with the DOM, electron/ service/ tests/ with Node. The three run side by
// side, each one's output printed whole when it ends.
// The compiler is TypeScript 7's, the native one (package.json "typescript-native"): the same
// diagnostics as TypeScript 6's on this tree and on the probes of tests/unit/tooling/
// typecheck.test.ts, for about a seventh of the CPU (24 s against 165 s for the three projects
// on a 2-core machine). TypeScript 6 stays for what loads its API: typescript-eslint's
// type-checked rules, Vite and tsx's transpiling. (The typed-keys test compiles its probes with
// this compiler: tests/support/type-probes.ts.)
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runKept } from './run-kept.mjs';

// Its package exports no bin/ path: found beside its package.json.
export const TSC = join(
  dirname(createRequire(import.meta.url).resolve('typescript-native/package.json')),
  'bin',
  'tsc',
);
export const PROJECTS = ['tsconfig.shared.json', 'tsconfig.renderer.json', 'tsconfig.node.json'];

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const check = async (project) => {
    const { status, output } = await runKept(process.execPath, [TSC, '-p', project, '--pretty']);
    process.stdout.write(output);
    console.log(`typecheck ${project}: ${status === 0 ? 'ok' : 'FAILED'}`);
    return status === 0;
  };
  const results = await Promise.all(PROJECTS.map(check));
  process.exit(results.every(Boolean) ? 0 : 1);
}
