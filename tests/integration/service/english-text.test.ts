/**
 * The local engine's English as the cloud writes it (docs/api.md §3): a capital
 * at the start of each utterance, "I" in capitals, and a full stop at its end as a token of its
 * own (`spoken` `_`, on the word before it in `text`), alike in sync, async and realtime results,
 * against the real service, the real engine and real audio.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  jobStatusSchema,
  LOCAL_ENGINE,
  syncResponseSchema,
  utterancesOfJob,
  type Utterance,
} from '../../../shared/api';
import { DEFAULT_FIXTURES_DIR } from '../../fixtures/build';
import { useService } from '../../support/hooks';
import { multipart, rawRequest } from '../../support/service-process';
import { until } from '../../support/until';
import { sendAudio, WrpClient, wsSocket } from '../../support/wrp-client';

const service = useService();

/** "i think i will call you back in the morning" (espeak-ng). */
const WITH_I = 'espeak/pronoun-i.wav';
/** "he might even have been made amiable himself" (LibriVox). */
const READ = 'librivox/sense_and_sensibility_01_austen_64kb-0930.wav';
const audioOf = (path: string) => readFile(join(DEFAULT_FIXTURES_DIR, path));

/** What every utterance of every interface must be. */
function expectWrittenEnglish(utterances: readonly Utterance[], wholeText: string): void {
  expect(utterances.length).toBeGreaterThan(0);
  for (const u of utterances) {
    const stop = u.tokens.at(-1)!;
    const word = u.tokens.at(-2)!;
    // The full stop is a token of its own, marked as punctuation, at the end of the last word.
    expect(stop).toMatchObject({ written: '.', spoken: '_', starttime: word.endtime });
    expect(stop.endtime).toBe(word.endtime);
    expect(u.tokens.filter((t) => t.spoken === '_')).toHaveLength(1);
    // The text: a capital first, words spaced, the full stop on the last word.
    expect(u.text).toMatch(/^[A-Z]/);
    expect(u.text).toMatch(/[a-z]\.$/);
    expect(u.text).toBe(
      u.tokens
        .map((t) => (t.spoken === '_' ? t.written : ` ${t.written}`))
        .join('')
        .trim(),
    );
    // No lower-case "i" on its own: the pronoun is written "I".
    expect(u.tokens.map((t) => t.written)).not.toContain('i');
  }
  expect(wholeText).toBe(utterances.map((u) => u.text).join(' '));
}

async function syncResult(path: string) {
  const { body, contentType } = multipart([
    { name: 'u', value: service.key },
    { name: 'd', value: LOCAL_ENGINE },
    { name: 'a', value: await audioOf(path), filename: 'audio.wav' },
  ]);
  const res = await rawRequest(service.url, {
    path: '/v1/nolog/recognize',
    headers: { 'Content-Type': contentType },
    body,
  });
  return syncResponseSchema.parse(res.json());
}

describe('English written as the cloud writes it', () => {
  it('sync: sentence capitals, "I", a full stop token at each utterance end', async () => {
    const withI = await syncResult(WITH_I);
    expect(withI.code).toBe('');
    expectWrittenEnglish(withI.results, withI.text);
    expect(withI.results[0]!.tokens.map((t) => t.written)).toContain('I');
    expect(withI.text).toMatch(/^I think I /);
    const read = await syncResult(READ);
    expectWrittenEnglish(read.results, read.text);
    expect(read.text).toMatch(/^He might even have been made /);
  });

  it('async v2: the same conventions in every segment', async () => {
    const { body, contentType } = multipart([
      { name: 'u', value: service.key },
      { name: 'd', value: LOCAL_ENGINE },
      { name: 'a', value: await audioOf(WITH_I), filename: 'audio.wav' },
    ]);
    const created = await rawRequest(service.url, {
      path: '/v2/recognitions',
      headers: { 'Content-Type': contentType },
      body,
    });
    const { sessionid } = created.json<{ sessionid: string }>();
    const final = await until(
      async () =>
        jobStatusSchema.parse(
          (
            await rawRequest(service.url, {
              method: 'GET',
              path: `/v2/recognitions/${sessionid}`,
              headers: { Authorization: `Bearer ${service.key}` },
            })
          ).json(),
        ),
      (job) => job.status === 'completed' || job.status === 'error',
    );
    if (final.status !== 'completed') throw new Error(`job ${final.status}`);
    expectWrittenEnglish(utterancesOfJob(final), final.text);
    expect(final.text).toMatch(/^I think I /);
  });

  it('realtime: finals as sync has them; interims with capitals and no full stop', async () => {
    const client = await WrpClient.connect(
      `${service.url.replace(/^http/, 'ws')}/v1/nolog/`,
      wsSocket,
    );
    expect(await client.start('16K', LOCAL_ENGINE, { authorization: service.key })).toBeNull();
    // Paced like a microphone, so interim results come while the words are spoken.
    await sendAudio(client, await audioOf(WITH_I), { bytesPerSecond: 32_000 * 4 });
    expect(await client.end()).toBeNull();
    const finals = client.finals().filter((f) => f.code === '');
    expectWrittenEnglish(
      finals.flatMap((f) => f.results),
      finals.map((f) => f.text).join(' '),
    );
    expect(finals[0]!.text).toMatch(/^I think I /);
    const interims = client.messages.flatMap((m) => (m.parsed?.kind === 'U' ? [m.parsed] : []));
    expect(interims.length).toBeGreaterThan(0);
    for (const { result } of interims) {
      // A word, then the ellipsis: an interim may stop at the pronoun ("I think I...").
      expect(result.text).toMatch(/^[A-Z].*[A-Za-z]\.\.\.$/);
      expect(result.text).not.toMatch(/\.\s|\.\.\.\./);
      expect(result.results[0]!.tokens.map((t) => t.written)).not.toContain('i');
    }
  });
});
