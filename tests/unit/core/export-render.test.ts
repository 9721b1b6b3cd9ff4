/**
 * Every export is made by the core: a transcript in every format at once,
 * named after the job; the Word minutes read back by a real DOCX reader (mammoth) with their
 * text; the same transcript and choices giving the same bytes at another time; files written
 * beside each other never over one that is there, and each appearing whole or not at all.
 */
import mammoth from 'mammoth';
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { numberedName, writeAll, writeNewFile } from '../../../core/export/save';
import { renderTranscript } from '../../../core/export/render';
import { applyEdits, renameSpeaker, wordEdit } from '../../../shared/domain/edits';
import { exportSettingsSchema } from '../../../shared/format/export-settings';
import { EXPORT_CHOICES } from '../../../shared/format/exporters';
import { DIARIZED } from '../../support/diarized';
import { until } from '../../support/until';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'kikitori-render-'));
});
afterAll(async () => {
  vi.useRealTimers();
  await rm(dir, { recursive: true, force: true });
});

const edited = applyEdits(DIARIZED, [
  wordEdit(0, 1, 'evening'),
  renameSpeaker('speaker0', 'Tanaka'),
]);
const facts = {
  sourceName: 'standup.wav',
  title: 'Daily standup',
  recordedAt: Date.UTC(2026, 10, 27, 9, 30),
  durationMs: 4_500,
  connection: 'Local (offline)',
  engine: '-a-general-en',
};
const settings = (input: object = {}) => exportSettingsSchema.parse({ timeZone: 'UTC', ...input });

describe('rendering a transcript', () => {
  it('writes the CSV as Excel reads it: UTF-8 with a byte order mark, CRLF line ends (RFC 4180)', async () => {
    const [csv] = await renderTranscript(DIARIZED, edited, facts, ['csv'], settings());
    const bytes = Buffer.from(csv!.bytes);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.toString('utf8');
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
  });

  it('makes every format at once, each named after the job', async () => {
    const files = await renderTranscript(DIARIZED, edited, facts, EXPORT_CHOICES, settings());
    expect(files.map((f) => f.fileName)).toEqual([
      'Daily standup.txt',
      'Daily standup.srt',
      'Daily standup.vtt',
      'Daily standup.json',
      'Daily standup.csv',
      'Daily standup.md',
      'Daily standup.html',
      'Daily standup.docx',
      'Daily standup.original.json',
    ]);
    const text = (format: string) =>
      new TextDecoder().decode(files.find((f) => f.format === format)!.bytes);
    expect(text('txt')).toContain('Tanaka: Good evening.');
    // No answer of the service given: rebuilt from the transcript in the sync response's shape.
    expect(JSON.parse(text('json-original'))).toEqual({
      results: DIARIZED.utterances,
      text: DIARIZED.text,
      code: '',
      message: '',
    });
    expect(JSON.parse(text('json')).speakerNames).toEqual({ speaker0: 'Tanaka' });
    expect(text('md')).toContain('**Participants**: Tanaka, Speaker 2');
    expect(files.find((f) => f.format === 'docx')!.mediaType).toBe(
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    );
  });

  it('Word minutes open in a DOCX reader with their title, facts, speakers in bold and words', async () => {
    const [docx] = await renderTranscript(DIARIZED, edited, facts, ['docx'], settings());
    const buffer = Buffer.from(docx!.bytes);
    const { value: raw, messages } = await mammoth.extractRawText({ buffer });
    expect(messages).toEqual([]);
    const lines = raw.split('\n').filter(Boolean);
    expect(lines).toEqual([
      'Daily standup',
      'Recorded: November 27, 2026 at 9:30 AM',
      'Duration: 0:05',
      'Connection: Local (offline)',
      'Engine: -a-general-en',
      'Participants: Tanaka, Speaker 2',
      'Transcript',
      '00:00:00  Tanaka: Good evening.',
      '00:00:01  Speaker 2: Hi there.',
      '00:00:02  Tanaka: Welcome back Thanks',
    ]);
    const { value: html } = await mammoth.convertToHtml({ buffer });
    expect(html).toContain('<strong>Tanaka: </strong>');
    // Letter in English, A4 in Japanese; Yu Gothic for Japanese text, declared as a Japanese font.
    const xml = (bytes: Uint8Array, name: string) =>
      new TextDecoder().decode(unzipSync(bytes)[name]);
    expect(xml(docx!.bytes, 'word/document.xml')).toContain('w:w="12240" w:h="15840"');
    const [ja] = await renderTranscript(
      DIARIZED,
      edited,
      facts,
      ['docx'],
      settings({ lang: 'ja' }),
    );
    expect(xml(ja!.bytes, 'word/document.xml')).toContain('w:w="11906" w:h="16838"');
    expect(xml(ja!.bytes, 'word/styles.xml')).toContain('w:eastAsia="Yu Gothic"');
    expect(xml(ja!.bytes, 'word/fontTable.xml')).toContain('<w:charset w:val="80"/>');
    const { value: jaText } = await mammoth.extractRawText({ buffer: Buffer.from(ja!.bytes) });
    expect(jaText).toContain('参加者: Tanaka、話者 2');
    expect(jaText).toContain('日時: 2026年11月27日 9:30');
  });

  it('gives the same bytes for the same transcript and choices, at another time', async () => {
    const first = await renderTranscript(DIARIZED, edited, facts, EXPORT_CHOICES, settings());
    vi.useFakeTimers({ now: Date.UTC(2031, 0, 1), toFake: ['Date'] });
    const later = await renderTranscript(DIARIZED, edited, facts, EXPORT_CHOICES, settings());
    vi.useRealTimers();
    for (const [i, file] of first.entries())
      expect(Buffer.from(later[i]!.bytes).equals(Buffer.from(file.bytes)), file.fileName).toBe(
        true,
      );
  });

  it('names given for this export count as given in the viewer', async () => {
    const [txt] = await renderTranscript(
      DIARIZED,
      edited,
      facts,
      ['txt'],
      settings({ speakerNames: { speaker1: 'Sato' } }),
    );
    expect(new TextDecoder().decode(txt!.bytes)).toContain('Sato: Hi there.');
  });
});

describe('writing exports beside each other', () => {
  it('never writes over a file: a number goes before the extension', async () => {
    expect(numberedName('talk.srt', 2)).toBe('talk (2).srt');
    expect(numberedName('talk.original.json', 3)).toBe('talk (3).original.json');
    await writeFile(join(dir, 'talk.txt'), 'mine');
    const files = await renderTranscript(
      DIARIZED,
      edited,
      { sourceName: 'talk.wav' },
      ['txt', 'srt'],
      settings(),
    );
    const paths = await writeAll(dir, files);
    expect(paths).toEqual([join(dir, 'talk (2).txt'), join(dir, 'talk.srt')]);
    expect(await readFile(join(dir, 'talk.txt'), 'utf8')).toBe('mine');
    await writeAll(dir, files);
    expect((await readdir(dir)).sort()).toEqual([
      'talk (2).srt',
      'talk (2).txt',
      'talk (3).txt',
      'talk.srt',
      'talk.txt',
    ]);
  });

  it('appears whole or not at all to a program watching the folder, even a large file', async () => {
    const path = join(dir, 'large.json');
    const bytes = new Uint8Array(32 * 1024 * 1024).fill(0x20);
    // Another thread asks for the file's size as fast as it can, from before it exists until it
    // has all its bytes: every size it saw is reported.
    const watcher = new Worker(
      `const { parentPort, workerData } = require('node:worker_threads');
       const { statSync } = require('node:fs');
       const seen = new Set();
       parentPort.postMessage('ready');
       const until = Date.now() + 30000;
       for (;;) {
         let size = -1;
         try { size = statSync(workerData.path).size; } catch {}
         if (size >= 0) seen.add(size);
         if (size === workerData.size || Date.now() > until) break;
       }
       parentPort.postMessage([...seen]);`,
      { eval: true, workerData: { path, size: bytes.length } },
    );
    const messages: unknown[] = [];
    const seen = new Promise<number[]>((resolve) =>
      watcher.on('message', (message: unknown) => {
        messages.push(message);
        if (Array.isArray(message)) resolve(message as number[]);
      }),
    );
    await until(
      () => messages,
      (got) => got.includes('ready'),
    );
    expect(await writeNewFile(dir, 'large.json', bytes)).toBe(path);
    expect(await seen).toEqual([bytes.length]);
    await watcher.terminate();
    expect((await readdir(dir)).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });
});
