import { describe, expect, it } from 'vitest';
import { BUILT_IN_CONNECTIONS } from '../../../shared/domain/connection';
import {
  connectionProblems,
  urlProblem,
} from '../../../renderer/src/features/settings/connection-form';

const cloud = BUILT_IN_CONNECTIONS.find((c) => c.kind === 'cloud')!;

describe('connection checks', () => {
  it('takes https anywhere and plain http only to this machine', () => {
    expect(urlProblem('https://acp-api.amivoice.com')).toBeUndefined();
    expect(urlProblem('http://127.0.0.1:8080')).toBeUndefined();
    expect(urlProblem('http://localhost:8080/v1')).toBeUndefined();
    expect(urlProblem('http://[::1]:8080')).toBeUndefined();
    expect(urlProblem('http://speech.example.com')).toBe('settings.urlHttps');
    expect(urlProblem('http://127.0.0.1.example.com')).toBe('settings.urlHttps');
    expect(urlProblem('ftp://example.com')).toBe('settings.urlInvalid');
    expect(urlProblem('acp-api.amivoice.com')).toBe('settings.urlInvalid');
  });

  it('checks a new connection’s id, name, URLs and engine; the local one has no URLs to check', () => {
    expect(connectionProblems(cloud, { existingIds: ['local', 'cloud'], isNew: false })).toEqual(
      {},
    );
    expect(
      connectionProblems(
        { ...cloud, id: 'Cloud', name: ' ', baseUrl: 'http://x.example', engine: 'general' },
        { existingIds: [], isNew: true },
      ),
    ).toEqual({
      id: { key: 'settings.idInvalid' },
      name: { key: 'settings.nameEmpty' },
      baseUrl: { key: 'settings.urlHttps' },
      engine: { key: 'settings.engineInvalid' },
    });
    expect(
      connectionProblems({ ...cloud, id: 'cloud' }, { existingIds: ['cloud'], isNew: true }),
    ).toEqual({
      id: { key: 'settings.idTaken', id: 'cloud' },
    });
    const local = BUILT_IN_CONNECTIONS.find((c) => c.kind === 'local')!;
    expect(connectionProblems(local, { existingIds: [], isNew: false })).toEqual({});
  });
});
