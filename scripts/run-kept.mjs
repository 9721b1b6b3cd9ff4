// Runs a command with its output kept (stdout and stderr in the order they came), to be printed
// whole when it ends: commands run side by side (scripts/test.mjs, typecheck.mjs) never mix lines.
import { spawn } from 'node:child_process';
import { setPriority } from 'node:os';

/**
 * Resolves with the exit status (null if killed) and the output; never rejects. `nice` (1–19)
 * runs the command at a lower priority: it takes the CPU the others leave.
 */
export function runKept(command, args, { nice, ...options } = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
    if (nice && child.pid !== undefined) {
      try {
        setPriority(child.pid, nice);
      } catch {
        // Gone already: nothing to lower.
      }
    }
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('error', (error) => output.push(Buffer.from(`${error.message}\n`)));
    child.on('close', (status) => resolve({ status, output: Buffer.concat(output).toString() }));
  });
}

/**
 * Runs a command with its output passed on line by line as it comes (each line after `prefix`,
 * so two commands run side by side can be told apart), stdout and stderr both to stdout. Resolves
 * with the exit status (null if killed) and the seconds it took; never rejects.
 */
export function runStreamed(command, args, { prefix = '', ...options } = {}) {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, { ...options, stdio: ['ignore', 'pipe', 'pipe'] });
    const pass = (stream) => {
      let partial = '';
      stream.setEncoding('utf8');
      stream.on('data', (text) => {
        const lines = (partial + text).split('\n');
        partial = lines.pop();
        for (const line of lines) process.stdout.write(`${prefix}${line}\n`);
      });
      stream.on('end', () => {
        if (partial) process.stdout.write(`${prefix}${partial}\n`);
        partial = '';
      });
    };
    pass(child.stdout);
    pass(child.stderr);
    child.on('error', (error) => process.stdout.write(`${prefix}${error.message}\n`));
    child.on('close', (status) =>
      resolve({ status, seconds: ((performance.now() - started) / 1000).toFixed(0) }),
    );
  });
}
