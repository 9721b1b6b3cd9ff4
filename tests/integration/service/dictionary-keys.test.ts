import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { encodeD } from '../../../shared/api';
import { AccountStore } from '../../../service/keys/accounts';
import { DEFAULT_FIXTURES_DIR } from '../../fixtures/build';
import { until } from '../../support/until';
import { multipart, rawRequest } from '../../support/service-process';
import { useService } from '../../support/hooks';

const CLIP = 'librivox/sense_and_sensibility_01_austen_64kb-0870.wav'; // hypothesis: "and mr john guess would have been ..."

const service = useService();

const bearer = (key: string) => ({ Authorization: `Bearer ${key}` });
const json = (key: string) => ({ ...bearer(key), 'Content-Type': 'application/json' });

async function putWords(key: string, profile: string, words: unknown, engine = '-a-general-en') {
  return rawRequest(service.url, {
    path: `/profilewords/${engine}/${profile}`,
    headers: json(key),
    body: Buffer.from(JSON.stringify(words)),
  });
}
async function getWords(key: string, profile: string) {
  return rawRequest(service.url, {
    method: 'GET',
    path: `/profilewords/-a-general-en/${profile}`,
    headers: bearer(key),
  });
}
async function recognizeWith(key: string, d: string) {
  const { body, contentType } = multipart([
    { name: 'u', value: key },
    { name: 'd', value: d },
    { name: 'a', value: await readFile(join(DEFAULT_FIXTURES_DIR, CLIP)), filename: 'a.wav' },
  ]);
  return rawRequest(service.url, {
    path: '/v1/nolog/recognize',
    headers: { 'Content-Type': contentType },
    body,
  });
}
async function issue(form: Record<string, string>, headers: Record<string, string> = {}) {
  return rawRequest(service.url, {
    path: '/issue_service_authorization',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
    body: Buffer.from(new URLSearchParams(form).toString()),
  });
}

describe('user dictionary', () => {
  it('replaces the whole profile on POST, lists profiles, and clears with an empty list', async () => {
    const first = await putWords(service.key, 'team', {
      profilewords: [
        { written: 'Dashwood', spoken: 'guess' },
        { written: 'Mister', spoken: 'mr', classname: 'PERSON' },
      ],
    });
    expect(first.status).toBe(200);
    expect(first.json()).toEqual({
      profilewords: [
        { written: 'Dashwood', spoken: 'guess' },
        { written: 'Mister', spoken: 'mr', classname: 'PERSON' },
      ],
    });
    await putWords(service.key, 'team', {
      profilewords: [{ written: 'Dashwood', spoken: 'john guess' }],
    });
    expect((await getWords(service.key, 'team')).json()).toEqual({
      profilewords: [{ written: 'Dashwood', spoken: 'john guess' }],
    });
    await putWords(service.key, 'scratch', { profilewords: [{ written: 'X', spoken: 'x' }] });
    const list = await rawRequest(service.url, {
      method: 'GET',
      path: '/profilewords/-a-general-en/',
      headers: bearer(service.key),
    });
    expect(list.json()).toEqual({ profiles: ['scratch', 'team'] });
    await putWords(service.key, 'scratch', { profilewords: [] });
    expect((await getWords(service.key, 'scratch')).json()).toEqual({ profilewords: [] });
  });

  it('rejects bad words with 400 naming the entry', async () => {
    // [ours] A refused word also comes as fields, so no client has to read the message.
    const cases: Array<[unknown, RegExp, unknown]> = [
      [
        { profilewords: [{ written: 'ok', spoken: 'ok' }, { spoken: 'no written' }] },
        /profilewords\[1\]\.written/,
        undefined,
      ],
      [
        { profilewords: [{ written: 'Kikitori', spoken: 'kiki zqxvw' }] },
        /profilewords\[0\] \("Kikitori"\): the engine does not know the word "zqxvw"/,
        { index: 0, written: 'Kikitori', reason: 'unknown-word', value: 'zqxvw' },
      ],
      [
        {
          profilewords: [
            { written: 'ok', spoken: 'ok' },
            { written: 'A', spoken: 'a', classname: 'NOUN' },
          ],
        },
        /classname "NOUN" is not one of PERSON/,
        { index: 1, written: 'A', reason: 'class', value: 'NOUN' },
      ],
      [
        { profilewords: [{ written: 'A' }] },
        /spoken is required/,
        { index: 0, written: 'A', reason: 'reading-missing', value: '' },
      ],
      [{ words: [] }, /profilewords/, undefined],
    ];
    for (const [body, message, word] of cases) {
      const res = await putWords(service.key, 'bad', body);
      expect(res.status).toBe(400);
      const answer = res.json<{ message: string; word?: unknown }>();
      expect(answer.message).toMatch(message);
      expect(answer.word).toEqual(word);
    }
    const notJson = await rawRequest(service.url, {
      path: '/profilewords/-a-general-en/bad',
      headers: json(service.key),
      body: Buffer.from('{oops'),
    });
    expect(notJson.json()).toMatchObject({ code: '>', message: expect.stringMatching(/not JSON/) });
    expect(
      (await putWords(service.key, '__reserved', { profilewords: [] })).json<{ message: string }>()
        .message,
    ).toMatch(/reserved/);
    expect((await putWords(service.key, 'x', { profilewords: [] }, '-a-general')).status).toBe(404);
  });

  it('answers classnames and requires Bearer on every dictionary endpoint', async () => {
    const classes = await rawRequest(service.url, {
      method: 'GET',
      path: '/classnames/-a-general-en',
      headers: bearer(service.key),
    });
    expect(classes.json()).toEqual({
      classnames: ['PERSON', 'ORGANIZATION', 'PLACE', 'PRODUCT', 'TERM'],
    });
    const withU = await rawRequest(service.url, {
      method: 'GET',
      path: `/profilewords/-a-general-en/team?u=${service.key}`,
    });
    expect(withU.status).toBe(401);
    expect(withU.json()).toEqual({ code: '-', message: "can't verify service authorization" });
    expect(
      (
        await rawRequest(service.url, {
          method: 'DELETE',
          path: '/profilewords/-a-general-en/team',
          headers: bearer(service.key),
        })
      ).json(),
    ).toEqual({ code: '>', message: 'DELETE method is not allowed' });
  });

  it('keeps accounts apart', async () => {
    const db = new Database(join(service.dataDir, 'service.sqlite'));
    const other = new AccountStore(db).createAccount();
    db.close();
    expect((await getWords(other.apiKey, 'team')).json()).toEqual({ profilewords: [] });
    const list = await rawRequest(service.url, {
      method: 'GET',
      path: '/profilewords/-a-general-en/',
      headers: bearer(other.apiKey),
    });
    expect(list.json()).toEqual({ profiles: [] });
    // The other account's profile "team" of its own does not touch ours.
    await putWords(other.apiKey, 'team', { profilewords: [{ written: 'Theirs', spoken: 'john' }] });
    expect((await getWords(service.key, 'team')).json()).toEqual({
      profilewords: [{ written: 'Dashwood', spoken: 'john guess' }],
    });
  });

  it('profileId and profileWords change the result, with token times merged', async () => {
    const plain = (await recognizeWith(service.key, '-a-general-en')).json<{
      text: string;
      results: Array<{ tokens: Array<{ written: string; starttime: number; endtime: number }> }>;
    }>();
    expect(plain.text).toMatch(/mr john guess/);
    const tokens = plain.results.flatMap((u) => u.tokens);
    const john = tokens.find((t) => t.written === 'john')!;
    const guess = tokens.find((t) => t.written === 'guess')!;

    const withProfile = (await recognizeWith(service.key, '-a-general-en profileId=:team')).json<
      typeof plain
    >();
    expect(withProfile.text).toMatch(/mr Dashwood would/);
    const merged = withProfile.results
      .flatMap((u) => u.tokens)
      .find((t) => t.written === 'Dashwood')!;
    expect(merged).toMatchObject({
      starttime: john.starttime,
      endtime: guess.endtime,
      spoken: 'john guess',
    });

    const d = encodeD({
      grammarFileNames: '-a-general-en',
      profileId: ':team',
      profileWords: 'Mister mr|Jack john',
    });
    const both = (await recognizeWith(service.key, d)).json<typeof plain>();
    // profileWords takes precedence over profileId: the profile's "john guess" is not used.
    expect(both.text).toMatch(/^And Mister Jack guess/);
    const onlyWords = (
      await recognizeWith(
        service.key,
        encodeD({ grammarFileNames: '-a-general-en', profileWords: 'Mister mr' }),
      )
    ).json<typeof plain>();
    expect(onlyWords.text).toMatch(/^And Mister john guess/);
  });
});

describe('API keys and issuance', () => {
  it('issues a key with sid and spw and with an issuable Bearer key; issued keys cannot issue', async () => {
    const bySid = await issue({ sid: service.sid, spw: service.spw, epi: '1h' });
    expect(bySid.status).toBe(200);
    expect(bySid.headers['content-type']).toMatch(/^text\/plain/);
    const issued = bySid.body;
    expect(issued).toMatch(/^[A-Za-z0-9_-]{40}$/);
    expect((await recognizeWith(issued, '-a-general-en')).json<{ code: string }>().code).toBe('');
    const byBearer = await issue({ epi: '10m' }, bearer(service.key));
    expect(byBearer.status).toBe(200);
    const again = await issue({ epi: '10m' }, bearer(issued));
    expect(again.status).toBe(403);
    expect(again.json<{ message: string }>().message).toMatch(/cannot issue keys/);
    expect((await issue({ sid: service.sid, spw: 'wrong' })).status).toBe(401);
    expect((await issue({})).json()).toEqual({
      code: '-',
      message: "can't verify service authorization",
    });
  });

  it('a Bearer that is no key is refused by the route before the body is read', async () => {
    // Over the 64 KiB the route would read: a sender it cannot authenticate is not read at all.
    const refused = await rawRequest(service.url, {
      path: '/issue_service_authorization',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...bearer('not-a-key') },
      body: Buffer.alloc(100 * 1024, 'a'),
    });
    expect(refused.status).toBe(401);
    expect(refused.json()).toEqual({ code: '-', message: "can't verify service authorization" });
  });

  it('rejects a bad epi or ipa with 400 naming the bad part', async () => {
    expect((await issue({ epi: '12x' }, bearer(service.key))).json()).toMatchObject({
      code: '>',
      message: expect.stringMatching(/unknown unit "x"/),
    });
    expect((await issue({ ipa: '10.0.0.300' }, bearer(service.key))).json()).toMatchObject({
      code: '>',
      message: expect.stringMatching(/"10.0.0.300"/),
    });
  });

  it('enforces epi: an expired key gets code - on recognition and 401 on REST', async () => {
    const short = (await issue({ epi: '5000' }, bearer(service.key))).body;
    // Valid at first (one quick REST call, well inside its five seconds), then expired: waited
    // for, so that a slow machine changes only how long the wait takes.
    expect((await getWords(short, 'team')).status).not.toBe(401);
    const rest = await until(
      () => getWords(short, 'team'),
      (res) => res.status === 401,
      { timeoutMs: 60_000, everyMs: 200 },
    );
    expect((await recognizeWith(short, '-a-general-en')).json<{ code: string }>().code).toBe('-');
    expect(rest.json<{ message: string }>().message).toMatch(
      /^service authorization has expired: \d{4}-/,
    );
  });

  it('enforces ipa: a key used from outside its ranges gets code - and 401', async () => {
    const elsewhere = (
      await issue({ epi: '1h', ipa: '192.0.2.0/24, 198.51.100.7' }, bearer(service.key))
    ).body;
    expect((await recognizeWith(elsewhere, '-a-general-en')).json<{ code: string }>().code).toBe(
      '-',
    );
    expect((await getWords(elsewhere, 'team')).status).toBe(401);
    const here = (await issue({ epi: '1h', ipa: '127.0.0.0/8' }, bearer(service.key))).body;
    expect((await recognizeWith(here, '-a-general-en')).json<{ code: string }>().code).toBe('');
  });

  it('stores keys and the service password only as hashes', async () => {
    const issued = (await issue({ epi: '1h' }, bearer(service.key))).body;
    const files = ['service.sqlite', 'service.sqlite-wal'];
    for (const file of files) {
      const bytes = await readFile(join(service.dataDir, file)).catch(() => Buffer.alloc(0));
      for (const secret of [service.key, issued, service.spw])
        expect(bytes.includes(Buffer.from(secret)), `${secret} in ${file}`).toBe(false);
    }
  });
});
