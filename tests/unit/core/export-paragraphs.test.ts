/**
 * Minutes without speaker labels (always so with the local engine) read as paragraphs that follow
 * the speech, each with its start time, in every document and in the text file: a ten-minute talk
 * was one paragraph of thousands of characters under a single time, and the TXT had no times at
 * all (with or without --no-times, byte for byte).
 */
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { renderTranscript } from '../../../core/export/render';
import { exportSettingsSchema } from '../../../shared/format/export-settings';
import { PARAGRAPH_RULES } from '../../../shared/format/paragraphs';
import { LONG_EVERY, talkTranscript } from '../../support/talk-transcript';

const CLOCK = /^\d\d:\d\d:\d\d$/;
const facts = { sourceName: 'talk.wav', recordedAt: Date.UTC(2026, 0, 5, 9), durationMs: 600_000 };

async function render(script: 'en' | 'ja', times = true) {
  const talk = talkTranscript(script);
  const settings = exportSettingsSchema.parse({ lang: script, timeZone: 'UTC', times });
  const files = await renderTranscript(talk, talk, facts, ['txt', 'md', 'html', 'docx'], settings);
  const decoder = new TextDecoder();
  const text = (format: string) => decoder.decode(files.find((f) => f.format === format)!.bytes);
  const docx = unzipSync(files.find((f) => f.format === 'docx')!.bytes);
  return { talk, text, documentXml: decoder.decode(docx['word/document.xml']) };
}

/** The paragraphs of each rendering, as [time, text]. */
function paragraphs(rendered: Awaited<ReturnType<typeof render>>) {
  const txt = rendered
    .text('txt')
    .trimEnd()
    .split('\n\n')
    .map((p) => /^\[(\S+)\] (.*)$/s.exec(p)!.slice(1));
  const md = [...rendered.text('md').matchAll(/^\*\*\[(\S+)\]\*\* (.*)$/gm)].map((m) => [
    m[1]!,
    m[2]!,
  ]);
  const html = [
    ...rendered.text('html').matchAll(/<p><span class="time">(\S+)<\/span>(.*)<\/p>/g),
  ].map((m) => [m[1]!, m[2]!]);
  const docx = [...rendered.documentXml.matchAll(/<w:p>(.*?)<\/w:p>/g)]
    .map((p) => [...p[1]!.matchAll(/<w:t[^>]*>([^<]*)<\/w:t>/g)].map((t) => t[1]!))
    .filter((runs) => CLOCK.test(runs[0]?.trim() ?? ''))
    .map((runs) => [runs[0]!.trim(), runs.slice(1).join('')]);
  return { txt, md, html, docx };
}

describe.each(['en', 'ja'] as const)('a ten-minute talk without speakers (%s)', (script) => {
  it('reads as paragraphs with their times in TXT, MD, HTML and DOCX alike', async () => {
    const rendered = await render(script);
    const { talk } = rendered;
    const all = paragraphs(rendered);
    const { maxChars, pauseMs } = PARAGRAPH_RULES[script === 'en' ? 'spaced' : 'cjk'];
    // At least a paragraph per long pause, and none longer than a readable length.
    const longPauses = Math.floor(talk.utterances.length / LONG_EVERY);
    expect(all.txt.length).toBeGreaterThan(longPauses);
    for (const [, text] of all.txt) expect([...text!].length).toBeLessThanOrEqual(maxChars);
    // Each starts where an utterance starts, at its time.
    const starts = new Map(talk.utterances.map((u, i) => [u.text, i]));
    let previous = -1;
    for (const [time, text] of all.txt) {
      const first = [...starts.entries()].find(([u]) => text!.startsWith(u));
      expect(first, text).toBeDefined();
      const index = first![1];
      const utterance = talk.utterances[index]!;
      const whole = Math.floor(utterance.starttime! / 1000);
      const two = (n: number) => String(n).padStart(2, '0');
      expect(time).toBe(
        `${two(Math.floor(whole / 3600))}:${two(Math.floor(whole / 60) % 60)}:${two(whole % 60)}`,
      );
      // A paragraph begins at a long pause, or because the one before was full.
      if (previous >= 0) {
        const pause = utterance.starttime! - talk.utterances[index - 1]!.endtime!;
        const before = all.txt[previous]![1]!;
        if (pause < pauseMs)
          expect([...before].length + [...utterance.text].length).toBeGreaterThan(maxChars);
      }
      previous++;
    }
    // The documents have the same paragraphs at the same times.
    const times = all.txt.map(([time]) => time);
    expect(all.md.map(([time]) => time)).toEqual(times);
    expect(all.html.map(([time]) => time)).toEqual(times);
    expect(all.docx.map(([time]) => time)).toEqual(times);
    expect(all.docx.map(([, text]) => text)).toEqual(all.txt.map(([, text]) => text));
  });

  it('leaves the times out of the TXT when asked (it was byte for byte the same)', async () => {
    const withTimes = (await render(script)).text('txt');
    const without = (await render(script, false)).text('txt');
    expect(without).not.toBe(withTimes);
    expect(without).not.toMatch(/\[\d\d:\d\d:\d\d\]/);
    expect(without.split('\n\n')).toHaveLength(withTimes.split('\n\n').length);
  });
});
