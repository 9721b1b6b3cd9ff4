/**
 * Search over many transcripts, for `npm run bench -- --search` (never asserted in tests):
 *
 *   (s1) median and p95 time (wall, and the process's CPU) of a set of queries (English and
 *        Japanese, common, rare, two words, two characters, no match) over 10,000
 *        transcripts of 1,000 words                                                  goal <= 50 ms
 *   (s2) the index file's size / the size of the text it holds (UTF-8)           goal <= 1.5
 *   (s3) making the index from the journal (index file deleted), seconds            (reported)
 *
 * The transcripts are made up from a Zipf-distributed vocabulary, as speech is: 80 % English
 * (the commonest English words, then the words of the local engine's dictionary in a shuffled
 * order), 20 % Japanese (made-up words of kana and kanji, no spaces). They are written into a
 * real journal; the index is made by the core's own SearchIndex through the same `textOf` the
 * app uses (the journal's stored result).
 */
import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { JobJournal } from '../../core/jobs/job-journal';
import { SEARCH_FILE, SearchIndex } from '../../core/search/search-index';
import { bodyOf } from '../../core/search/documents';
import type { Job, Transcript } from '../../shared/domain/job';
import { removeDir, tempDir } from '../support/service-process';
import { seededRandom } from '../support/seeded-random';

type Line = (label: string, value: string, goal: string, ok: boolean) => void;

const TRANSCRIPTS = Number(process.env.KIKITORI_BENCH_TRANSCRIPTS ?? 10_000);
const WORDS = 1_000;
const PER_UTTERANCE = 20;

const COMMON_EN =
  'the of and to a in that is was he for it with as his on be at by i this had not are but from or have an they which one you were her all she there would their we him been has when who will more no if out so said what up its about into than them can only other new some could time these two may then do first any my now such like our over man me even most made after also did many before must through back years where much your way well down should because each just those people how too little state good very make world still own see men work long get here between both life being under never day same another know while last might us great old year off come since against go came right used take three'.split(
    ' ',
  );
const KANA =
  'あいうえおかきくけこさしすせそたちつてとなにぬねのはひふへほまみむめもやゆよらりるれろわをん'.split(
    '',
  );
const KANJI =
  '会議予算今日明日資料報告確認説明案件営業売上計画課題対応検討開発品質顧客提案契約担当部長社員'.split(
    '',
  );

/** The pocketsphinx-en-us dictionary: real English words, for a realistic spread of trigrams. */
const ENGLISH_WORDS = '/usr/share/pocketsphinx/model/en-us/cmudict-en-us.dict';
const VOCABULARY = 20_000;

/** English: the commonest words first (Zipf ranks), then dictionary words in a shuffled order. */
async function englishVocabulary(next: () => number): Promise<string[]> {
  const dict = (await readFile(ENGLISH_WORDS, 'utf8'))
    .split('\n')
    .map((line) => line.split(' ')[0]!)
    .filter((word) => /^[a-z]+$/.test(word));
  for (let i = dict.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [dict[i], dict[j]] = [dict[j]!, dict[i]!];
  }
  return [...new Set([...COMMON_EN, ...dict])].slice(0, VOCABULARY);
}

/** Japanese: particles first, then made-up words of one to three kanji or kana. */
function japaneseVocabulary(next: () => number): string[] {
  const words = new Set<string>(['の', 'は', 'を', 'に', 'が', 'です', 'ます']);
  const pick = (chars: readonly string[]) => chars[Math.floor(next() * chars.length)]!;
  while (words.size < VOCABULARY) {
    const length = 1 + Math.floor(next() * 3);
    let word = '';
    for (let i = 0; i < length; i++) word += next() < 0.5 ? pick(KANJI) : pick(KANA);
    words.add(word);
  }
  return [...words];
}

/** Zipf (s = 1) over `n` ranks by inverting its cumulative weights. */
function zipf(n: number, next: () => number): () => number {
  const cumulative = new Float64Array(n);
  let sum = 0;
  for (let i = 0; i < n; i++) cumulative[i] = sum += 1 / (i + 1);
  return () => {
    const target = next() * sum;
    let low = 0;
    let high = n - 1;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (cumulative[mid]! < target) low = mid + 1;
      else high = mid;
    }
    return low;
  };
}

function transcriptOf(words: readonly string[], japanese: boolean): Transcript {
  const joiner = japanese ? '' : ' ';
  const utterances = [];
  for (let u = 0; u < words.length / PER_UTTERANCE; u++) {
    const part = words.slice(u * PER_UTTERANCE, (u + 1) * PER_UTTERANCE);
    const at = u * PER_UTTERANCE * 400;
    utterances.push({
      text: part.join(joiner),
      tags: [],
      rulename: '',
      starttime: at,
      endtime: at + part.length * 400,
      tokens: part.map((written, i) => ({
        written,
        spoken: written,
        confidence: 0.9,
        starttime: at + i * 400,
        endtime: at + i * 400 + 350,
      })),
    });
  }
  return { text: utterances.map((u) => u.text).join(joiner), utterances };
}

/** Writes the journal's files directly (as JobJournal would, without an fsync per file). */
export async function seed(dataDir: string): Promise<{ textBytes: number }> {
  const next = seededRandom(18);
  const en = await englishVocabulary(next);
  const ja = japaneseVocabulary(next);
  const rank = zipf(en.length, next);
  await mkdir(join(dataDir, 'jobs'), { recursive: true });
  await mkdir(join(dataDir, 'results'), { recursive: true });
  let textBytes = 0;
  for (let i = 0; i < TRANSCRIPTS; i++) {
    const japanese = i % 5 === 4;
    const vocab = japanese ? ja : en;
    const words = Array.from({ length: WORDS }, () => vocab[rank()]!);
    const transcript = transcriptOf(words, japanese);
    textBytes += Buffer.byteLength(bodyOf(transcript).text);
    const id = `bench-${String(i).padStart(5, '0')}`;
    const resultFile = join(dataDir, 'results', `${id}.json`);
    await writeFile(resultFile, JSON.stringify({ schemaVersion: 1, data: transcript }));
    const at = Date.UTC(2026, 0, 1) + i * 60_000;
    const job: Job = {
      id,
      file: { path: `/nowhere/${id}.wav`, name: `${id}.wav`, size: 1000 },
      connection: 'local',
      params: { d: 'grammarFileNames=-a-general', logging: false },
      mode: 'sync',
      status: 'completed',
      resultFile,
      createdAt: at,
      updatedAt: at,
      completedAt: at,
    };
    await writeFile(
      join(dataDir, 'jobs', `${id}.json`),
      JSON.stringify({ schemaVersion: 1, data: job }),
    );
  }
  return { textBytes };
}

const percentile = (values: number[], p: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * p))]!;

async function openIndex(dataDir: string, journal: JobJournal): Promise<SearchIndex> {
  return SearchIndex.open({
    dataDir,
    jobs: () => journal.list(),
    job: (id) => journal.get(id),
    textOf: async (job) => ({ transcript: await journal.readResult(job) }),
  });
}

export async function searchBench(line: Line): Promise<void> {
  const dataDir = await tempDir('kikitori-search-bench-');
  try {
    const seeded = Date.now();
    const { textBytes } = await seed(dataDir);
    console.log(
      `  ${TRANSCRIPTS} transcripts of ${WORDS} words seeded in ${((Date.now() - seeded) / 1000).toFixed(1)} s; their text ${(textBytes / 2 ** 20).toFixed(1)} MiB`,
    );
    const journal = await JobJournal.open(dataDir);
    const started = performance.now();
    let index = await openIndex(dataDir, journal);
    const opened = performance.now() - started;
    await index.ready();
    const built = (performance.now() - started) / 1000;
    await index.close();
    const size = (await stat(join(dataDir, SEARCH_FILE))).size;

    index = await openIndex(dataDir, journal);
    await index.ready();
    const queries = [
      'the',
      'people',
      'great old',
      'there would',
      'tanaka',
      'ther',
      'zzqx',
      'interesting',
      '会議',
      '予算',
      '今日の会議',
      '確認 資料',
      '報告です',
      '存在しない言葉',
    ];
    // Wall time, and the process's CPU time: a search runs on one thread without waiting, so on
    // a loaded machine its CPU time is what it would take on an idle one.
    const times: number[] = [];
    const cpu: number[] = [];
    const perQuery: string[] = [];
    for (const query of queries) {
      for (let run = 0; run < 7; run++) {
        const c0 = process.cpuUsage();
        const t0 = performance.now();
        const { hits } = await index.search(query, 50);
        const t = performance.now() - t0;
        const used = process.cpuUsage(c0);
        const c = (used.user + used.system) / 1000;
        // The first run of each query warms SQLite's page cache; it is not counted.
        if (run === 0) continue;
        times.push(t);
        cpu.push(c);
        if (run === 1)
          perQuery.push(
            `${query} ${t.toFixed(1)} ms, CPU ${c.toFixed(1)} ms (${hits.length} hits)`,
          );
      }
    }
    await index.close();
    console.log(`    per query: ${perQuery.join('; ')}`);
    const p50 = percentile(times, 0.5);
    const p95 = percentile(times, 0.95);
    line(
      `(s1) search over ${TRANSCRIPTS} transcripts, median (p95 ${p95.toFixed(1)} ms)`,
      `${p50.toFixed(1)} ms`,
      '<= 50 ms',
      p95 <= 50,
    );
    console.log(
      `    CPU time of the same searches: median ${percentile(cpu, 0.5).toFixed(1)} ms, p95 ${percentile(cpu, 0.95).toFixed(1)} ms`,
    );
    line(
      `(s2) index size / text (${(size / 2 ** 20).toFixed(1)} MiB / ${(textBytes / 2 ** 20).toFixed(1)} MiB)`,
      (size / textBytes).toFixed(2),
      '<= 1.5',
      size / textBytes <= 1.5,
    );
    line(
      `(s3) index made from the journal (opened in ${opened.toFixed(0)} ms, then in the background)`,
      `${built.toFixed(1)} s`,
      'report',
      true,
    );
  } finally {
    await removeDir(dataDir);
  }
}
