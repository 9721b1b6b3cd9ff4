/**
 * What the core answers when a request names something that is not there: a code and values
 * that render in either language, never a bare exception turned into `internal`.
 */
import { describe, expect, it } from 'vitest';
import { PROGRAM } from '../../../core/core';
import { openKeyStore } from '../../../core/key-store/key-store';
import { type AppError } from '../../../shared/domain/errors';
import { errorText } from '../../../shared/domain/error-text';
import { useOfflineCore } from '../../support/hooks';

const core = useOfflineCore('kikitori-core-errors-');

async function refusal(channel: string, input: unknown): Promise<AppError> {
  const result = await core.dispatch(channel, input, PROGRAM);
  if (result.ok) throw new Error(`${channel} succeeded`);
  return result.error;
}

describe('core errors', () => {
  it('names what is missing with a code and values', async () => {
    expect(await refusal('connections:setActive', { id: 'nowhere' })).toEqual({
      code: 'no-connection',
      params: { connection: 'nowhere' },
    });
    expect(await refusal('jobs:get', { id: 'job-42' })).toEqual({
      code: 'not-found',
      params: { what: 'job', id: 'job-42' },
    });
    expect(await refusal('keys:reveal', { id: 'key-1' })).toEqual({
      code: 'not-found',
      params: { what: 'key' },
    });
    const file = await refusal('transcribe:files', { paths: ['/nonexistent/talk.wav'] });
    expect(file).toMatchObject({
      code: 'file',
      params: { path: '/nonexistent/talk.wav', reason: 'missing' },
      detail: expect.stringMatching(/ENOENT/),
    });
    expect(errorText(file, 'ja')).toBe(
      'talk.wav を読めません（存在しません）。ファイルがあり、読み取れるかを確認してください。',
    );
  });

  it('reports a keychain that fails an operation as a keychain error with its words', async () => {
    const store = await openKeyStore(async () => ({
      findCredentials: async () => [],
      getPassword: async () => null,
      deletePassword: async () => false,
      setPassword: async () => {
        throw new Error('Cannot create an item in a locked collection');
      },
    }));
    expect(store.kind).toBe('keychain');
    await expect(
      store.add({ label: 'l', key: 'k-123456', connection: 'local', service: { kind: 'local' } }),
    ).rejects.toMatchObject({
      error: {
        code: 'keychain',
        params: {},
        detail: 'saving a key: Cannot create an item in a locked collection',
      },
    });
  });
});
