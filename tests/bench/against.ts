/**
 * `npm run bench -- --against REV [--realtime] [--search] … [--rounds N]`: the chosen parts of
 * the bench for the code of REV and for this checkout, one after the other on the same machine,
 * and their figures side by side with the ratio of each (this checkout's over REV's).
 *
 * A bench's figures are absolute: on a slower machine, or one busy with other work, every one of
 * them falls, and a change of machine hides a change of code. Run side by side they share the
 * machine and its load: each part runs for REV and for this checkout in turn, in the order
 * REV, this, this, REV, … (so a load that grows or falls during the run weighs on both alike),
 * and each figure is the median of its rounds.
 *
 * REV is checked out once into a git worktree of its own, .bench/<commit> (git-ignored, kept for
 * the next run: its fixtures, window and worker are built there once); it runs its own bench
 * (tests/bench/run.ts of REV, which measures REV's code as REV measured it) with this checkout's
 * tsx. A part that reaches REV's code only through the processes it starts (the realtime
 * interface: REV's service, over its socket) is measured by this checkout's bench run in REV's
 * worktree instead, so both sides are measured the same way (`--own-bench`: by REV's own). Its node_modules is a link to this checkout's when REV's package-lock.json asks for the
 * same versions of the packages REV names; otherwise the run stops and says which differ, and
 * `npm ci` in the worktree gives it its own (a node_modules already there is used as it is).
 * Never `npm run bench` or scripts/setup.mjs there with the link in place: setup would install
 * REV's packages into this checkout's node_modules.
 *
 * Each run's whole output is kept in .bench/logs/; the table reads the lines every part prints
 * (`(tag) label value goal … met`) and the indented lines between them, number by number.
 */
import { spawn, execFile } from 'node:child_process';
import { createWriteStream, existsSync, lstatSync, readFileSync } from 'node:fs';
import { mkdir, symlink } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** The parts a run can be given alone (tests/bench/run.ts), in the full run's order. */
export const PARTS = [
  'realtime',
  'window',
  'live',
  'meeting',
  'edits',
  'search',
  'export',
  'cli',
] as const;
type Part = (typeof PARTS)[number];

/**
 * The parts whose bench reaches the code it measures only through processes it starts from the
 * working directory (service/bin.mjs): this checkout's bench measures REV's code there too.
 */
const THROUGH_PROCESSES: ReadonlySet<Part> = new Set(['realtime']);

interface Side {
  /** How the table names it: REV as given (and its commit), or this checkout. */
  readonly name: string;
  readonly dir: string;
}

async function git(cwd: string, ...args: string[]): Promise<string> {
  return (await run('git', args, { cwd, maxBuffer: 256 << 20 })).stdout.trim();
}

// ---------------------------------------------------------------------------------------------
// The worktree and its packages

interface LockPackage {
  readonly version?: string;
}
interface Lock {
  readonly packages: Record<string, LockPackage>;
}

/**
 * What of REV's lock this checkout's node_modules does not give: packages REV's package.json
 * names that are missing here or at another version (`blocking`: REV's code could load the
 * wrong one), and differences among the packages those depend on (`notes`: each package finds
 * its own dependencies beside it first, so these rarely matter, but they are said).
 */
export function lockDifferences(
  rev: Lock,
  here: Lock,
  named: ReadonlySet<string>,
): { blocking: string[]; missing: string[]; notes: string[] } {
  const blocking: string[] = [];
  const missing: string[] = [];
  const notes: string[] = [];
  for (const [path, wanted] of Object.entries(rev.packages)) {
    if (path === '' || !path.startsWith('node_modules/')) continue;
    const name = path.slice('node_modules/'.length);
    const have = here.packages[path];
    const direct = named.has(name);
    if (have === undefined) {
      (direct ? missing : notes).push(`${name} ${wanted.version ?? '?'} is not installed here`);
    } else if (have.version !== wanted.version) {
      (direct ? blocking : notes).push(
        `${name}: REV has ${wanted.version ?? '?'}, this checkout ${have.version ?? '?'}`,
      );
    }
  }
  return { blocking, missing, notes };
}

async function worktreeOf(root: string, rev: string): Promise<Side> {
  const commit = await git(root, 'rev-parse', '--verify', `${rev}^{commit}`).catch(() => {
    throw new Error(`--against ${rev}: git knows no such revision here`);
  });
  const dir = join(root, '.bench', commit.slice(0, 12));
  if (!existsSync(dir)) {
    console.log(`Checking out ${rev} (${commit.slice(0, 12)}) into ${dir}`);
    await git(root, 'worktree', 'add', '--detach', dir, commit);
  } else if ((await git(dir, 'rev-parse', 'HEAD')) !== commit) {
    throw new Error(
      `${dir} is not at ${commit}: remove it (git worktree remove --force ${dir}) and run again`,
    );
  }
  const modules = join(dir, 'node_modules');
  if (!isPresent(modules)) {
    const lockOf = (text: string) => JSON.parse(text) as Lock;
    const revLock = lockOf(await git(root, 'show', `${commit}:package-lock.json`));
    const hereLock = lockOf(readFileSync(join(root, 'package-lock.json'), 'utf8'));
    const manifest = JSON.parse(await git(root, 'show', `${commit}:package.json`)) as {
      dependencies?: Record<string, string>;
      devDependencies?: Record<string, string>;
    };
    const named = new Set([
      ...Object.keys(manifest.dependencies ?? {}),
      ...Object.keys(manifest.devDependencies ?? {}),
    ]);
    const { blocking, missing, notes } = lockDifferences(revLock, hereLock, named);
    if (blocking.length > 0)
      throw new Error(
        `${rev}'s package-lock.json asks for other versions than this checkout has of packages it names, so its node_modules cannot be this one's:\n  ${blocking.join('\n  ')}\nInstall its own (cd ${dir} && ELECTRON_SKIP_BINARY_DOWNLOAD=1 npm ci) and run again.`,
      );
    await symlink(join(root, 'node_modules'), modules, 'dir');
    console.log(
      `${rev}'s node_modules: a link to this checkout's (the same versions of what it names)`,
    );
    for (const line of missing)
      console.log(`  absent: ${line}; any of ${rev}'s code that imports it fails to load`);
    for (const line of notes) console.log(`  differs, among dependencies of dependencies: ${line}`);
  }
  return { name: `${rev} (${commit.slice(0, 9)})`, dir };
}

function isPresent(path: string): boolean {
  try {
    lstatSync(path);
    return true;
  } catch {
    return false;
  }
}

// ---------------------------------------------------------------------------------------------
// Running a part

interface RunResult {
  readonly output: string;
  readonly ok: boolean;
  readonly seconds: number;
}

async function runPart(
  side: Side,
  part: Part,
  {
    tsx,
    bench,
    log,
    passed,
  }: { tsx: string; bench: string; log: string; passed: readonly string[] },
): Promise<RunResult> {
  const started = performance.now();
  const out = createWriteStream(log);
  const child = spawn(tsx, [bench, `--${part}`, ...passed], {
    cwd: side.dir,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let errors = '';
  child.stdout.on('data', (chunk: Buffer) => {
    output += chunk.toString();
    out.write(chunk);
  });
  child.stderr.on('data', (chunk: Buffer) => {
    errors += chunk.toString();
    out.write(chunk);
  });
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  await new Promise((resolve) => out.end(resolve));
  const seconds = (performance.now() - started) / 1000;
  if (code !== 0)
    console.log(
      `    ${side.name} --${part} failed (exit ${code}):\n${errors.trim().split('\n').slice(-8).join('\n')}`,
    );
  return { output, ok: code === 0, seconds };
}

// ---------------------------------------------------------------------------------------------
// Reading a part's output

/** A line cut into its words and its numbers: text[0] n[0] text[1] n[1] … text[k]. */
interface Shaped {
  readonly key: string;
  readonly text: string[];
  readonly numbers: string[];
  readonly figure: boolean;
  /** A figure's last words: whether its goal was met. */
  readonly verdict?: string;
}

const NUMBER = /(?<![\w.])-?\d+(?:,\d{3})*(?:\.\d+)?/g;

function shape(line: string): { text: string[]; numbers: string[] } {
  const text: string[] = [];
  const numbers: string[] = [];
  let last = 0;
  for (const match of line.matchAll(NUMBER)) {
    text.push(line.slice(last, match.index));
    numbers.push(match[0]);
    last = match.index + match[0].length;
  }
  text.push(line.slice(last));
  return { text, numbers };
}

const TAG = /^\(([a-z]\d*[a-z]?)\) /;

/**
 * The lines of a part's output worth comparing: each figure (`(tag) … goal … met`), keyed by its
 * tag, and each indented line with a number, cut at "; " into its items and keyed by its words
 * (and its first number when it starts with one: "8 sessions at once: …").
 */
export function readOutput(output: string): Shaped[] {
  const rows: Shaped[] = [];
  const seen = new Map<string, number>();
  const add = (base: string, text: string[], numbers: string[], verdict?: string) => {
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    const key = count === 0 ? base : `${base} #${count + 1}`;
    rows.push({
      key,
      text,
      numbers,
      figure: verdict !== undefined,
      ...(verdict ? { verdict } : {}),
    });
  };
  for (const raw of output.split('\n')) {
    const line = raw.trimEnd();
    const tag = TAG.exec(line);
    if (tag && / {3}goal /.test(line)) {
      const { text, numbers } = shape(line.slice(tag[0].length));
      text[0] = tag[0] + text[0];
      add(tag[0].trim(), text, numbers, line.endsWith('NOT MET') ? 'NOT MET' : 'met');
      continue;
    }
    if (!/^\s+\S/.test(line)) continue;
    const indent = /^\s*/.exec(line)![0];
    for (const item of line.trim().split('; ')) {
      const { text, numbers } = shape(item);
      if (numbers.length === 0) continue;
      const leading = text[0] === '' ? numbers[0] : '';
      text[0] = indent + text[0];
      add(`${leading}${text.join('#')}`, text, numbers);
    }
  }
  return rows;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
const valueOf = (n: string) => Number(n.replace(/,/g, ''));
const decimalsOf = (n: string) => (n.includes('.') ? n.length - n.indexOf('.') - 1 : 0);

/** One number of a row on both sides: the median of its rounds, as the part printed it. */
interface Pair {
  readonly old?: number;
  readonly now?: number;
  readonly decimals: number;
  /** Every round of both sides printed the same number here. */
  readonly same: boolean;
}

/**
 * Each row of either side, this checkout's order first: its words, and each of its numbers as
 * REV's and this checkout's medians.
 */
export function compare(
  old: readonly Shaped[][],
  now: readonly Shaped[][],
): Array<{
  key: string;
  text: string[];
  pairs: Pair[];
  verdicts?: [string, string];
  otherLine?: string;
}> {
  // This checkout's rows in its order, and each of REV's own after the row it followed there.
  const keys = [...new Set(now.flat().map((r) => r.key))];
  for (const rows of old) {
    let after = -1;
    for (const { key } of rows) {
      const at = keys.indexOf(key);
      if (at >= 0) after = at;
      else keys.splice(++after, 0, key);
    }
  }
  return keys.map((key) => {
    const of = (runs: readonly Shaped[][]) =>
      runs.flatMap((rows) => rows.filter((r) => r.key === key));
    const oldRows = of(old);
    const nowRows = of(now);
    const model = nowRows[0] ?? oldRows[0]!;
    // A row whose words differ between runs (another count of numbers) is read as its model's.
    const fits = (r: Shaped) => r.numbers.length === model.numbers.length;
    const column = (rows: Shaped[], i: number) => rows.filter(fits).map((r) => r.numbers[i]!);
    const pairs = model.numbers.map((_, i): Pair => {
      const o = column(oldRows, i);
      const n = column(nowRows, i);
      const all = [...o, ...n];
      return {
        ...(o.length > 0 ? { old: median(o.map(valueOf)) } : {}),
        ...(n.length > 0 ? { now: median(n.map(valueOf)) } : {}),
        decimals: Math.max(...all.map(decimalsOf)),
        same: o.length > 0 && n.length > 0 && all.every((x) => x === all[0]),
      };
    });
    // Each side's verdicts over its rounds: "met", "NOT MET", or both when its rounds differ.
    const verdictOf = (rows: Shaped[]) =>
      [...new Set(rows.map((r) => r.verdict))].sort().join('/') || '—';
    const verdicts: [string, string] | undefined = model.figure
      ? [verdictOf(oldRows), verdictOf(nowRows)]
      : undefined;
    // REV's line in words of its own (a label that changed since): printed as REV printed it.
    const other = oldRows.find((r) => !fits(r));
    const otherLine = other
      ? other.text.map((t, i) => t + (other.numbers[i] ?? '')).join('')
      : undefined;
    return {
      key,
      text: model.text,
      pairs,
      ...(verdicts ? { verdicts } : {}),
      ...(otherLine ? { otherLine } : {}),
    };
  });
}

const shown = (value: number | undefined, decimals: number) =>
  value === undefined ? '—' : value.toFixed(decimals);

/** A row as printed: each number that differs as `REV → this`, then the ratios. */
export function formatRow(row: ReturnType<typeof compare>[number]): string {
  let out = row.text[0]!;
  const ratios: string[] = [];
  row.pairs.forEach((pair, i) => {
    if (pair.same) out += shown(pair.now, pair.decimals);
    else {
      out += `[${shown(pair.old, pair.decimals)} → ${shown(pair.now, pair.decimals)}]`;
      if (pair.old !== undefined && pair.now !== undefined && pair.old !== 0)
        ratios.push(`×${(pair.now / pair.old).toFixed(2)}`);
    }
    out += row.text[i + 1]!;
  });
  // The figure's own padding: one space between label, value and goal reads better here.
  out = out.replace(/ {2,}/g, (gap, at: number) => (at === 0 ? gap : '  '));
  // Whether each side met the goal, when they differ (the words are this checkout's).
  if (row.verdicts && row.verdicts[0] !== row.verdicts[1])
    out = out.replace(/(met|NOT MET)$/, `[${row.verdicts[0]} → ${row.verdicts[1]}]`);
  if (ratios.length > 0) out += `    ${ratios.join(' ')}`;
  if (!row.otherLine) return out;
  return `${out}\n    (REV printed, in other words: ${row.otherLine.trim().replace(/ {2,}/g, '  ')})`;
}

// ---------------------------------------------------------------------------------------------

export async function againstBench(argv: readonly string[]): Promise<void> {
  const at = argv.indexOf('--against');
  const rev = argv[at + 1];
  if (rev === undefined || rev.startsWith('--'))
    throw new Error('--against needs a revision: npm run bench -- --against eab3915 --realtime');
  const roundsAt = argv.indexOf('--rounds');
  const rounds = roundsAt >= 0 ? Number(argv[roundsAt + 1]) : 2;
  if (!Number.isInteger(rounds) || rounds < 1)
    throw new Error('--rounds needs a whole number of at least 1');
  const chosen = PARTS.filter((p) => argv.includes(`--${p}`));
  const parts = chosen.length > 0 ? chosen : [...PARTS];
  const passed = argv.includes('--quick') ? ['--quick'] : [];

  const root = await git(process.cwd(), 'rev-parse', '--show-toplevel');
  const head = (await git(root, 'rev-parse', 'HEAD')).slice(0, 9);
  const dirty = (await git(root, 'status', '--porcelain', '--untracked-files=no')) !== '';
  const old = await worktreeOf(root, rev);
  const now: Side = {
    name: `this checkout (${head}${dirty ? ' and its changes' : ''})`,
    dir: root,
  };
  const tsx = join(root, 'node_modules', '.bin', 'tsx');
  const logs = join(root, '.bench', 'logs');
  await mkdir(logs, { recursive: true });
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');

  console.log(
    `Side by side: ${old.name} → ${now.name}; ${rounds} round${rounds > 1 ? 's' : ''} of each part, alternating; figures are medians, ×: this checkout's over ${rev}'s\n`,
  );
  for (const part of parts) {
    const sameBench = THROUGH_PROCESSES.has(part) && !argv.includes('--own-bench');
    const known =
      sameBench ||
      (existsSync(join(old.dir, 'tests', 'bench', 'run.ts')) &&
        readFileSync(join(old.dir, 'tests', 'bench', 'run.ts'), 'utf8').includes(`'--${part}'`));
    if (!known) {
      console.log(`--${part}: ${rev}'s bench has no such part; skipped\n`);
      continue;
    }
    const outputs = new Map<Side, Shaped[][]>([
      [old, []],
      [now, []],
    ]);
    for (let round = 0; round < rounds; round++) {
      const order = round % 2 === 0 ? [old, now] : [now, old];
      for (const side of order) {
        const log = join(
          logs,
          `${stamp}-${part}-${side === old ? 'rev' : 'this'}-${round + 1}.log`,
        );
        const bench = join(sameBench ? root : side.dir, 'tests', 'bench', 'run.ts');
        const result = await runPart(side, part, { tsx, bench, log, passed });
        console.log(
          `  --${part} round ${round + 1}, ${side.name}: ${result.seconds.toFixed(0)} s (${log})`,
        );
        if (result.ok) outputs.get(side)!.push(readOutput(result.output));
      }
    }
    console.log(
      `\n--${part}: [${rev} → this checkout], ${sameBench ? "both measured by this checkout's bench" : 'each measured by its own bench'}`,
    );
    for (const row of compare(outputs.get(old)!, outputs.get(now)!)) console.log(formatRow(row));
    console.log('');
  }
}
