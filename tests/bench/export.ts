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
 *   (x5) memory to make every format at once: the peak RSS of a process of its own over what
 *        it held before (Node, the modules, the transcript)                      goal <= 200 MB
 *
 * Each time is the median of three runs after one that loads BudouX's model, as an app that has
 * exported once has it loaded; the CPU time the process took is held against the goal (on a
 * machine shared with other work the wall time, printed beside it, measures the others too).
 */
import { execFile } from 'node:child_process';
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
 * (x5): a process of its own makes every format once; its peak RSS over what it held before
 * (Node, the modules, the transcript), and in all.
 */
async function memory(): Promise<{ grew: number; peak: number }> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [...process.execArgv, fileURLToPath(import.meta.url), '--export-memory'],
    { maxBuffer: 1 << 20 },
  );
  return JSON.parse(stdout.trim().split('\n').at(-1)!) as { grew: number; peak: number };
}

const maxRssMiB = () => process.resourceUsage().maxRSS / 1024;

if (process.argv.includes('--export-memory')) {
  const transcript = longJapaneseMeeting();
  const before = maxRssMiB();
  await renderOnce(transcript, EXPORT_CHOICES);
  const peak = maxRssMiB();
  console.log(JSON.stringify({ grew: peak - before, peak }));
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
  const { grew, peak } = await memory();
  line(
    `(x5) memory to make every format (peak RSS ${peak.toFixed(0)} MB in all)`,
    `${grew.toFixed(0)} MB`,
    '<= 200 MB',
    grew <= 200,
  );
}
