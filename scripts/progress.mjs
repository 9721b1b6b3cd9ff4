// Runs one long setup step (npm ci, apt-get) as a child process and says how it goes, so a first
// `npm start` is never minutes of silence: on a terminal, one line rewritten in
// place each second with the time so far and how long the step usually takes; elsewhere (CI, a
// pipe, `npm test`'s log) one such line every 15 s. The child's own output is kept, for the log
// and for the error when it fails. Plain Node with no dependencies: it runs before node_modules.
import { spawn } from 'node:child_process';

/** `m:ss` for a duration in milliseconds. */
export function formatElapsed(ms) {
  const seconds = Math.floor(ms / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/**
 * Runs `command args`, its output captured, reporting on `out` while it runs.
 * `label`: what runs ("npm ci"); `usually`: how long it usually takes here ("2–3 min");
 * `tty`: rewrite one line in place (default: whether `out` is a terminal); `everyMs`: how often a
 * line is added when not a terminal (15 s). Resolves with the exit status, the output, the
 * spawn error if it could not start, and how long it took.
 */
export function runWithProgress(
  command,
  args,
  {
    label,
    usually,
    env = process.env,
    cwd = process.cwd(),
    out = process.stdout,
    tty = out.isTTY === true,
    everyMs = tty ? 1000 : 15_000,
  },
) {
  const started = Date.now();
  const chunks = [];
  const line = () =>
    `setup: ${label}: ${formatElapsed(Date.now() - started)} so far (usually ${usually})`;
  // On a terminal the line is rewritten in place; elsewhere each report is a line of its own.
  const report = () => out.write(tty ? `\r\x1b[2K${line()}` : `${line()}\n`);
  if (tty) report();
  const timer = setInterval(report, everyMs);
  return new Promise((resolve) => {
    let child;
    let done = false;
    const finish = (status, error) => {
      if (done) return;
      done = true;
      clearInterval(timer);
      if (tty) out.write('\r\x1b[2K');
      resolve({
        status,
        output: Buffer.concat(chunks).toString('utf8'),
        ...(error ? { error } : {}),
        ms: Date.now() - started,
      });
    };
    try {
      child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    } catch (error) {
      return finish(null, error);
    }
    child.stdout.on('data', (chunk) => chunks.push(chunk));
    child.stderr.on('data', (chunk) => chunks.push(chunk));
    child.on('error', (error) => finish(null, error));
    child.on('close', (status) => finish(status));
  });
}
