/**
 * The realtime WebSocket packet grammar (docs/api.md §9): the `s` line as the manual and the
 * official Wrp clients write it, every refusal, the event and response strings, and two
 * properties (fixed seed): parse(format(c)) = c, and parseCommand never throws.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  AUDIO_PACKET_PREFIX,
  REALTIME_LIMITS,
  REALTIME_MESSAGES,
  eventA,
  eventC,
  eventE,
  eventS,
  eventU,
  formatCommand,
  parseBinaryFrame,
  parseCommand,
  parseServerMessage,
  reply,
  validateStart,
  type StartCommand,
  type RealtimeCommand,
  type RealtimeParsed,
} from '../../../../shared/api';

function start(
  audioFormat: string,
  grammars: string[],
  params: Record<string, string> = {},
): StartCommand {
  return { kind: 's', audioFormat, grammars, params };
}

function refusal<T>(result: RealtimeParsed<T>): { reply: string | null; message: string } {
  expect(result.ok).toBe(false);
  if (result.ok) throw new Error('unreachable');
  return result.error;
}

const decodeUtf8 = (bytes: Uint8Array): string | null => {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
};

describe('s command grammar (manual: s <audio_format> <grammar_file_names> <key>=<value> ...)', () => {
  it('reads the two positional parameters', () => {
    expect(parseCommand('s 16K -a-general')).toEqual({
      ok: true,
      data: start('16K', ['-a-general']),
    });
  });

  it('reads key=value parameters, the manual example of an APPKEY', () => {
    expect(parseCommand('s 16K -a-general authorization=XXXXXXXX')).toEqual({
      ok: true,
      data: start('16K', ['-a-general'], { authorization: 'XXXXXXXX' }),
    });
  });

  it('reads a value with spaces in double quotes, and "" inside as one quote', () => {
    const parsed = parseCommand(
      's LSB16K -a-general profileWords="hello hello|AmiVoice ""A"" v" keepFillerToken=1',
    );
    expect(parsed).toEqual({
      ok: true,
      data: start('LSB16K', ['-a-general'], {
        profileWords: 'hello hello|AmiVoice "A" v',
        keepFillerToken: '1',
      }),
    });
  });

  it('takes a quote inside an unquoted value as an ordinary character (the Python client sends a"b bare)', () => {
    expect(parseCommand('s 16K -a-general profileId=a"b')).toEqual({
      ok: true,
      data: start('16K', ['-a-general'], { profileId: 'a"b' }),
    });
  });

  it('takes an empty value, bare or quoted', () => {
    expect(parseCommand('s 16K -a-general extension= resultType=""')).toEqual({
      ok: true,
      data: start('16K', ['-a-general'], { extension: '', resultType: '' }),
    });
  });

  it('tolerates runs of spaces and a trailing space (the JS client copies form fields as typed)', () => {
    expect(parseCommand('s  16K  -a-general   authorization=k ')).toEqual({
      ok: true,
      data: start('16K', ['-a-general'], { authorization: 'k' }),
    });
  });

  it('reads the \\x01-separated engine list the clients write, and \\x01 alone as no engine', () => {
    expect(parseCommand('s 16K a\x01b\x01')).toEqual({ ok: true, data: start('16K', ['a', 'b']) });
    expect(parseCommand('s 16K \x01')).toEqual({ ok: true, data: start('16K', []) });
  });

  it('keeps unknown keys and lets a repeated key end with its last value', () => {
    expect(parseCommand('s 16K -a-general noInputTimeout=5000 profileId=a profileId=b')).toEqual({
      ok: true,
      data: start('16K', ['-a-general'], { noInputTimeout: '5000', profileId: 'b' }),
    });
  });

  it('keeps __proto__ as an ordinary key', () => {
    const parsed = parseCommand('s 16K g __proto__=x');
    expect(
      parsed.ok &&
        Object.getOwnPropertyDescriptor(
          parsed.data.kind === 's' ? parsed.data.params : {},
          '__proto__',
        )?.value,
    ).toBe('x');
  });
});

describe('the exact s lines of the official clients', () => {
  it('Python/Java/C#/C++/PHP Wrp with the tester defaults: s 16K <engine> authorization=<key>', () => {
    // WrpSimpleTester.py <url> <audio> 16K -a-general <key>: codec, engine, then authorization.
    expect(parseCommand('s 16K -a-general authorization=0123abcd')).toEqual({
      ok: true,
      data: start('16K', ['-a-general'], { authorization: '0123abcd' }),
    });
  });

  it('Python Wrp with no codec and no engine: s 16K \\x01 …', () => {
    expect(parseCommand('s 16K \x01 authorization=k')).toEqual({
      ok: true,
      data: start('16K', [], { authorization: 'k' }),
    });
  });

  it('Python Wrp with every parameter, quoting only where a space or quote is', () => {
    const line =
      's LSB16K -a-general profileId=:user1 profileWords="AmiVoice あみぼいす|""Q"" きゅー" ' +
      'segmenterProperties="threshold=5000 postTime=600" keepFillerToken=1 resultUpdatedInterval=1000 ' +
      'extension=tag authorization=key resultType=json';
    expect(parseCommand(line)).toEqual({
      ok: true,
      data: start('LSB16K', ['-a-general'], {
        profileId: ':user1',
        profileWords: 'AmiVoice あみぼいす|"Q" きゅー',
        segmenterProperties: 'threshold=5000 postTime=600',
        keepFillerToken: '1',
        resultUpdatedInterval: '1000',
        extension: 'tag',
        authorization: 'key',
        resultType: 'json',
      }),
    });
    // And formatCommand writes that very line back.
    const parsed = parseCommand(line);
    if (parsed.ok) expect(formatCommand(parsed.data)).toBe(line);
  });

  it('wrp.js (browser): s MSB16K -a-general, always-quoted profileWords/segmenterProperties/extension', () => {
    const line =
      's MSB16K -a-general profileId=user1 profileWords="AmiVoice" segmenterProperties="" ' +
      'keepFillerToken=1 resultUpdatedInterval=1000 extension="a ""b""" authorization=key resultType=json';
    expect(parseCommand(line)).toEqual({
      ok: true,
      data: start('MSB16K', ['-a-general'], {
        profileId: 'user1',
        profileWords: 'AmiVoice',
        segmenterProperties: '',
        keepFillerToken: '1',
        resultUpdatedInterval: '1000',
        extension: 'a "b"',
        authorization: 'key',
        resultType: 'json',
      }),
    });
  });

  it('wrp.js at 44.1 kHz sends MSB22K, and the e command is the bare letter', () => {
    expect(parseCommand('s MSB22K -a-general authorization=key').ok).toBe(true);
    expect(parseCommand('e')).toEqual({ ok: true, data: { kind: 'e' } });
  });

  it('the Java javax.websocket clients send s and e in binary frames', () => {
    const bytes = new TextEncoder().encode('s 16K -a-general authorization=キー');
    expect(parseBinaryFrame(bytes, decodeUtf8)).toEqual({
      ok: true,
      data: { kind: 'command', command: start('16K', ['-a-general'], { authorization: 'キー' }) },
    });
    expect(parseBinaryFrame(new TextEncoder().encode('e'), decodeUtf8)).toEqual({
      ok: true,
      data: { kind: 'command', command: { kind: 'e' } },
    });
  });
});

describe('refusals', () => {
  it('s without <audio_format> or without <grammar_file_names>', () => {
    expect(refusal(parseCommand('s'))).toEqual({
      reply: 's',
      message: `${REALTIME_MESSAGES.illegalCommand}: the s command needs <audio_format> first (s <audio_format> <grammar_file_names> ...)`,
    });
    expect(refusal(parseCommand('s   ')).reply).toBe('s');
    expect(refusal(parseCommand('s 16K')).message).toBe(
      `${REALTIME_MESSAGES.illegalCommand}: the s command needs <grammar_file_names> after <audio_format>`,
    );
    // A key where the engine goes is a missing engine, not an engine called "authorization=…".
    expect(refusal(parseCommand('s 16K authorization=secret')).message).not.toContain('secret');
    expect(refusal(parseCommand('s authorization=secret')).reply).toBe('s');
  });

  it('a parameter that is not key=value, without echoing it (it may be a bare APPKEY)', () => {
    const error = refusal(parseCommand('s 16K -a-general secretkey'));
    expect(error).toEqual({
      reply: 's',
      message: `${REALTIME_MESSAGES.illegalCommand}: parameter 1 is not <key>=<value>`,
    });
  });

  it('an invalid key', () => {
    expect(refusal(parseCommand('s 16K g =v')).message).toContain('parameter 1 has an invalid key');
    expect(refusal(parseCommand('s 16K g a=1 b"c=2')).message).toContain(
      'parameter 2 has an invalid key',
    );
  });

  it('an unterminated quote, and text glued to a closing quote', () => {
    expect(refusal(parseCommand('s 16K g extension="a b'))).toEqual({
      reply: 's',
      message: `${REALTIME_MESSAGES.illegalCommand}: the quoted value of extension has no closing quote`,
    });
    // What the Python client sends for an APPKEY holding both a space and a quote.
    expect(refusal(parseCommand('s 16K g authorization="a b"c"')).message).toContain(
      'the closing quote of authorization must be followed by a space',
    );
  });

  it('e with parameters, p in a text frame, an unknown letter, an empty frame', () => {
    expect(refusal(parseCommand('e now'))).toEqual({
      reply: 'e',
      message: `${REALTIME_MESSAGES.illegalCommand}: the e command takes no parameters`,
    });
    expect(parseCommand('e  ').ok).toBe(true);
    expect(refusal(parseCommand('pabc')).reply).toBe('p');
    expect(refusal(parseCommand('x'))).toEqual({
      reply: null,
      message: `${REALTIME_MESSAGES.illegalCommand}: unknown command`,
    });
    expect(refusal(parseCommand('start 16K g')).reply).toBeNull();
    expect(refusal(parseCommand(''))).toEqual({
      reply: null,
      message: `${REALTIME_MESSAGES.illegalCommand}: empty command`,
    });
  });

  it('binary frames: audio after the p byte, invalid UTF-8, unknown first byte, empty', () => {
    const frame = new Uint8Array([AUDIO_PACKET_PREFIX, 1, 2, 3]);
    const parsed = parseBinaryFrame(frame, decodeUtf8);
    expect(parsed.ok && parsed.data.kind === 'p' && [...parsed.data.audio]).toEqual([1, 2, 3]);
    expect(refusal(parseBinaryFrame(new Uint8Array([0x73, 0x20, 0xff]), decodeUtf8)).reply).toBe(
      's',
    );
    expect(refusal(parseBinaryFrame(new Uint8Array([0x00, 1]), decodeUtf8)).reply).toBeNull();
    expect(refusal(parseBinaryFrame(new Uint8Array([]), decodeUtf8)).message).toContain(
      'empty frame',
    );
  });

  it('validateStart: an unknown format, no engine, no APPKEY', () => {
    const check = (command: StartCommand) => validateStart(command);
    expect(refusal(check(start('OPUS', ['g'], { authorization: 'k' })))).toEqual({
      reply: 's',
      message: REALTIME_MESSAGES.unsupportedAudioFormat,
    });
    expect(refusal(check(start('16K', [], { authorization: 'k' }))).reply).toBe('s');
    expect(refusal(check(start('16K', ['g'])))).toEqual({
      reply: 's',
      message: REALTIME_MESSAGES.illegalAuthorization,
    });
    const ok = check(start('lsb16k', ['-a-general-en'], { authorization: 'k' }));
    expect(ok.ok && ok.data.format.kind === 'raw' && ok.data.format.format.name).toBe('LSB16K');
  });
});

describe('responses, events and limits', () => {
  it('responses are the bare letter or the letter, a space and the message', () => {
    expect(reply('s')).toBe('s');
    expect(reply('e')).toBe('e');
    expect(reply('p', REALTIME_MESSAGES.cantFeed)).toBe(
      "p can't feed audio data to recognizer server",
    );
    expect(reply('p', REALTIME_MESSAGES.unsupportedAudioFormat)).toBe(
      'p received unsupported audio format',
    );
    expect(reply('e', REALTIME_MESSAGES.noDataTimeout)).toBe('e timeout occurred');
  });

  it('the limits carry the manual messages', () => {
    expect(REALTIME_LIMITS.noSpeechReply).toBe("p can't feed audio data to recognizer server");
    expect(REALTIME_LIMITS.noDataReplyBeforeRecognition).toBe('e timeout occurred');
    expect(REALTIME_LIMITS.noDataReplyWhileRecognizing).toBe(
      'e timeout occurred while recognizing audio data from client',
    );
    expect([
      REALTIME_LIMITS.sessionMaxMs,
      REALTIME_LIMITS.noSpeechMs,
      REALTIME_LIMITS.noDataMs,
      REALTIME_LIMITS.utteranceMaxMs,
    ]).toEqual([86_400_000, 600_000, 60_000, 30_000]);
  });

  it('S, E and C', () => {
    expect(eventS(0)).toBe('S 0');
    expect(eventE(2100)).toBe('E 2100');
    expect(eventC()).toBe('C');
    expect(() => eventS(-1)).toThrow(TypeError);
    expect(() => eventE(1.5)).toThrow(TypeError);
  });

  it('U: the manual example, non-ASCII written as \\u escapes as the manual shows it', () => {
    const result = {
      results: [
        {
          tokens: [{ written: 'こんにちは' }, { written: 'プレート' }, { written: '...' }],
          text: 'こんにちはプレート...',
        },
      ],
      text: 'こんにちはプレート...',
    };
    const line = eventU(result);
    expect(line).toBe(
      'U {"results":[{"tokens":[{"written":"\\u3053\\u3093\\u306b\\u3061\\u306f"},{"written":"\\u30d7\\u30ec\\u30fc\\u30c8"},{"written":"..."}],' +
        '"text":"\\u3053\\u3093\\u306b\\u3061\\u306f\\u30d7\\u30ec\\u30fc\\u30c8..."}],"text":"\\u3053\\u3093\\u306b\\u3061\\u306f\\u30d7\\u30ec\\u30fc\\u30c8..."}',
    );
    expect(parseServerMessage(line)).toEqual({ ok: true, data: { kind: 'U', result } });
  });

  it('A: the sync shape with one utterance; tags and rulename filled in', () => {
    const line = eventA({
      results: [
        {
          tokens: [
            { written: 'hello', confidence: 0.9, starttime: 420, endtime: 880, spoken: 'hello' },
          ],
          confidence: 0.9,
          starttime: 400,
          endtime: 900,
          text: 'hello',
        },
      ],
      utteranceid: '20261122/09/0a1b_20261122_090102',
      text: 'hello',
      code: '',
      message: '',
    });
    const parsed = parseServerMessage(line);
    expect(parsed.ok && parsed.data.kind === 'A' && parsed.data.result.results[0]?.tags).toEqual(
      [],
    );
    expect(line).toContain('"rulename":""');
    expect(() =>
      eventA({
        results: [
          { tokens: [], text: '' },
          { tokens: [], text: '' },
        ],
        text: '',
        code: '',
        message: '',
      }),
    ).toThrow();
  });

  it('parseServerMessage reads responses as the clients do: any body after s, p or e is an error', () => {
    expect(parseServerMessage('s')).toEqual({ ok: true, data: { kind: 's', error: null } });
    expect(parseServerMessage('s received illegal service authorization')).toEqual({
      ok: true,
      data: { kind: 's', error: 'received illegal service authorization' },
    });
    expect(parseServerMessage('e timeout occurred')).toEqual({
      ok: true,
      data: { kind: 'e', error: 'timeout occurred' },
    });
    expect(parseServerMessage('S 120')).toEqual({ ok: true, data: { kind: 'S', ms: 120 } });
    expect(parseServerMessage('G anything')).toEqual({
      ok: true,
      data: { kind: 'G', body: 'anything' },
    });
    expect(parseServerMessage('S x').ok).toBe(false);
    expect(parseServerMessage('U {').ok).toBe(false);
    expect(parseServerMessage('Z').ok).toBe(false);
  });
});

describe('formatCommand', () => {
  it('writes documented keys in the Python client order, others sorted after, quoting only when needed', () => {
    expect(
      formatCommand(
        start('16K', ['-a-general'], {
          zeta: '1',
          authorization: 'k',
          profileId: ':p',
          alpha: 'a b',
          extension: 'say "hi"',
        }),
      ),
    ).toBe(
      's 16K -a-general profileId=:p extension="say ""hi""" authorization=k alpha="a b" zeta=1',
    );
    expect(formatCommand({ kind: 'e' })).toBe('e');
    expect(formatCommand(start('16K', []))).toBe('s 16K \x01');
    expect(formatCommand(start('16K', ['a', 'b']))).toBe('s 16K a\x01b\x01');
  });

  it('throws on what no server could read back', () => {
    expect(() => formatCommand(start('16 K', ['g']))).toThrow(TypeError);
    expect(() => formatCommand(start('16K', ['a b']))).toThrow(TypeError);
    expect(() => formatCommand(start('16K', ['a=b']))).toThrow(TypeError);
    expect(() => formatCommand(start('16K', ['g'], { 'bad key': 'v' }))).toThrow(TypeError);
    expect(() => formatCommand(start('16K', ['g'], { k: '\ud800' }))).toThrow(TypeError);
  });
});

const RUNS = { numRuns: 10_000, seed: 20261124 };

// A positional token: no space, no '=', no \x01 (the engine-list separator).
const token = fc
  .oneof(
    fc.string({ unit: 'grapheme', minLength: 1, maxLength: 20 }),
    fc.constantFrom('16K', 'LSB16K', '-a-general', '"q'),
  )
  .filter((s) => s.isWellFormed() && !/[ =]/.test(s) && !s.includes('\x01'));
const key = fc.stringMatching(/^[A-Za-z_][A-Za-z0-9_.-]{0,12}$/);
const value = fc
  .oneof(
    fc.string({ unit: 'grapheme', maxLength: 30 }),
    fc.string({ unit: 'binary', maxLength: 30 }),
    fc
      .array(fc.constantFrom(' ', '"', '""', '=', 'a', 'あ', '\x01', '\t', '\n', '|', "'"), {
        maxLength: 12,
      })
      .map((parts) => parts.join('')),
  )
  .filter((s) => s.isWellFormed());
const command: fc.Arbitrary<RealtimeCommand> = fc.oneof(
  fc.constant<RealtimeCommand>({ kind: 'e' }),
  fc.record({
    kind: fc.constant('s' as const),
    audioFormat: token,
    grammars: fc.array(token, { maxLength: 3 }),
    params: fc.dictionary(key, value, { maxKeys: 6 }),
  }),
);

describe('properties', () => {
  it('parseCommand(formatCommand(c)) gives c back for any values (spaces, quotes, unicode)', () => {
    fc.assert(
      fc.property(command, (cmd) => {
        expect(parseCommand(formatCommand(cmd))).toEqual({ ok: true, data: cmd });
      }),
      RUNS,
    );
  });

  it('parseCommand never throws, and refuses with a message', () => {
    const anyText = fc.oneof(
      fc.string({ unit: 'binary', maxLength: 120 }),
      fc
        .array(
          fc.constantFrom(
            's',
            'e',
            'p',
            ' ',
            '"',
            '""',
            '=',
            'k=',
            '16K',
            '\x01',
            'authorization',
            'x',
          ),
          {
            maxLength: 20,
          },
        )
        .map((parts) => parts.join('')),
    );
    fc.assert(
      fc.property(anyText, (text) => {
        const parsed = parseCommand(text);
        if (!parsed.ok) expect(parsed.error.message).toMatch(/^received illegal command/);
        const server = parseServerMessage(text);
        if (!server.ok) expect(server.error).toMatch(/\S/);
      }),
      RUNS,
    );
  });
});
