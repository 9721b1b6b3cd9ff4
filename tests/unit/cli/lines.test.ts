/**
 * The command line's lines for people, with no process: text from outside shown with its control
 * characters escaped (C0, DEL, C1), a line break kept only where lines are meant; and what
 * `kikitori watch` says of each file of a watched folder, a file it leaves alone (not audio or
 * video) included, in both languages, as the watcher's `watch:file` event carries it.
 */
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { makeIo } from '../../../cli/io';
import { shown } from '../../../cli/terminal';
import { sayFile } from '../../../cli/watch';
import { appError, type Lang } from '../../../shared/domain/errors';
import { EVENTS, type EventPayload } from '../../../shared/ipc/contract';

describe('text from outside, on a terminal', () => {
  it('shows every control character as an escape, and nothing else changed', () => {
    expect(shown('talk\u001b[2J.wav')).toBe('talk\\x1b[2J.wav');
    expect(shown('a\u009b31mb\u0085c\u007f')).toBe('a\\x9b31mb\\x85c\\x7f');
    expect(shown('one\ntwo\r\tthree\u0000')).toBe('one\\ntwo\\r\\tthree\\x00');
    expect(shown('会議 ©é ½ — 録音.wav')).toBe('会議 ©é ½ — 録音.wav');
  });

  it('keeps a line break only where the text is meant to hold lines', () => {
    expect(shown('one\ntwo\u001b', { lines: true })).toBe('one\ntwo\\x1b');
  });
});

/** An Io writing into strings, as a command's off a terminal. */
function capture(lang: Lang, json = false) {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  const said = { stdout: '', stderr: '' };
  stdout.on('data', (c: Buffer) => (said.stdout += c.toString()));
  stderr.on('data', (c: Buffer) => (said.stderr += c.toString()));
  const io = makeIo({
    lang,
    json,
    stdout: stdout as unknown as NodeJS.WriteStream,
    stderr: stderr as unknown as NodeJS.WriteStream,
  });
  return { io, said };
}

describe('kikitori watch, a file of a watched folder', () => {
  const skipped: EventPayload<'watch:file'> = EVENTS['watch:file'].parse({
    folder: '/in',
    path: '/in/notes\u001b[2J.txt',
    state: 'skipped',
    error: appError('file-refused', {
      path: '/in/notes\u001b[2J.txt',
      name: 'notes\u001b[2J.txt',
      reason: 'not-media',
    }),
  });

  it('says a file it leaves alone, with the reason, in each language', () => {
    const en = capture('en');
    sayFile(en.io, skipped);
    expect(en.said.stderr).toBe(
      '/in/notes\\x1b[2J.txt: left alone. Kikitori will not transcribe notes\\x1b[2J.txt: its content is not audio or video it can read (WAV, FLAC, Ogg, MP3, M4A/MP4, WebM, AAC, AIFF, WMA or AMR). Choose an audio or video file.\n',
    );
    expect(en.said.stdout).toBe('');
    const ja = capture('ja');
    sayFile(ja.io, skipped);
    expect(ja.said.stderr).toMatch(/^\/in\/notes\\x1b\[2J\.txt: 文字起こししません。/);
    expect(ja.said.stderr).not.toMatch(/Kikitori will not/);
  });

  it('says what a finished file was written to, and the paths on stdout off a terminal', () => {
    const en = capture('en');
    sayFile(en.io, {
      folder: '/in',
      path: '/in/talk.wav',
      state: 'done',
      job: 'j1',
      outputs: ['/out/talk.txt', '/out/talk.srt'],
    });
    expect(en.said.stderr).toBe('/in/talk.wav: wrote /out/talk.txt, /out/talk.srt\n');
    expect(en.said.stdout).toBe('/out/talk.txt\n/out/talk.srt\n');
  });

  it('leaves the lines to the events with --json', () => {
    const json = capture('en', true);
    sayFile(json.io, skipped);
    expect(json.said).toEqual({ stdout: '', stderr: '' });
  });
});
