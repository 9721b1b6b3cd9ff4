/**
 * Exports of a long meeting, for `npm run bench -- --export` (never asserted in tests): a
 * three-hour Japanese transcript of 40,000 words, two speakers, fillers kept, punctuation as
 * tokens and a reading for every word, rendered by the core's own renderer
 * (core/export/render.ts, BudouX's phrases and all) as the window and the command line ask it:
 *
 *   (x1) the Word minutes (DOCX)                                                 goal <= 1.5 s
 *   (x2) SRT with the Japanese subtitle rules                                    goal <= 0.3 s
 *   (x3) WebVTT with the Japanese subtitle rules                                 goal <= 0.3 s
 *   (x4) every format at once                                                    goal <= 3 s
 *   (x5) memory to make every format at once: the peak RSS of a process of its own while it
 *        renders, over what it held before (Node, the modules, the transcript)   goal <= 200 MB
 *
 * Each time is the median of three runs after one that loads BudouX's model, as an app that has
 * exported once has it loaded; the CPU time the process took is held against the goal (on a
 * machine shared with other work the wall time, printed beside it, measures the others too).
 */
import { execFile } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { renderTranscript, type RecordingFacts } from '../../core/export/render';
import type { Token } from '../../shared/api/recognition';
import type { Transcript } from '../../shared/domain/job';
import { exportSettingsSchema } from '../../shared/format/export-settings';
import { EXPORT_CHOICES, type ExportChoice } from '../../shared/format/exporters';
import { seededRandom } from '../support/seeded-random';

type Line = (label: string, value: string, goal: string, ok: boolean) => void;

const WORDS = 40_000;
const HOURS = 3;
const PER_UTTERANCE = 24;

/** Words of a Japanese meeting with their readings: kanji, kana, katakana, a number. */
const VOCABULARY: ReadonlyArray<readonly [string, string]> = [
  ['本日', 'ほんじつ'],
  ['は', 'は'],
  ['会議', 'かいぎ'],
  ['の', 'の'],
  ['資料', 'しりょう'],
  ['を', 'を'],
  ['確認', 'かくにん'],
  ['し', 'し'],
  ['ます', 'ます'],
  ['売上', 'うりあげ'],
  ['が', 'が'],
  ['前年', 'ぜんねん'],
  ['より', 'より'],
  ['12%', 'じゅうにぱーせんと'],
  ['増え', 'ふえ'],
  ['まし', 'まし'],
  ['た', 'た'],
  ['プロジェクト', 'ぷろじぇくと'],
  ['について', 'について'],
  ['担当', 'たんとう'],
  ['者', 'しゃ'],
  ['から', 'から'],
  ['説明', 'せつめい'],
  ['お願い', 'おねがい'],
  ['でき', 'でき'],
  ['ます', 'ます'],
  ['か', 'か'],
  ['次', 'つぎ'],
  ['四半期', 'しはんき'],
  ['計画', 'けいかく'],
];
const FILLERS = ['%えー%', '%あの%', '%えっと%'];

/** Three hours of two people talking in turns of one to four utterances. */
export function longJapaneseMeeting(words = WORDS): Transcript {
  const next = seededRandom(31);
  const step = Math.floor((HOURS * 3_600_000) / words);
  const utterances: Transcript['utterances'] = [];
  let speaker = 0;
  let at = 0;
  for (let made = 0; made < words;) {
    if (next() < 0.4) speaker = 1 - speaker;
    const label = `speaker${speaker}`;
    const tokens: Token[] = [];
    const count = Math.min(words - made, PER_UTTERANCE - 8 + Math.floor(next() * 16));
    for (let i = 0; i < count; i++) {
      const filler = next() < 0.05;
      const [written, spoken] = filler
        ? [FILLERS[Math.floor(next() * FILLERS.length)]!, 'えー']
        : VOCABULARY[Math.floor(next() * VOCABULARY.length)]!;
      const ms = Math.floor(step * (0.6 + next() * 0.3));
      tokens.push({
        written,
        spoken,
        starttime: at,
        endtime: at + ms,
        confidence: 0.5 + next() / 2,
        label,
      });
      at += step;
      if (i === count - 1 || next() < 0.08) {
        const mark = i === count - 1 ? '。' : '、';
        tokens.push({ written: mark, spoken: '_', starttime: at, endtime: at, label });
      }
    }
    made += count;
    utterances.push({
      text: tokens.map((t) => t.written).join(''),
      tokens,
      starttime: tokens[0]!.starttime!,
      endtime: tokens.at(-1)!.endtime!,
      confidence: 0.9,
      tags: [],
      rulename: '',
    });
  }
  return { text: utterances.map((u) => u.text).join(''), utterances };
}

const FACTS: RecordingFacts = {
  sourceName: 'teirei-kaigi.wav',
  title: '定例会議',
  recordedAt: Date.UTC(2026, 10, 27, 1, 0),
  durationMs: HOURS * 3_600_000,
  connection: 'AmiVoice Cloud',
  engine: '-a-general',
};

interface Timing {
  /** Wall time, seconds. */
  readonly wall: number;
  /** The process's CPU time (user and system), seconds: what a machine shared with others does
   *  not inflate. */
  readonly cpu: number;
  readonly bytes: number;
}

const SETTINGS = exportSettingsSchema.parse({ lang: 'ja', timeZone: 'Asia/Tokyo' });

async function renderOnce(transcript: Transcript, formats: readonly ExportChoice[]) {
  const files = await renderTranscript(transcript, transcript, FACTS, formats, SETTINGS);
  return files.reduce((sum, f) => sum + f.bytes.length, 0);
}

/** Median times of `formats` rendered three times, after one warm-up. */
async function timed(transcript: Transcript, formats: readonly ExportChoice[]): Promise<Timing> {
  let bytes = await renderOnce(transcript, formats);
  const runs: Timing[] = [];
  for (let i = 0; i < 3; i++) {
    const cpu = process.cpuUsage();
    const start = performance.now();
    bytes = await renderOnce(transcript, formats);
    const used = process.cpuUsage(cpu);
    runs.push({
      wall: (performance.now() - start) / 1000,
      cpu: (used.user + used.system) / 1e6,
      bytes,
    });
  }
  const median = (key: 'wall' | 'cpu') => runs.map((r) => r[key]).sort((a, b) => a - b)[1]!;
  return { wall: median('wall'), cpu: median('cpu'), bytes };
}

/**
 * (x5): a process of its own loads the transcript from a file, collects its garbage, and makes
 * every format once: its peak RSS while rendering over its RSS before (Node, the modules, the
 * transcript), and in all. A process's peak RSS is a high-water mark since its start, which the
 * transcript's making had already set above rendering's (the figure read "0 MB" whatever
 * rendering held): Linux resets it to the present RSS (/proc/self/clear_refs, 5), so the peak
 * read after rendering is rendering's own. Where it cannot be reset, the figure is the peak since
 * the start over the RSS before rendering, and says so.
 */
async function memory(transcript: Transcript): Promise<MemoryFigure> {
  const dir = await mkdtemp(join(tmpdir(), 'kikitori-export-bench-'));
  try {
    const file = join(dir, 'transcript.json');
    await writeFile(file, JSON.stringify(transcript));
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [...process.execArgv, '--expose-gc', fileURLToPath(import.meta.url), '--export-memory', file],
      { maxBuffer: 1 << 20 },
    );
    return JSON.parse(stdout.trim().split('\n').at(-1)!) as MemoryFigure;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

interface MemoryFigure {
  /** MB: the peak while rendering over the RSS before it. */
  readonly grew: number;
  readonly before: number;
  readonly peak: number;
  /** Whether the peak was reset before rendering (else it is the peak since the start). */
  readonly reset: boolean;
}

/** The process's present and peak RSS, MB, as Linux counts them; undefined elsewhere. */
function rssNow(): { rss: number; peak: number } | undefined {
  let status: string;
  try {
    status = readFileSync('/proc/self/status', 'utf8');
  } catch {
    return undefined;
  }
  const kib = (field: string) =>
    Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1]);
  const rss = kib('VmRSS');
  const peak = kib('VmHWM');
  return Number.isFinite(rss) && Number.isFinite(peak)
    ? { rss: rss / 1024, peak: peak / 1024 }
    : undefined;
}

if (process.argv.includes('--export-memory')) {
  const file = process.argv[process.argv.indexOf('--export-memory') + 1]!;
  const transcript = JSON.parse(await readFile(file, 'utf8')) as Transcript;
  // What making or reading the transcript left behind is collected before the baseline.
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  gc?.();
  let reset = false;
  try {
    writeFileSync('/proc/self/clear_refs', '5');
    reset = true;
  } catch {
    // Not Linux, or not allowed: the peak stays the one since the start.
  }
  const before = rssNow()?.rss ?? process.memoryUsage().rss / 2 ** 20;
  await renderOnce(transcript, EXPORT_CHOICES);
  const peak = rssNow()?.peak ?? process.resourceUsage().maxRSS / 1024;
  const figure: MemoryFigure = { grew: peak - before, before, peak, reset };
  console.log(JSON.stringify(figure));
}

export async function exportBench(line: Line): Promise<void> {
  const transcript = longJapaneseMeeting();
  const words = transcript.utterances.reduce(
    (sum, u) => sum + u.tokens.filter((t) => t.spoken !== '_').length,
    0,
  );
  console.log(
    `Exports of a ${HOURS}-hour Japanese meeting: ${words} words, ${transcript.utterances.length} utterances, two speakers`,
  );
  console.log('(CPU time against the goal; wall time beside it, as long as the machine allows)\n');
  const show = (label: string, { wall, cpu, bytes }: Timing, goal: number) =>
    line(
      `${label} (${(bytes / 1024).toFixed(0)} KiB, wall ${wall.toFixed(3)} s)`,
      `${cpu.toFixed(3)} s`,
      `<= ${goal} s`,
      cpu <= goal,
    );
  show('(x1) DOCX, the Word minutes', await timed(transcript, ['docx']), 1.5);
  show('(x2) SRT, Japanese rules', await timed(transcript, ['srt']), 0.3);
  show('(x3) WebVTT, Japanese rules', await timed(transcript, ['vtt']), 0.3);
  show(
    `(x4) every format at once (${EXPORT_CHOICES.length})`,
    await timed(transcript, EXPORT_CHOICES),
    3,
  );
  const { grew, before, peak, reset } = await memory(transcript);
  line(
    `(x5) memory to make every format (RSS ${before.toFixed(0)} MB before, peak ${peak.toFixed(0)} MB${reset ? '' : ' since the start: could not be reset'})`,
    `${grew.toFixed(0)} MB`,
    '<= 200 MB',
    grew <= 200,
  );
}
