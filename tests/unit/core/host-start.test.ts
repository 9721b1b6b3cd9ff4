/**
 * The start-up every host and the command line share (core/host/host-start.ts): one data folder
 * from the same rule, one language from the locale, and one hand-over decision for a host that
 * finds the folder held, whichever host starts.
 */
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dataDirFrom, handOverTo, processLang } from '../../../core/host/host-start';
import { errorText } from '../../../shared/domain/error-text';

afterEach(() => vi.unstubAllEnvs());

describe('start-up', () => {
  it('takes the data folder from --data, else KIKITORI_DATA_DIR, else the XDG default, whole', () => {
    vi.stubEnv('KIKITORI_DATA_DIR', '');
    vi.stubEnv('XDG_DATA_HOME', '');
    expect(dataDirFrom()).toBe(join(homedir(), '.local/share/kikitori/app'));
    vi.stubEnv('XDG_DATA_HOME', '/srv/data');
    expect(dataDirFrom()).toBe('/srv/data/kikitori/app');
    vi.stubEnv('KIKITORI_DATA_DIR', 'relative/folder');
    expect(dataDirFrom()).toBe(resolve('relative/folder'));
    expect(dataDirFrom('given')).toBe(resolve('given'));
  });

  it('speaks the locale’s language, LC_ALL first', () => {
    expect(processLang({ LANG: 'ja_JP.UTF-8' })).toBe('ja');
    expect(processLang({ LANG: 'ja_JP.UTF-8', LC_ALL: 'en_US.UTF-8' })).toBe('en');
    expect(processLang({})).toBe('en');
  });

  it('hands over to a window or browser mode, and refuses the rest with a sentence', () => {
    const dataDir = '/home/me/kikitori';
    expect(handOverTo(dataDir, { kind: 'window', pid: 41 })).toEqual({ kind: 'window', pid: 41 });
    expect(handOverTo(dataDir, { kind: 'browser', url: 'http://127.0.0.1:5/' })).toEqual({
      kind: 'browser',
      url: 'http://127.0.0.1:5/',
    });
    const refused = (running: Parameters<typeof handOverTo>[1]) => {
      const to = handOverTo(dataDir, running);
      if (to.kind !== 'refused') throw new Error(`handed over to ${to.kind}`);
      return to.error.error;
    };
    expect(refused({ kind: 'command', pid: 7 })).toMatchObject({
      code: 'data-held-by-command',
      params: { pid: 7, path: dataDir },
    });
    expect(refused({ kind: 'impostor', url: 'http://127.0.0.1:6/' })).toMatchObject({
      code: 'handover-refused',
    });
    const silent = refused(undefined);
    expect(silent).toMatchObject({ code: 'app-running', params: { path: dataDir } });
    expect(errorText(silent, 'ja')).toMatch(/[\u3040-\u30ff]/);
    expect(errorText(silent, 'en')).toContain(dataDir);
  });
});
