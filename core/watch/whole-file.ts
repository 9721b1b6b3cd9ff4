/**
 * A watched file as the watcher reads it: opened once, never through a link, every check made on
 * the open descriptor; and whether it is whole yet, the way file-sync tools tell.
 *
 * Opening: the path is looked at without following it (`lstat`): a symbolic link, a folder, a
 * FIFO, a device or a socket is refused before anything opens it. A regular file is then opened
 * with O_NOFOLLOW and O_NONBLOCK, and the descriptor checked to be that same regular file (a swap
 * in between is caught). Its size is judged from the descriptor before a byte is read, and the
 * head, the content's hash and the wholeness checks read that descriptor, never the path again.
 *
 * Whole: a quiet time alone is not enough (a recorder or a copy over the network pauses longer
 * than any quiet time worth waiting). A file is whole when
 * - its size and time held for the quiet time (the descriptor's, and the path still names it);
 * - where the container says how long it is (a WAV's RIFF and data sizes, an MP4's boxes and its
 *   `moov`), the file is that long, and where its tail says it ends (an Ogg stream's last page,
 *   an MP3's last frame: ./stream-ends.ts), it ends there;
 * - on Linux, no process has it open for writing (each process's descriptors in /proc, as far as
 *   this user may see them: another user's writer is not visible, so there the first two hold);
 * - elsewhere, where the container does not say its length, a decode of it reaches its end
 *   without error (ffmpeg), since a file cut off mid-frame does not.
 */
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { constants, type Stats } from 'node:fs';
import { lstat, open, readdir, readFile, readlink, type FileHandle } from 'node:fs/promises';
import { LIMITS } from '../../shared/api/codes';
import { sniffContainer, SNIFF_BYTES } from '../../shared/api/audio-sniff';
import type { Container } from '../../shared/api/media-formats';
import { mp3Tail, oggTail, TAIL_BYTES } from './stream-ends';

/** Why a path in a watched folder is not read. */
export type NotRead =
  /** Not there any more. */
  | 'gone'
  /** A symbolic link: never followed (its target may be anyone's). */
  | 'link'
  /** A folder, FIFO, device or socket. */
  | 'not-file'
  /** Nothing in it yet: it is offered again once written. */
  | 'empty'
  /** Over the service's size limit (from its size, before a byte is read). */
  | 'too-large'
  /** Its first bytes are not audio or video the app takes. */
  | 'not-media'
  /** This user may not read it. */
  | 'denied';

/** The identity of one version of a file: what the core checks again before it sends it. */
export interface FileVersion {
  readonly dev: number;
  readonly ino: number;
  readonly size: number;
  readonly mtimeMs: number;
  /** Its mode bits (permissions): a transcript is no more readable than its recording. */
  readonly mode: number;
  /** When its inode was made (ms; 0 where its file system does not say). */
  readonly btime: number;
}

export interface OpenedFile {
  readonly handle: FileHandle;
  readonly version: FileVersion;
  readonly container: Container;
}

const versionOf = (info: Stats): FileVersion => ({
  dev: info.dev,
  ino: info.ino,
  size: info.size,
  mtimeMs: Math.trunc(info.mtimeMs),
  mode: info.mode & 0o7777,
  btime: Math.trunc(info.birthtimeMs),
});

/** Whether two looks at a file saw the same version of it. */
export const sameVersion = (a: FileVersion, b: FileVersion): boolean =>
  a.dev === b.dev && a.ino === b.ino && a.size === b.size && a.mtimeMs === b.mtimeMs;

const FLAGS = constants.O_RDONLY | constants.O_NONBLOCK | constants.O_NOFOLLOW;

const notReadOf = (error: unknown): NotRead => {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENOENT' || code === 'ENOTDIR') return 'gone';
  if (code === 'ELOOP') return 'link';
  if (code === 'EACCES' || code === 'EPERM') return 'denied';
  return 'not-file';
};

/**
 * Opens a watched file for reading, or says why it is not read. The caller closes the handle.
 */
export async function openWatched(path: string): Promise<OpenedFile | { notRead: NotRead }> {
  let before: Stats;
  try {
    before = await lstat(path);
  } catch (error) {
    return { notRead: notReadOf(error) };
  }
  if (before.isSymbolicLink()) return { notRead: 'link' };
  if (!before.isFile()) return { notRead: 'not-file' };
  let handle: FileHandle;
  try {
    handle = await open(path, FLAGS);
  } catch (error) {
    return { notRead: notReadOf(error) };
  }
  try {
    const info = await handle.stat();
    const refusal: NotRead | undefined =
      !info.isFile() || info.dev !== before.dev || info.ino !== before.ino
        ? 'not-file'
        : info.size === 0
          ? 'empty'
          : info.size > LIMITS.asyncAudioBytes
            ? 'too-large'
            : undefined;
    const container = refusal ? undefined : sniffContainer(await headOf(handle, SNIFF_BYTES));
    if (refusal || !container) {
      await handle.close();
      return { notRead: refusal ?? 'not-media' };
    }
    return { handle, version: versionOf(info), container };
  } catch (error) {
    await handle.close();
    return { notRead: notReadOf(error) };
  }
}

async function headOf(handle: FileHandle, bytes: number, at = 0): Promise<Buffer> {
  const head = Buffer.alloc(bytes);
  const { bytesRead } = await handle.read(head, 0, bytes, at);
  return head.subarray(0, bytesRead);
}

/** The version the descriptor sees now, and whether the path still names that file. */
export async function versionNow(
  handle: FileHandle,
  path: string,
): Promise<FileVersion | undefined> {
  const info = await handle.stat();
  const named = await lstat(path).catch(() => undefined);
  if (!named || named.dev !== info.dev || named.ino !== info.ino) return undefined;
  return versionOf(info);
}

/** What the container's own sizes say of a file of `size` bytes. */
export type ContainerLength = 'whole' | 'short' | 'unknown';

/** A size a writer puts in a header before it knows the length (streaming WAV writers). */
const UNKNOWN_SIZE = (size: number) => size === 0 || size === 0xffffffff;

/** A WAV's RIFF size and its data chunk against the file's size. */
async function wavLength(handle: FileHandle, size: number): Promise<ContainerLength> {
  const head = await headOf(handle, 12);
  if (head.length < 12) return 'short';
  const riff = head.readUInt32LE(4);
  if (!UNKNOWN_SIZE(riff) && size < riff + 8) return 'short';
  // The chunks up to `data` (fmt, LIST, fact…), each a 4-byte id and a little-endian size.
  for (let at = 12, chunks = 0; at + 8 <= size && chunks < 64; chunks++) {
    const chunk = await headOf(handle, 8, at);
    if (chunk.length < 8) return 'short';
    const length = chunk.readUInt32LE(4);
    if (chunk.toString('latin1', 0, 4) === 'data')
      return UNKNOWN_SIZE(length) ? 'unknown' : size < at + 8 + length ? 'short' : 'whole';
    at += 8 + length + (length % 2);
  }
  return 'short';
}

/** An MP4 (or MOV, M4A: one container here) is whole when its top-level boxes fit the file and one is `moov`. */
async function mp4Length(handle: FileHandle, size: number): Promise<ContainerLength> {
  let moov = false;
  for (let at = 0, boxes = 0; at < size && boxes < 10_000; boxes++) {
    const box = await headOf(handle, 16, at);
    if (box.length < 8) return 'short';
    let length = box.readUInt32BE(0);
    const type = box.toString('latin1', 4, 8);
    if (type === 'moov') moov = true;
    // 0: the box runs to the end of the file (its writer finished it so).
    if (length === 0) return moov ? 'whole' : 'short';
    if (length === 1) {
      if (box.length < 16) return 'short';
      length = Number(box.readBigUInt64BE(8));
    }
    if (length < 8) return 'unknown';
    at += length;
    if (at > size) return 'short';
  }
  // Without its index (`moov`, which ffmpeg and most recorders write last) it does not play.
  return moov ? 'whole' : 'short';
}

/**
 * What the container's sizes say, where it has them (WAV, MP4), or its tail (Ogg, MP3:
 * ./stream-ends.ts); else `unknown`.
 */
export async function containerLength(
  handle: FileHandle,
  container: Container,
  size: number,
): Promise<ContainerLength> {
  if (container === 'wav') return wavLength(handle, size);
  if (container === 'mp4') return mp4Length(handle, size);
  if (container === 'ogg' || container === 'mp3') {
    const bytes = Math.min(size, TAIL_BYTES);
    const tail = await headOf(handle, bytes, size - bytes);
    return container === 'ogg' ? oggTail(tail) : mp3Tail(tail);
  }
  return 'unknown';
}

/** O_ACCMODE of a descriptor's flags (octal in /proc/PID/fdinfo): 1 write, 2 read and write. */
const WRITING = /^flags:\s*([0-7]+)$/m;

/**
 * Whether some process this user may look at has `path` open for writing (Linux: each process's
 * descriptors in /proc, matched by where they point and then by device and inode). Undefined
 * where there is no /proc to read.
 */
export async function openForWriting(
  path: string,
  version: Pick<FileVersion, 'dev' | 'ino'>,
): Promise<boolean | undefined> {
  let pids: string[];
  try {
    pids = (await readdir('/proc')).filter((name) => /^\d+$/.test(name));
  } catch {
    return undefined;
  }
  const writing = async (pid: string): Promise<boolean> => {
    const fds = await readdir(`/proc/${pid}/fd`).catch(() => [] as string[]);
    for (const fd of fds) {
      const target = await readlink(`/proc/${pid}/fd/${fd}`).catch(() => '');
      if (target !== path) continue;
      const info = await lstat(path).catch(() => undefined);
      if (!info || info.dev !== version.dev || info.ino !== version.ino) continue;
      const flags = WRITING.exec(
        await readFile(`/proc/${pid}/fdinfo/${fd}`, 'utf8').catch(() => ''),
      );
      if (flags && (Number.parseInt(flags[1]!, 8) & 0b11) !== 0) return true;
    }
    return false;
  };
  // A few processes at a time: the scan runs beside the app's other work, never blocking it.
  for (let at = 0; at < pids.length; at += 16) {
    const found = await Promise.all(pids.slice(at, at + 16).map(writing));
    if (found.includes(true)) return true;
  }
  return false;
}

/**
 * Whether ffmpeg decodes the file to its end without an error (`-xerror`: a file cut off
 * mid-frame stops it). ffmpeg reads the open descriptor's bytes through a pipe, never the path.
 */
export function decodesToEnd(handle: FileHandle): Promise<boolean> {
  return new Promise((settle) => {
    const args = ['-hide_banner', '-v', 'error', '-xerror', '-i', 'pipe:0', '-f', 'null', '-'];
    const child = spawn('ffmpeg', args, { stdio: ['pipe', 'ignore', 'ignore'] });
    const bytes = handle.createReadStream({ start: 0, autoClose: false });
    // ffmpeg may stop reading before the end (an error): the rest is not wanted.
    child.stdin.on('error', () => bytes.destroy());
    bytes.on('error', () => child.kill());
    bytes.pipe(child.stdin);
    child.once('error', () => settle(false));
    child.once('exit', (code) => {
      bytes.unpipe();
      bytes.destroy();
      settle(code === 0);
    });
  });
}

/** How a watcher tells that a file is whole (`portable`: as where there is no /proc). */
export type WholeWay = 'linux' | 'portable';

/** Why a file is not whole yet, or `whole`. */
export type Wholeness = 'whole' | 'changing' | 'short' | 'writing' | 'moved';

/**
 * Whether the file `opened` is whole now, given the version seen `quietMs` ago: unchanged since,
 * as long as its container says, not open for writing (Linux), or decoding to its end (elsewhere,
 * when its container does not say its length).
 */
export async function wholeness(
  opened: OpenedFile,
  path: string,
  earlier: FileVersion,
  way: WholeWay = process.platform === 'linux' ? 'linux' : 'portable',
): Promise<Wholeness> {
  const now = await versionNow(opened.handle, path);
  if (!now) return 'moved';
  if (!sameVersion(now, earlier)) return 'changing';
  const length = await containerLength(opened.handle, opened.container, now.size);
  // A writer seen holding it open is waited for, however long it pauses.
  const writing = way === 'linux' ? await openForWriting(path, now) : undefined;
  if (writing === true) return 'writing';
  if (length === 'short') return 'short';
  if (writing === false || length === 'whole') return 'whole';
  return (await decodesToEnd(opened.handle)) ? 'whole' : 'short';
}

/** The SHA-256 of a file's content (hex), read from its open descriptor. */
export async function contentHash(opened: { readonly handle: FileHandle }): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of opened.handle.createReadStream({ start: 0, autoClose: false }))
    hash.update(chunk as Buffer);
  return hash.digest('hex');
}
