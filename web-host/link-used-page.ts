/**
 * What a browser gets for a one-time address that was already used or has expired: a small
 * page in the person's language (Japanese or English, by Accept-Language) saying so and what to
 * do, instead of a JSON error. No script; its one style block is allowed by its hash, nothing
 * else loads; it follows the system's light or dark theme and fits a narrow window.
 */
import { createHash } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { Lang } from '../shared/domain/errors';

const STYLE = `
:root{color-scheme:light dark;--bg:#f6f7f9;--surface:#fff;--border:#d5dae1;--text:#16181d;--text-2:#4a5260;--accent:#2450d6}
@media (prefers-color-scheme:dark){:root{--bg:#111318;--surface:#1a1d24;--border:#363c49;--text:#eceef2;--text-2:#a9b1bf;--accent:#7c9cff}}
*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:grid;place-items:center;padding:24px 16px;background:var(--bg);color:var(--text);
font:16px/1.6 system-ui,-apple-system,'Segoe UI','Hiragino Sans','Hiragino Kaku Gothic ProN','Yu Gothic UI',Meiryo,'Noto Sans CJK JP','Noto Sans JP',sans-serif}
main{width:100%;max-width:560px;background:var(--surface);border:1px solid var(--border);border-radius:16px;padding:24px}
.brand{display:flex;align-items:center;gap:8px;margin:0 0 16px;color:var(--text-2);font-size:14px}
.mark{display:inline-grid;place-items:center;width:28px;height:28px;border-radius:6px;background:var(--accent);color:var(--surface);font-weight:700}
h1{font-size:20px;line-height:1.4;margin:0 0 12px}
p{margin:0 0 12px}
p:last-child{margin-bottom:0}
.hint{color:var(--text-2);font-size:14px}
code{font-family:ui-monospace,'DejaVu Sans Mono',monospace;font-size:.95em}
`;

const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  `style-src 'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`,
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

/**
 * The page's words, each a whole sentence per language; the commands are set as code. (The
 * `link-used` error, for programs, says the same without naming the command.)
 */
const WORDS: Record<Lang, { title: string; what: string; tab: string }> = {
  en: {
    title: 'This address was already used',
    what: 'This Kikitori address was already used or has expired: each one opens Kikitori once. Open the newest address `npm start` printed in its terminal, or run `npm start` again for a new one.',
    tab: 'If Kikitori is already open in another tab, go on in that tab.',
  },
  ja: {
    title: 'このアドレスは使用済みです',
    what: 'この Kikitori のアドレスは使用済みか期限切れです（アドレスは一度しか使えません）。`npm start` がターミナルに最後に表示したアドレスを開くか、`npm start` をもう一度実行して新しいアドレスを受け取ってください。',
    tab: 'Kikitori をすでに別のタブで開いている場合は、そのタブで続けてください。',
  },
};

/**
 * The language the browser prefers of the two the page is written in: the first of Japanese or
 * English by the header's weights (English when it names neither).
 */
export function langOfAcceptLanguage(header: string | undefined): Lang {
  const ranked = (header ?? '')
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { tag: tag.trim().toLowerCase(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter(({ q }) => q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of ranked) {
    if (/^ja(-|$)/.test(tag)) return 'ja';
    if (/^en(-|$)/.test(tag)) return 'en';
  }
  return 'en';
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function linkUsedPage(lang: Lang): string {
  const words = WORDS[lang];
  const what = escapeHtml(words.what).replace(/`([^`]+)`/g, '<code>$1</code>');
  return (
    `<!doctype html><html lang="${lang}"><head><meta charset="utf-8">` +
    `<meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<meta name="referrer" content="no-referrer"><title>Kikitori — ${escapeHtml(words.title)}</title>` +
    `<style>${STYLE}</style></head><body><main data-testid="link-used">` +
    `<p class="brand"><span class="mark" aria-hidden="true">聞</span>Kikitori</p>` +
    `<h1>${escapeHtml(words.title)}</h1><p>${what}</p><p class="hint">${escapeHtml(words.tab)}</p>` +
    `</main></body></html>\n`
  );
}

/** Answers a used or expired one-time address with the page, 403, never cached. */
export function sendLinkUsed(res: ServerResponse, acceptLanguage: string | undefined): void {
  const lang = langOfAcceptLanguage(acceptLanguage);
  const body = linkUsedPage(lang);
  res.writeHead(403, {
    'Content-Type': 'text/html; charset=utf-8',
    'Content-Length': Buffer.byteLength(body),
    'Content-Language': lang,
    'Content-Security-Policy': CONTENT_SECURITY_POLICY,
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'Cross-Origin-Opener-Policy': 'same-origin',
    Vary: 'Accept-Language',
  });
  res.end(body);
}
