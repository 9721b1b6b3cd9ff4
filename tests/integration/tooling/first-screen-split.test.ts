/**
 * The first screen's weight: the window's page loads Transcribe's
 * code and what it needs, and nothing of the screens that load when opened (Live, Jobs,
 * Dictionary, Settings, the viewer) nor of the libraries and strings only they use; its
 * JavaScript stays within 150 KB gzip, measured as `npm run bench` (w1) measures it. Real Vite
 * with the window's own config, in memory (dist/ is not touched).
 */
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { build, type Rollup } from 'vite';

/** What the page loads before its first screen: its scripts, modulepreloads and their imports. */
function eagerChunks(output: Rollup.RollupOutput['output']) {
  const html = output.find((o) => o.fileName === 'index.html');
  if (html?.type !== 'asset') throw new Error('the build wrote no index.html');
  const chunks = new Map(
    output.flatMap((o) => (o.type === 'chunk' ? [[o.fileName, o] as const] : [])),
  );
  const named = [
    ...String(html.source).matchAll(/<(?:script|link)[^>]*\s(?:src|href)="\.\/([^"]+\.js)"/g),
  ].map((m) => m[1]!);
  const eager = new Set<string>();
  const visit = (file: string) => {
    if (eager.has(file)) return;
    eager.add(file);
    for (const next of chunks.get(file)?.imports ?? []) visit(next);
  };
  named.forEach(visit);
  return { named, eager: [...eager].map((file) => chunks.get(file)!), chunks };
}

describe('the first screen', () => {
  it('loads none of the screens that load when opened', async () => {
    // The build the hosts serve: vitest's NODE_ENV (test) would keep React's development code.
    const nodeEnv = process.env.NODE_ENV;
    process.env.NODE_ENV = 'production';
    const result = await build({
      configFile: 'vite.config.ts',
      mode: 'production',
      logLevel: 'silent',
      build: { write: false, emptyOutDir: false },
    }).finally(() => (process.env.NODE_ENV = nodeEnv));
    const { output } = (Array.isArray(result) ? result[0] : result) as Rollup.RollupOutput;
    const { named, eager, chunks } = eagerChunks(output);
    const modules = eager.flatMap((chunk) => chunk.moduleIds);

    // Transcribe is there; each later screen is a chunk of its own, loaded by import().
    expect(modules.some((id) => id.endsWith('features/transcribe/TranscribeView.tsx'))).toBe(true);
    for (const screen of [
      'features/jobs/JobsView.tsx',
      'features/dictionary/DictionaryView.tsx',
      'features/settings/SettingsView.tsx',
      'features/viewer/TranscriptView.tsx',
    ]) {
      const chunk = [...chunks.values()].find((c) => c.moduleIds.some((id) => id.endsWith(screen)));
      expect(chunk?.isDynamicEntry, screen).toBe(true);
    }
    // Nor their code, their libraries or their strings (Jobs', Live's and the viewer's too, the
    // corrections' and the saving of exports, and Radix's tabs, which only the viewer uses: the
    // sections are ui/tabs), by a static import or a modulepreload; nor the calls' notices and
    // their strings (with the first notice), nor the errors' sentences (fetched after the start).
    const later = modules.filter((id) =>
      /renderer\/src\/(features\/(jobs|dictionary|settings|keys|viewer|live|export)\/|features\/calls\/CallNotices\.tsx|i18n\/(en|ja)-(dictionary-settings|jobs|live|viewer|calls)\.ts|host\/download\.ts)|shared\/domain\/(edit(s|-ops|-apply)\.ts|error-text\/((en|ja|index)\.ts|(en|ja)\/))|node_modules\/(@radix-ui\/react-(tooltip|dialog|alert-dialog|dropdown-menu|tabs|roving-focus)|@floating-ui|@tanstack)\//.test(
        id,
      ),
    );
    // Except the rules of a dictionary row, which the store's dictionary slice checks edits with.
    // Their stylesheets are theirs too: none is in the first screen's.
    expect(later.filter((id) => !id.endsWith('features/dictionary/word-rows.ts'))).toEqual([]);
    expect(named.every((file) => eager.some((chunk) => chunk.fileName === file))).toBe(true);
    // What all that weighs: the eager chunks gzipped at level 9, as the bench's (w1).
    const gzipKb =
      eager.reduce((sum, chunk) => sum + gzipSync(chunk.code, { level: 9 }).length, 0) / 1024;
    expect(gzipKb, `${gzipKb.toFixed(1)} KB gzip`).toBeLessThanOrEqual(150);
    // The window's own styles, the shell's and Transcribe's load with it; a later screen's load
    // with its chunk (its narrow-window rules at the end of its own sheet, so loading after the
    // window's undoes none of them), as do the dialogs' and menus', which only later screens draw.
    for (const sheet of [
      'styles/tokens.css',
      'styles/base.css',
      'ui/buttons.css',
      'app/shell.css',
      'features/transcribe/transcribe.css',
      // Transcribe cuts a long file name in the middle, as Jobs does.
      'ui/middle-cut.css',
    ])
      expect(
        modules.some((id) => id.endsWith(`renderer/src/${sheet}`)),
        sheet,
      ).toBe(true);
    const laterSheets = modules.filter((id) => /\/ui\/(dialogs|menu|copy)\.css$/.test(id));
    expect(laterSheets).toEqual([]);
    for (const [screen, sheet] of [
      ['features/jobs/JobsView.tsx', 'features/jobs/jobs.css'],
      ['features/dictionary/DictionaryView.tsx', 'features/dictionary/dictionary.css'],
      ['features/settings/SettingsView.tsx', 'features/settings/settings.css'],
      ['features/settings/SettingsView.tsx', 'features/keys/keys.css'],
      ['features/viewer/TranscriptView.tsx', 'features/viewer/viewer.css'],
    ] as const) {
      const chunk = [...chunks.values()].find((c) => c.moduleIds.some((id) => id.endsWith(screen)));
      expect(
        chunk?.moduleIds.some((id) => id.endsWith(`renderer/src/${sheet}`)),
        `${sheet} loads with ${screen}`,
      ).toBe(true);
      expect(chunk?.viteMetadata?.importedCss.size, screen).toBeGreaterThan(0);
    }

    // zod's jitless setting runs before any schema is built: it shares zod's own chunk, which
    // every chunk that builds a schema imports (else a schema probes eval() and the CSP reports it).
    const zod = [...chunks.values()].find((c) =>
      c.moduleIds.some((id) => id.endsWith('renderer/src/host/zod-config.ts')),
    )!;
    expect(zod.moduleIds.filter((id) => !/node_modules\/zod\/|zod-config\.ts$/.test(id))).toEqual(
      [],
    );
    expect(
      [...chunks.values()].filter(
        (c) => c !== zod && c.moduleIds.some((id) => id.includes('node_modules/zod/')),
      ),
    ).toEqual([]);
  }, 120_000);
});
