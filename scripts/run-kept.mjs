// Runs a command with its output kept (stdout and stderr in the order they came), to be printed
// whole when it ends: commands run side by side (scripts/test.mjs, typecheck.mjs) never mix lines.
import { spawn } from 'node:child_process';

/** Resolves with the exit status (null if killed) and the output; never rejects. */
export function runKept(command, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('error', (error) => output.push(Buffer.from(`${error.message}\n`)));
    child.on('close', (status) => resolve({ status, output: Buffer.concat(output).toString() }));
  });
}
