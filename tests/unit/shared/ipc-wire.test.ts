/**
 * Bytes on the wire (shared/ipc/wire.ts): a rendered export's bytes are bytes in one process and
 * base64 only on a JSON wire, encoded by the server and decoded by the client to the same bytes;
 * every other channel goes as it is; a wire answer whose bytes are not base64 is no answer.
 */
import { describe, expect, it } from 'vitest';
import { CHANNELS, type Result } from '../../../shared/ipc/contract';
import { BYTES_ON_WIRE, fromWire, toWire } from '../../../shared/ipc/wire';

const bytes = new Uint8Array([0, 1, 2, 250, 255, 0x0a]);
const rendered: Result<unknown> = {
  ok: true,
  data: {
    files: [{ fileName: 'talk.srt', format: 'srt', mediaType: 'application/x-subrip', bytes }],
  },
};

describe('bytes on a JSON wire', () => {
  it('go as base64 and come back as the same bytes', () => {
    const wire = toWire('export:render', rendered);
    const text = JSON.stringify(wire);
    expect(text).toContain(`"bytes":"${Buffer.from(bytes).toString('base64')}"`);
    const back = fromWire('export:render', JSON.parse(text) as Result<unknown>);
    expect(back).toEqual(rendered);
    expect((back as { data: { files: { bytes: unknown }[] } }).data.files[0]!.bytes).toBeInstanceOf(
      Uint8Array,
    );
  });

  it('leave every other channel, and every failure, as they are', () => {
    const jobs: Result<unknown> = { ok: true, data: { jobs: [{ id: 'a', bytes: 'not ours' }] } };
    expect(toWire('jobs:list', jobs)).toBe(jobs);
    expect(fromWire('jobs:list', jobs)).toBe(jobs);
    const failed: Result<unknown> = {
      ok: false,
      error: { code: 'not-found', params: { what: 'job', id: 'x' } },
    };
    expect(toWire('export:render', failed)).toBe(failed);
    expect(fromWire('export:render', failed)).toBe(failed);
  });

  it('take no answer whose bytes are not base64', () => {
    const bad: Result<unknown> = {
      ok: true,
      data: {
        files: [{ fileName: 'a.txt', format: 'txt', mediaType: 'text/plain', bytes: '../..' }],
      },
    };
    expect(fromWire('export:render', bad)).toBeUndefined();
  });

  it('code each channel by the contract’s own output schema', () => {
    for (const [channel, schema] of Object.entries(BYTES_ON_WIRE))
      expect(CHANNELS[channel as keyof typeof CHANNELS].output).toBe(schema);
  });
});
