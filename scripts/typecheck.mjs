// Type-checks each environment's project on its own (docs/architecture.md §3): shared/ with neither DOM nor
// Node types, renderer/ with the DOM, electron/ service/ tests/ with Node.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';

const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
const projects = ['tsconfig.shared.json', 'tsconfig.renderer.json', 'tsconfig.node.json'];
let failed = 0;
for (const project of projects) {
  const run = spawnSync(process.execPath, [tsc, '-p', project, '--pretty'], { stdio: 'inherit' });
  const ok = run.status === 0;
  if (!ok) failed++;
  console.log(`typecheck ${project}: ${ok ? 'ok' : 'FAILED'}`);
}
process.exit(failed === 0 ? 0 : 1);
