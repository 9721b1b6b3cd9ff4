/**
 * Minutes (shared/format/minutes.ts) as a Word document, written by `docx` (real OOXML, opened by
 * Word, LibreOffice and Google Docs without repair). A4 in Japanese, Letter in English; fonts
 * that show Japanese on every system: Yu Gothic (Windows, and Office on macOS), with the
 * Japanese character set declared so that Word substitutes Hiragino or Noto Sans CJK JP where it
 * is missing, as LibreOffice does through the system's font matching.
 *
 * The same minutes give the same bytes, whenever and wherever they are written (the window's
 * export, `kikitori export` and watched folders agree): the document's dates are the
 * recording's, and the package is zipped again with fixed entry times.
 */
import { Document, HeadingLevel, Packer, Paragraph, TextRun } from 'docx';
import { unzipSync, zipSync } from 'fflate';
import { clockOf, DOCUMENT_WORDS, type Minutes } from '../../shared/format/minutes';

/** Page sizes in twentieths of a point. */
const PAGES = {
  ja: { width: 11_906, height: 16_838 }, // A4
  en: { width: 12_240, height: 15_840 }, // Letter
} as const;

const LATIN_FONT = 'Calibri';
const JAPANESE_FONT = 'Yu Gothic';
const FONTS = { ascii: LATIN_FONT, hAnsi: LATIN_FONT, eastAsia: JAPANESE_FONT, cs: LATIN_FONT };
const JA_FONTS = {
  ascii: JAPANESE_FONT,
  hAnsi: JAPANESE_FONT,
  eastAsia: JAPANESE_FONT,
  cs: JAPANESE_FONT,
};

/** Every entry of the package gets this time, so the bytes depend on the content alone. */
const ENTRY_TIME = new Date(2000, 0, 1, 0, 0, 0);

/** The font table: Yu Gothic as a Japanese (Shift JIS) sans-serif, so a missing font is substituted by a Japanese one. */
const FONT_TABLE = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<w:fonts xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:font w:name="${JAPANESE_FONT}"><w:altName w:val="游ゴシック"/><w:panose1 w:val="020B0400000000000000"/><w:charset w:val="80"/><w:family w:val="swiss"/><w:pitch w:val="variable"/></w:font><w:font w:name="${LATIN_FONT}"><w:panose1 w:val="020F0502020204030204"/><w:charset w:val="00"/><w:family w:val="swiss"/><w:pitch w:val="variable"/></w:font></w:fonts>`;

const xmlText = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function coreProperties(minutes: Minutes, recordedAt: number | undefined): string {
  const when = new Date(recordedAt ?? ENTRY_TIME.getTime()).toISOString().replace(/\.\d+Z$/, 'Z');
  return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" xmlns:dcmitype="http://purl.org/dc/dcmitype/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"><dc:title>${xmlText(minutes.title)}</dc:title><dc:creator>Kikitori</dc:creator><dcterms:created xsi:type="dcterms:W3CDTF">${when}</dcterms:created><dcterms:modified xsi:type="dcterms:W3CDTF">${when}</dcterms:modified></cp:coreProperties>`;
}

export async function toDocx(minutes: Minutes, recordedAt?: number): Promise<Uint8Array> {
  const words = DOCUMENT_WORDS[minutes.lang];
  const fonts = minutes.lang === 'ja' ? JA_FONTS : FONTS;
  const facts = [
    ...minutes.facts,
    ...(minutes.participants.length > 0
      ? [{ label: words.participants, value: minutes.participants.join(words.list) }]
      : []),
  ];
  const children: Paragraph[] = [
    new Paragraph({ heading: HeadingLevel.TITLE, children: [new TextRun(minutes.title)] }),
    ...facts.map(
      (fact) =>
        new Paragraph({
          children: [new TextRun({ text: `${fact.label}: `, bold: true }), new TextRun(fact.value)],
        }),
    ),
    new Paragraph({
      heading: HeadingLevel.HEADING_1,
      children: [new TextRun(words.transcript)],
    }),
    ...minutes.turns.map(
      (turn) =>
        new Paragraph({
          spacing: { after: 120 },
          children: [
            ...(minutes.options.times ? [new TextRun({ text: `${clockOf(turn.ms)}  ` })] : []),
            ...(turn.speaker !== undefined
              ? [new TextRun({ text: `${turn.speaker}: `, bold: true })]
              : []),
            new TextRun(turn.text),
          ],
        }),
    ),
  ];
  const document = new Document({
    creator: 'Kikitori',
    title: minutes.title,
    styles: {
      default: {
        document: { run: { font: fonts, size: 21 }, paragraph: { spacing: { line: 300 } } },
        title: { run: { font: fonts, size: 36, bold: true } },
        heading1: { run: { font: fonts, size: 26, bold: true } },
      },
    },
    sections: [
      {
        properties: {
          page: {
            size: PAGES[minutes.lang],
            margin: { top: 1440, bottom: 1440, left: 1440, right: 1440 },
          },
        },
        children,
      },
    ],
  });
  const packed = await Packer.toBuffer(document, false, [
    { path: 'docProps/core.xml', data: coreProperties(minutes, recordedAt) },
    { path: 'word/fontTable.xml', data: FONT_TABLE },
  ]);
  // Zipped again with fixed times and in a fixed order: the same minutes, the same bytes.
  const entries = unzipSync(new Uint8Array(packed));
  const names = Object.keys(entries).sort((a, b) =>
    a === '[Content_Types].xml' ? -1 : b === '[Content_Types].xml' ? 1 : a < b ? -1 : 1,
  );
  return zipSync(
    Object.fromEntries(names.map((name) => [name, [entries[name]!, { mtime: ENTRY_TIME }]])),
    {
      level: 6,
    },
  );
}
