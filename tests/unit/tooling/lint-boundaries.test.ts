import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: process.cwd() });

/** The restricted-import messages ESLint reports for `code` placed at `filePath`. */
async function boundaryErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'no-restricted-imports')
    .map((message) => message.message);
}

describe('import boundaries are enforced by lint', () => {
  it.each([
    ["import { ipcRenderer } from 'electron';", /only available in electron\/main/],
    ["import { readFile } from 'node:fs/promises';", /Node built-ins are not available/],
    ["import path from 'path';", /Node built-ins are not available/],
    [
      "import { handlers } from '../../../electron/core/handlers';",
      /only through src\/lib\/bridge/,
    ],
    ["import { start } from '../../service/main';", /only through the main process/],
  ])('renderer/: %s fails', async (code, message) => {
    const errors = await boundaryErrors('renderer/src/features/transcribe/Drop.tsx', code);
    expect(errors.length).toBeGreaterThanOrEqual(1);
    expect(errors.join('\n')).toMatch(message);
  });

  it.each([
    ["import { readFileSync } from 'fs';", /Node built-ins/],
    ["import { app } from 'electron';", /Electron is only available/],
    ["import React from 'react';", /may import zod and other shared\/ modules only/],
    ["import { x } from '../../electron/core/x';", /may not import from electron\//],
    ["import { y } from '../../renderer/src/store';", /may not import from electron\/, renderer\//],
  ])('shared/: %s fails', async (code, message) => {
    const errors = await boundaryErrors('shared/api/example.ts', code);
    expect(errors.length).toBeGreaterThanOrEqual(1);
    expect(errors.join('\n')).toMatch(message);
  });

  it('allows what each environment may use', async () => {
    expect(
      await boundaryErrors(
        'renderer/src/app/App.tsx',
        "import { z } from 'zod';\nimport { encodeD } from '../../../shared/api';\nexport { z, encodeD };",
      ),
    ).toEqual([]);
    expect(
      await boundaryErrors(
        'shared/api/example.ts',
        // `domain`, `events`, `stream` are Node built-in names too: relative paths must not match them.
        "import { z } from 'zod';\nimport { LIMITS } from './codes';\nimport { x } from '../ipc/x';\nimport { y } from '../domain/job';\nimport { w } from '../events/w';\nexport { z, LIMITS, x, y, w };",
      ),
    ).toEqual([]);
    expect(
      await boundaryErrors(
        'electron/core/example.ts',
        "import { readFile } from 'node:fs/promises';\nexport { readFile };",
      ),
    ).toEqual([]);
  });
});
