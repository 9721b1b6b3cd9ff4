/**
 * Minutes (./minutes.ts) as Markdown, for wikis and issue trackers, and as HTML, whose words
 * carry their readings in `<ruby>` for learners and proofreaders. The Word document is drawn from
 * the same model in the core (core/export/docx.ts).
 */
import type { Token } from '../api/recognition';
import { type Minutes, clockOf, DOCUMENT_WORDS } from './minutes';
import { isPunctuation } from './speakers';

/** Characters Markdown would read as markup, written as themselves. */
const markdownText = (text: string) => text.replace(/([\\`*_[\]<>#|~])/g, '\\$1');

export function toMarkdown(minutes: Minutes): string {
  const words = DOCUMENT_WORDS[minutes.lang];
  const out: string[] = [`# ${markdownText(minutes.title)}`, ''];
  const facts = minutes.facts.map((f) => `- **${f.label}**: ${markdownText(f.value)}`);
  if (minutes.participants.length > 0)
    facts.push(
      `- **${words.participants}**: ${minutes.participants.map(markdownText).join(words.list)}`,
    );
  if (facts.length > 0) out.push(...facts, '');
  out.push(`## ${words.transcript}`, '');
  for (const turn of minutes.turns) {
    const head = [
      minutes.options.times ? `[${clockOf(turn.ms)}]` : '',
      turn.speaker !== undefined ? `${markdownText(turn.speaker)}:` : '',
    ]
      .filter(Boolean)
      .join(' ');
    out.push(head ? `**${head}** ${markdownText(turn.text)}` : markdownText(turn.text), '');
  }
  return `${out.join('\n').trimEnd()}\n`;
}

const html = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Han characters: the words whose reading a reader may need. */
const HAN = /[\u3400-\u9fff\uf900-\ufaff]/u;

/**
 * The reading a reader may need over a word: its own (`spoken`), when the word has Han
 * characters. The web page's ruby and the viewer's readings follow this one rule.
 */
export function readingOf(token: Pick<Token, 'written' | 'spoken'>): string | undefined {
  const { written, spoken } = token;
  return !spoken || spoken === '_' || spoken === written || !HAN.test(written) ? undefined : spoken;
}

/** A word with its reading over it, when it has Han characters and a reading of its own. */
export function rubyOf(token: Pick<Token, 'written' | 'spoken'>): string {
  const reading = readingOf(token);
  if (reading === undefined) return html(token.written);
  return `<ruby>${html(token.written)}<rp>(</rp><rt>${html(reading)}</rt><rp>)</rp></ruby>`;
}

function turnHtml(tokens: readonly Token[], joiner: string, readings: boolean): string {
  let text = '';
  for (const token of tokens) {
    if (token.written === '') continue;
    if (text !== '' && joiner !== '' && !isPunctuation(token)) text += joiner;
    text += readings ? rubyOf(token) : html(token.written);
  }
  return text;
}

const STYLE = [
  'body{font-family:"Yu Gothic","YuGothic","Hiragino Sans","Hiragino Kaku Gothic ProN","Noto Sans CJK JP","Noto Sans JP",Meiryo,system-ui,sans-serif;line-height:1.8;max-width:48rem;margin:2rem auto;padding:0 1rem;color:#1a1a1a;background:#fff}',
  'dl{display:grid;grid-template-columns:max-content 1fr;gap:.25rem 1rem}',
  'dt{font-weight:bold}',
  'dd{margin:0}',
  '.time{color:#555;font-variant-numeric:tabular-nums;margin-right:.5em}',
  'rt{font-size:.55em}',
  '@media (prefers-color-scheme:dark){body{color:#eee;background:#161616}.time{color:#aaa}}',
].join('');

/** A whole page: the minutes with readings over the words that have them (unless turned off). */
export function toHtml(minutes: Minutes): string {
  const words = DOCUMENT_WORDS[minutes.lang];
  const facts = [
    ...minutes.facts,
    ...(minutes.participants.length > 0
      ? [{ label: words.participants, value: minutes.participants.join(words.list) }]
      : []),
  ];
  const body = minutes.turns.map((turn) => {
    const time = minutes.options.times ? `<span class="time">${clockOf(turn.ms)}</span>` : '';
    const speaker = turn.speaker !== undefined ? `<b>${html(turn.speaker)}</b>: ` : '';
    return `<p>${time}${speaker}${turnHtml(turn.tokens, turn.joiner, minutes.options.readings)}</p>`;
  });
  return [
    '<!DOCTYPE html>',
    `<html lang="${minutes.lang}">`,
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${html(minutes.title)}</title>`,
    `<style>${STYLE}</style>`,
    '</head>',
    '<body>',
    `<h1>${html(minutes.title)}</h1>`,
    ...(facts.length > 0
      ? ['<dl>', ...facts.map((f) => `<dt>${html(f.label)}</dt><dd>${html(f.value)}</dd>`), '</dl>']
      : []),
    `<h2>${html(words.transcript)}</h2>`,
    ...body,
    '</body>',
    '</html>',
    '',
  ].join('\n');
}
