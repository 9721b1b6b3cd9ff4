/**
 * Electronegativity (Doyensec's checker for Electron misconfigurations and anti-patterns) over the
 * Electron host, electron/main and electron/preload: no high-severity finding, and every finding
 * left is one listed below with the reason it is not a weakness here.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

interface Finding {
  id: string;
  file: string;
  severity: { name: 'INFORMATIONAL' | 'LOW' | 'MEDIUM' | 'HIGH' };
  location: { line: number };
}
type Run = (options: {
  input: string;
  isRelative: boolean;
  electronVersionOverride: string;
  excludeFromScan: string[];
}) => Promise<{ issues: Finding[]; errors: Array<{ file: string; message: string }> }>;

const require = createRequire(import.meta.url);
const electronegativity = require('@doyensec/electronegativity') as Run;
const ELECTRON_VERSION = (require('electron/package.json') as { version: string }).version;

function scan(input: string) {
  return electronegativity({
    input,
    isRelative: true,
    electronVersionOverride: ELECTRON_VERSION,
    // Compares the version with Electron's release list from GitHub: needs the network, and
    // the pinned version is the lead's choice (package.json), not a property of this code.
    excludeFromScan: ['AvailableSecurityFixesGlobalCheck'],
  });
}

/**
 * The findings that stay, each reviewed:
 * - CSP_GLOBAL_CHECK: the tool looks for a CSP in HTML or in onHeadersReceived; Kikitori sends it
 *   as a header on every app:// answer (core/host/renderer-files.ts rendererHeaders, used by main.ts's
 *   protocol handler), and tests/security/browser.test.ts proves it in Chromium.
 * - OPEN_EXTERNAL_JS_CHECK (main.ts): shell.openExternal gets only http(s) URLs that
 *   setWindowOpenHandler let through isExternalLink (security.ts, unit-tested); navigation away
 *   from app:// is blocked. (Handing a start over to a browser-mode instance opens a user-only
 *   page with shell.openPath, never the address itself: core/host/open-page.ts.)
 * - PRELOAD_JS_CHECK (security.ts): the preload is the app's one bridge; it runs sandboxed with
 *   context isolation and exposes only the contract's named channels (electron/preload/bridge.ts,
 *   tests/unit/electron/electron-host.test.ts).
 */
const REVIEWED = [
  'CSP_GLOBAL_CHECK N/A',
  'OPEN_EXTERNAL_JS_CHECK main/main.ts',
  'PRELOAD_JS_CHECK main/security.ts',
];

let bad: string | undefined;
afterAll(async () => {
  if (bad) await rm(bad, { recursive: true, force: true });
});

describe('Electronegativity', () => {
  it('finds nothing of high severity in electron/, and only the reviewed findings', async () => {
    const { issues, errors } = await scan('electron');
    expect(errors).toEqual([]);
    expect(issues.filter((i) => i.severity.name === 'HIGH')).toEqual([]);
    expect(issues.map((i) => `${i.id} ${i.file}`).sort()).toEqual(REVIEWED);
  });

  it('does report a window without context isolation (the scan sees TypeScript)', async () => {
    bad = await mkdtemp(join(tmpdir(), 'kikitori-eng-'));
    await writeFile(
      join(bad, 'window.ts'),
      "import { BrowserWindow } from 'electron';\nconst open = (path: string): BrowserWindow =>\n  new BrowserWindow({ webPreferences: { preload: path, contextIsolation: false } });\nexport { open };\n",
    );
    const { issues } = await scan(bad);
    expect(issues).toContainEqual(
      expect.objectContaining({
        id: 'CONTEXT_ISOLATION_JS_CHECK',
        severity: expect.objectContaining({ name: 'HIGH' }),
      }),
    );
  });
});
