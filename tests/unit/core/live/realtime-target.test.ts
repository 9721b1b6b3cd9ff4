/** The realtime endpoint and `s` line of a connection (core/live/realtime-target.ts). */
import { describe, expect, it } from 'vitest';
import { realtimeUrlOf, startLineOf } from '../../../../core/live/realtime-target';
import { parseCommand } from '../../../../shared/api';
import { BUILT_IN_CONNECTIONS, type Connection } from '../../../../shared/domain/connection';
import { AppFailure } from '../../../../shared/domain/errors';

const [LOCAL, CLOUD] = BUILT_IN_CONNECTIONS as [Connection, Connection];
const local = (over: Partial<Connection> = {}): Connection => ({
  ...LOCAL,
  baseUrl: 'http://127.0.0.1:43117',
  ...over,
});

const failureOf = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    if (error instanceof AppFailure) return error.error;
    throw error;
  }
  throw new Error('did not throw');
};

describe('realtimeUrlOf', () => {
  it('the cloud: wss on its own host, /v1/ logged, /v1/nolog/ not (docs/api.md §9)', () => {
    expect(realtimeUrlOf(CLOUD)).toBe('wss://acp-api.amivoice.com/v1/');
    expect(realtimeUrlOf({ ...CLOUD, logging: false })).toBe(
      'wss://acp-api.amivoice.com/v1/nolog/',
    );
  });

  it('the local service: ws on its port; a path or a trailing slash in the base URL is not kept', () => {
    expect(realtimeUrlOf(local())).toBe('ws://127.0.0.1:43117/v1/nolog/');
    expect(realtimeUrlOf(local({ logging: true, baseUrl: 'http://127.0.0.1:43117/' }))).toBe(
      'ws://127.0.0.1:43117/v1/',
    );
    expect(realtimeUrlOf(local({ baseUrl: 'http://localhost:9/v1/recognize' }))).toBe(
      'ws://localhost:9/v1/nolog/',
    );
  });

  it('a local service that is not running, or an address that is not http(s), is an error', () => {
    expect(failureOf(() => realtimeUrlOf(LOCAL))).toMatchObject({
      code: 'network',
      params: { reason: 'not-running' },
    });
    expect(failureOf(() => realtimeUrlOf(local({ baseUrl: 'ftp://x' }))).code).toBe(
      'invalid-input',
    );
    expect(failureOf(() => realtimeUrlOf(local({ baseUrl: 'not a url' }))).code).toBe(
      'invalid-input',
    );
  });
});

describe('startLineOf', () => {
  it('s LSB16K <engine> authorization=<key>, read back by the grammar', () => {
    const line = startLineOf(local(), 'k3y');
    expect(line).toBe(`s LSB16K ${LOCAL.engine} authorization=k3y`);
    expect(parseCommand(line)).toEqual({
      ok: true,
      data: {
        kind: 's',
        audioFormat: 'LSB16K',
        grammars: [LOCAL.engine],
        params: { authorization: 'k3y' },
      },
    });
  });

  it('the profile (read-only, as in d) and the settings s takes, in the Python client order', () => {
    const line = startLineOf(
      {
        ...CLOUD,
        profileId: 'my-words',
        settings: {
          keepFillerToken: '1',
          resultUpdatedInterval: '200',
          segmenterProperties: 'threshold=5000 preTime=100',
          // Async-only: not for s.
          speakerDiarization: 'True',
          loggingOptOut: 'True',
          // Never from a stray setting: the connection's own.
          authorization: 'other',
          profileId: 'other',
        },
      },
      'key with "quote"',
    );
    expect(line).toBe(
      `s LSB16K ${CLOUD.engine} profileId=:my-words segmenterProperties="threshold=5000 preTime=100" keepFillerToken=1 resultUpdatedInterval=200 authorization="key with ""quote"""`,
    );
    const parsed = parseCommand(line);
    expect(parsed.ok && parsed.data.kind === 's' && parsed.data.params).toEqual({
      profileId: ':my-words',
      segmenterProperties: 'threshold=5000 preTime=100',
      keepFillerToken: '1',
      resultUpdatedInterval: '200',
      authorization: 'key with "quote"',
    });
  });

  it('a setting no service could read back is the person’s to fix, not a crash', () => {
    expect(failureOf(() => startLineOf(local({ settings: { 'bad key': '1' } }), 'k')).code).toBe(
      'invalid-input',
    );
  });
});
