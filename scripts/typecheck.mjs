// Type-checks each environment's project on its own (docs/architecture.md §3): shared/ with neither DOM nor
// Node types, renderer/ with the DOM, electron/ service/ tests/ with Node. The three run side by
// side (each compiler is single-threaded), each one's output printed whole when it ends.
import { createRequire } from 'node:module';
import { runKept } from './run-kept.mjs';

const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
const projects = ['tsconfig.shared.json', 'tsconfig.renderer.json', 'tsconfig.node.json'];
const check = async (project) => {
  const { status, output } = await runKept(process.execPath, [tsc, '-p', project, '--pretty']);
  process.stdout.write(output);
  console.log(`typecheck ${project}: ${status === 0 ? 'ok' : 'FAILED'}`);
  return status === 0;
};
const results = await Promise.all(projects.map(check));
process.exit(results.every(Boolean) ? 0 : 1);
