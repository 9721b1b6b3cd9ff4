import { ESLint } from 'eslint';
import { randomUUID } from 'node:crypto';
import { rm, writeFile } from 'node:fs/promises';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';

// Boundaries and hooks need no types: the examples are linted as text at made-up paths, which no
// TypeScript project holds, so the type-checked rules are left out here (proven apart below).
const eslint = new ESLint({
  cwd: process.cwd(),
  // The project's own type-aware rule goes with typescript-eslint's: its checker would be asked
  // about a file no program holds.
  overrideConfig: [
    tseslint.configs.disableTypeChecked,
    { rules: { 'kikitori/no-dropped-result': 'off' } },
  ],
});

/** The boundary messages ESLint reports for `code` placed at `filePath` (packages and layers). */
async function boundaryErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId === 'no-restricted-imports' || m.ruleId === 'kikitori/layers')
    .map((message) => message.message);
}

/** Lint refuses `code` at `filePath` with at least one message that says `message`. */
async function expectRefused(filePath: string, code: string, message: RegExp): Promise<void> {
  const errors = await boundaryErrors(filePath, code);
  expect(errors.length).toBeGreaterThanOrEqual(1);
  expect(errors.join('\n')).toMatch(message);
}

describe('import boundaries are enforced by lint', () => {
  it.each([
    ["import { ipcRenderer } from 'electron';", /only available in electron\/main/],
    ["import { readFile } from 'node:fs/promises';", /Node built-ins are not available/],
    ["import path from 'path';", /Node built-ins are not available/],
    ["import { handlers } from '../../../../core/core';", /act through the store/],
    ["import { startWebHost } from '../../../../web-host/server';", /act through the store/],
    ["import { x } from '../../../../electron/main/security';", /act through the store/],
    ["import { start } from '../../../../service/main';", /act through the store/],
  ])('renderer/: %s fails', async (code, message) => {
    await expectRefused('renderer/src/features/transcribe/Drop.tsx', code, message);
  });

  it.each([
    ["import { readFileSync } from 'fs';", /Node built-ins/],
    ["import { app } from 'electron';", /Electron is only available/],
    ["import React from 'react';", /may import zod and other shared\/ modules only/],
    ["import { x } from '../../core/x';", /imports only shared\/.*imports core\/x/],
    [
      "import { y } from '../../renderer/src/store';",
      /imports only shared\/.*renderer\/src\/store/,
    ],
    ["import { y } from '../../service/main';", /imports only shared\/.*service\/main/],
  ])('shared/: %s fails', async (code, message) => {
    await expectRefused('shared/api/example.ts', code, message);
  });

  it.each([
    ['core/jobs/example.ts', "import { app } from 'electron';", /Electron is only available/],
    ['core/jobs/example.ts', "import { app } from 'electron/main';", /Electron is only available/],
    ['core/example.ts', "import { x } from '../electron/main/security';", /host-agnostic/],
    ['core/jobs/example.ts', "import { x } from '../../web-host/server';", /host-agnostic/],
    ['core/jobs/example.ts', "import { x } from '../../service/service';", /share only shared/],
    ['web-host/example.ts', "import { app } from 'electron';", /Electron is only available/],
    ['web-host/example.ts', "import { x } from '../electron/main/security';", /host of its own/],
    ['web-host/example.ts', "import { x } from '../service/service';", /share only shared/],
    ['electron/main/example.ts', "import { x } from '../../service/service';", /share only/],
    ['electron/main/example.ts', "import { x } from '../../web-host/server';", /core\/ and shared/],
    ['electron/main/example.ts', "import { x } from '../preload/bridge';", /core\/ and shared/],
    ['scripts/example.mjs', "import { x } from '../core/core';", /stand alone/],
    [
      'scripts/cli-reference.ts',
      "import { x } from '../core/core';",
      /command line's own definitions/,
    ],
    // Rooms inside the core and the service.
    [
      'core/jobs/example.ts',
      "import { x } from '../handlers/jobs';",
      /stores never import handlers/,
    ],
    ['core/example.ts', "import { x } from './handlers';", /stores never import handlers/],
    ['core/storage/example.ts', "import { x } from '../jobs/job-journal';", /floor of the core/],
    [
      'core/api-client/example.ts',
      "import { x } from '../jobs/job-journal';",
      /HTTP and nothing else/,
    ],
    ['core/api-client/example.ts', "import { x } from '../clients';", /HTTP and nothing else/],
    ['core/media/media-tools.ts', "import { x } from '../jobs/job-journal';", /media modules/],
    ['core/media/media-file.ts', "import { x } from '../storage/atomic-json';", /media modules/],
    ['service/engine/example.ts', "import { x } from '../http/ids';", /not the interfaces/],
    [
      'service/engine/pocketsphinx/example.ts',
      "import { x } from '../../realtime/session';",
      /not the interfaces/,
    ],
    ['service/audio/example.ts', "import { x } from '../engine';", /knows audio only/],
    ['service/audio/example.ts', "import { x } from '../realtime/session';", /knows audio only/],
    ['cli/example.ts', "import { x } from '../web-host/server';", /command line is a host/],
    ['cli/example.ts', "import { x } from '../service/service';", /share only shared/],
    ['cli/example.ts', "import { app } from 'electron';", /Electron is only available/],
    // The command line reaches the core through its link, never its insides.
    ['cli/example.ts', "import { writeAll } from '../core/export/save';", /through its link/],
    [
      'cli/example.ts',
      "import { FolderWatchers } from '../core/watch/folder-watcher';",
      /through its link.*core\/watch\/folder-watcher/,
    ],
    ['cli/example.ts', "import type { Job } from '../core/jobs/job-journal';", /through its link/],
    // The window's rooms.
    [
      'renderer/src/store/example.ts',
      "import { JobRow } from '../features/jobs/JobRow';",
      /store never imports features/,
    ],
    [
      'renderer/src/features/jobs/Example.tsx',
      "import { hostBridge } from '../../host/bridge';",
      /only its slices call the host/,
    ],
    [
      'renderer/src/features/jobs/Example.tsx',
      "import { useBridge } from '../../host/use-bridge';",
      /only its slices call the host/,
    ],
    ['renderer/src/ui/example.tsx', "import { useApp } from '../store/store';", /leaf primitives/],
    ['renderer/src/ui/example.tsx', "import { x } from '../host/bridge';", /leaf primitives/],
    ['renderer/src/host/example.ts', "import { x } from '../ui/format';", /bridge to the main/],
    // A folder no layer names is refused whatever it imports: it must be classified first.
    ['tools/example.ts', 'export const x = 1;', /no layer names: classify it/],
    ['electron/other/example.ts', 'export const x = 1;', /no layer names: classify it/],
    ['service/http/example.ts', "import { app } from 'electron';", /Electron is only available/],
    ['service/http/example.ts', "import { Core } from '../../core/core';", /share only shared/],
    ['service/example.ts', "import { x } from '../web-host/server';", /share only shared/],
    [
      'electron/preload/example.ts',
      "import { CHANNELS } from '../../shared/ipc/contract';",
      /preload/,
    ],
    ['electron/preload/example.ts', "import { z } from 'zod';", /preload may import only/],
    ['electron/preload/example.ts', "import { Core } from '../../core/core';", /preload/],
  ])('%s: %s fails', async (file, code, message) => {
    await expectRefused(file, code, message);
  });

  it.each([
    [
      'renderer/src/app/App.tsx',
      "import { z } from 'zod';\nimport { encodeD } from '../../../shared/api';\nexport { z, encodeD };",
    ],
    [
      'shared/api/example.ts',
      // `domain`, `events`, `stream` are Node built-in names too: relative paths must not match them.
      "import { z } from 'zod';\nimport { LIMITS } from './codes';\nimport { x } from '../ipc/x';\nimport { y } from '../domain/job';\nimport { w } from '../events/w';\nexport { z, LIMITS, x, y, w };",
    ],
    ['core/example.ts', "import { readFile } from 'node:fs/promises';\nexport { readFile };"],
    ['core/core.ts', "import { handlersOf } from './handlers';\nexport { handlersOf };"],
    [
      'core/handlers/example.ts',
      "import { x } from './jobs';\nimport { y } from '../jobs/job-journal';\nexport { x, y };",
    ],
    [
      'core/api-client/example.ts',
      "import { fileReason } from '../errors';\nexport { fileReason };",
    ],
    [
      'core/media/media-tools.ts',
      "import { LIVE_AUDIO } from '../../shared/ipc/live';\nexport { LIVE_AUDIO };",
    ],
    ['service/engine/example.ts', "import { decode } from '../audio/decode';\nexport { decode };"],
    [
      'electron/preload/example.ts',
      "import { ipcRenderer } from 'electron';\nimport type { Channel } from '../../shared/ipc/contract';\nimport { CHANNEL_NAMES } from '../../shared/ipc/names';\nimport { b } from './bridge';\nexport type { Channel };\nexport { ipcRenderer, CHANNEL_NAMES, b };",
    ],
    [
      'electron/main/example.ts',
      "import { app } from 'electron';\nimport { Core } from '../../core/core';\nexport { app, Core };",
    ],
    [
      'cli/example.ts',
      "import { jobToFiles } from '../core/programs/job-files';\nimport type { CoreLink } from '../core/programs/program-link';\nimport { holdDataFolder } from '../core/host/host-start';\nimport { isEnded } from '../shared/domain/job';\nexport type { CoreLink };\nexport { jobToFiles, holdDataFolder, isEnded };",
    ],
    [
      'renderer/src/features/export/example.ts',
      "import type { ExportFile } from '../../host/download';\nimport { useApp } from '../../store/store';\nimport { ErrorBox } from '../../ui/error-box';\nexport type { ExportFile };\nexport { useApp, ErrorBox };",
    ],
    [
      'renderer/src/store/example.ts',
      "import type { Bridge } from '../host/bridge';\nimport { judgeFile } from './accept';\nexport type { Bridge };\nexport { judgeFile };",
    ],
  ])('allows what %s may use', async (file, code) => {
    expect(await boundaryErrors(file, code)).toEqual([]);
  });
});

describe('the audio thread and the Worker are held to their own scope', () => {
  const scopeErrors = async (filePath: string, code: string) => {
    const [result] = await eslint.lintText(code, { filePath });
    return (result?.messages ?? [])
      .filter((m) => m.ruleId === 'no-restricted-globals')
      .map((m) => m.message);
  };
  const worklet = 'renderer/src/features/live/capture/capture-core.ts';
  const worker = 'renderer/src/host/live-relay.ts';

  it.each([
    [
      worklet,
      'export const x = document.title;',
      /runs in an AudioWorklet, which has no `document`/,
    ],
    [
      worklet,
      'export const t = setTimeout(() => {}, 1);',
      /AudioWorklet, which has no `setTimeout`/,
    ],
    [worklet, 'export const s = localStorage;', /AudioWorklet, which has no `localStorage`/],
    [worker, 'export const x = document.title;', /a dedicated Worker, which has no `document`/],
    [worker, 'export const w = window;', /a dedicated Worker, which has no `window`/],
  ])('%s: %s fails', async (file, code, message) => {
    const errors = await scopeErrors(file, code);
    expect(errors.join('\n')).toMatch(message);
  });

  it.each([
    [worklet, 'export const r = sampleRate + currentFrame;\nconsole.log(Math.max(r, 1));'],
    [
      worker,
      'export const t = setTimeout(() => {}, 1);\nexport const w = new WebSocket("ws://x");\nexport const s = self;',
    ],
    [
      'renderer/src/features/live/LiveScreen.tsx',
      'export const x = document.title + String(setTimeout);',
    ],
  ])('allows what %s has', async (file, code) => {
    expect(await scopeErrors(file, code)).toEqual([]);
  });
});

describe('React hooks are checked in the window', () => {
  it.each([
    [
      'a hook called conditionally',
      "import { useState } from 'react';\nexport function A({ on }: { on: boolean }) {\n  if (on) useState(0);\n  return null;\n}\n",
      'react-hooks/rules-of-hooks',
    ],
    [
      'an effect missing what it reads',
      "import { useEffect } from 'react';\nexport function A({ n }: { n: number }) {\n  useEffect(() => console.log(n), []);\n  return null;\n}\n",
      'react-hooks/exhaustive-deps',
    ],
    [
      'a ref written during render',
      "import { useRef } from 'react';\nexport function A({ n }: { n: number }) {\n  const r = useRef(0);\n  r.current = n;\n  return null;\n}\n",
      'react-hooks/refs',
    ],
  ])('%s fails', async (_what, code, rule) => {
    const [result] = await eslint.lintText(code, {
      filePath: 'renderer/src/features/jobs/Example.tsx',
    });
    expect((result?.messages ?? []).map((m) => m.ruleId)).toContain(rule);
  });
});

describe('type-checked rules', () => {
  /** The rule ids full lint reports for `code` written, for the run, as a real window file. */
  async function typedErrors(code: string): Promise<string[]> {
    const path = `renderer/src/features/jobs/lint-probe-${randomUUID()}.tsx`;
    await writeFile(path, code);
    try {
      const [result] = await new ESLint({ cwd: process.cwd() }).lintFiles([path]);
      return (result?.messages ?? []).map((m) => `${m.ruleId}: ${m.message}`);
    } finally {
      await rm(path, { force: true });
    }
  }
  const component = (body: string) =>
    `import { useApp } from '../../store/store';\nimport { errorOf } from '../../store/result';\nexport function Probe({ id }: { id: string }) {\n  const retryJob = useApp((s) => s.retryJob);\n  const show = (e: unknown) => e;\n  ${body}\n  return null;\n}\n`;

  it.each([
    [
      'an action whose Result is dropped with void',
      'void retryJob(id);',
      /kikitori\/no-dropped-result: This drops a Result \(a promise of one\)/,
    ],
    [
      'an action called as a bare statement',
      'retryJob(id);',
      /@typescript-eslint\/no-floating-promises|kikitori\/no-dropped-result/,
    ],
    [
      'a sync Result dropped',
      'void ({ ok: true, data: 1 } as { ok: true; data: number } | { ok: false; error: string });',
      /kikitori\/no-dropped-result: This drops a Result:/,
    ],
    [
      'a promise passed where a function returns nothing',
      'const f: () => void = async () => retryJob(id);\n  f();',
      /no-misused-promises/,
    ],
    [
      'an any flowing into a typed value',
      'const n: number = JSON.parse("1");\n  show(n);',
      /no-unsafe-assignment/,
    ],
  ])('%s fails', async (_what, body, message) => {
    expect((await typedErrors(component(body))).join('\n')).toMatch(message);
  });

  it('a handled Result passes', async () => {
    expect(
      await typedErrors(component('void retryJob(id).then((r) => show(errorOf(r)));')),
    ).toEqual([]);
  });
});
