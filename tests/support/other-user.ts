/**
 * A second local user for the checks of what one user can do to another's Kikitori: made by root
 * with `useradd` the first time (a system user with no home and no login), and programs run as it
 * (a Node script given as text, so nothing it runs needs to be readable from the project's folder,
 * which may be root's alone). Tests that need it run only as root, which CI is; elsewhere they
 * are skipped, and counted as skipped.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';

export interface OtherUser {
  readonly name: string;
  readonly uid: number;
  readonly gid: number;
}

const NAME = 'kikitori-other';

export const isRoot = process.getuid?.() === 0;

const idOf = (flag: '-u' | '-g'): number | undefined => {
  try {
    return Number(execFileSync('id', [flag, NAME], { stdio: ['ignore', 'pipe', 'ignore'] }));
  } catch {
    return undefined;
  }
};

/** The second user, made when missing (only root may). */
export function otherUser(): OtherUser {
  if (!isRoot) throw new Error('only root can make a second user');
  if (idOf('-u') === undefined) {
    try {
      execFileSync(
        'useradd',
        ['--system', '--no-create-home', '--shell', '/usr/sbin/nologin', NAME],
        { stdio: 'ignore' },
      );
    } catch {
      // Made meanwhile by a test beside this one: it is there now, or the next line says not.
    }
  }
  const uid = idOf('-u');
  const gid = idOf('-g');
  if (uid === undefined || gid === undefined) throw new Error(`could not make the user ${NAME}`);
  return { name: NAME, uid, gid };
}

/** Runs `script` (Node, as text) as `user`, with `args` as process.argv.slice(1). */
export function runAs(user: OtherUser, script: string, args: readonly string[] = []): ChildProcess {
  return spawn(process.execPath, ['--input-type=module', '-e', script, '--', ...args], {
    uid: user.uid,
    gid: user.gid,
    cwd: '/',
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: '/nonexistent' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/** Runs `script` as `user` to its end; its standard output, or the error with its stderr. */
export function runAsToEnd(
  user: OtherUser,
  script: string,
  args: readonly string[] = [],
): Promise<string> {
  return new Promise((settle, fail) => {
    const child = runAs(user, script, args);
    let out = '';
    let err = '';
    child.stdout!.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (err += chunk.toString()));
    child.on('exit', (code) =>
      code === 0 ? settle(out) : fail(new Error(`exit ${code}: ${err.trim()}`)),
    );
  });
}
