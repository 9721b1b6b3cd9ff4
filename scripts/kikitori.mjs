#!/usr/bin/env node
// `kikitori` from a clone (package.json "bin", so `npx kikitori …`): runs the built command line,
// dist/cli/kikitori.mjs, building it first when it is missing or older than its sources, so each
// start runs plain JavaScript and compiles nothing.
import { pathToFileURL } from 'node:url';
import { buildCli, cliBundle, cliIsStale } from './build-cli.mjs';

if (cliIsStale()) {
  try {
    await buildCli({ quiet: true });
  } catch (error) {
    process.stderr.write(`kikitori: building the command line failed: ${error.message}\n`);
    process.exit(1);
  }
}
await import(pathToFileURL(cliBundle()).href);
