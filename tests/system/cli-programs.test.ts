/**
 * `kikitori program-key` and `kikitori serve` as a person runs them (the package's bin): a key
 * made from a terminal (printed once, --json `{"key","name"}`), listed and revoked; `serve`
 * holds the data folder and answers OpenAI's API at the base URL it prints and writes to
 * instance.json, with that key, until SIGTERM.
 */
import { spawn } from 'node:child_process';
import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeDir, tempDir } from '../support/service-process';

const ENV = {
  ...process.env,
  DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/bus',
  LANG: 'C.UTF-8',
  LC_ALL: '',
};

function kikitori(args: readonly string[]) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    const child = spawn(process.execPath, ['scripts/kikitori.mjs', ...args], { env: ENV });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

let dataDir: string;
beforeAll(async () => {
  dataDir = await tempDir('kikitori-cli-programs-');
});
afterAll(() => removeDir(dataDir));

describe('kikitori program-key', () => {
  it('makes a key shown once, lists it by name, and revokes it', async () => {
    const made = await kikitori([
      '--data',
      dataDir,
      '--json',
      'program-key',
      'new',
      '--name',
      'Notes',
    ]);
    expect(made.code).toBe(0);
    const { key, name } = JSON.parse(made.stdout.trim()) as { key: string; name: string };
    expect(name).toBe('Notes');
    expect(key).toMatch(/^kkp-/);
    expect(await readFile(join(dataDir, 'program-keys.json'), 'utf8')).not.toContain(key);

    const taken = await kikitori(['--data', dataDir, 'program-key', 'new', '--name', 'Notes']);
    expect(taken.code).toBe(1);
    expect(taken.stderr).toContain('a key of that name exists already');

    const listed = await kikitori(['--data', dataDir, 'program-key', 'list']);
    expect(listed.code).toBe(0);
    expect(listed.stdout).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d {2}never used\s+Notes$/m);

    expect((await kikitori(['--data', dataDir, 'program-key', 'revoke', 'Notes'])).code).toBe(0);
    const again = await kikitori(['--data', dataDir, 'program-key', 'revoke', 'Notes']);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('no key has that name');
    expect((await kikitori(['--data', dataDir, '--json', 'program-key', 'list'])).stdout).toContain(
      '"keys":[]',
    );
  });
});

describe('kikitori serve', () => {
  it('answers OpenAI’s API at the base URL it prints, until SIGTERM', async () => {
    const made = await kikitori([
      '--data',
      dataDir,
      '--json',
      'program-key',
      'new',
      '--name',
      'Bot',
    ]);
    const { key } = JSON.parse(made.stdout.trim()) as { key: string };
    const child = spawn(process.execPath, ['scripts/kikitori.mjs', '--data', dataDir, 'serve'], {
      env: ENV,
    });
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    try {
      const url = await new Promise<string>((resolve) =>
        createInterface({ input: child.stdout }).on('line', (line) => {
          const match = /(http:\/\/127\.0\.0\.1:\d+\/v1)/.exec(line);
          if (match) resolve(match[1]!);
        }),
      );
      const instance = JSON.parse(await readFile(join(dataDir, 'instance.json'), 'utf8')) as {
        data: { host: string; openaiBaseUrl: string };
      };
      expect(instance.data).toMatchObject({ host: 'command', openaiBaseUrl: url });
      const models = await fetch(`${url}/models`, { headers: { Authorization: `Bearer ${key}` } });
      expect(models.status).toBe(200);
      expect(((await models.json()) as { data: { id: string }[] }).data.map((m) => m.id)).toContain(
        'whisper-1',
      );
      // A second serve goes through the first and names its address.
      const second = await kikitori(['--data', dataDir, 'serve']);
      expect(second.code).toBe(0);
      expect(second.stdout).toContain(url);
    } finally {
      child.kill('SIGTERM');
    }
    expect(await exited).toBe(0);
    await expect(stat(join(dataDir, 'instance.json'))).rejects.toMatchObject({ code: 'ENOENT' });
  }, 120_000);
});
