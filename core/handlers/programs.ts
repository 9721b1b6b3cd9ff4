/**
 * Programs (Settings → Programs, `kikitori program-key`): the keys made for programs, and the
 * folders whose files they may have transcribed (core/programs/program-keys.ts).
 */
import { AppFailure, appError } from '../../shared/domain/errors';
import type { ProgramKeys } from '../programs/program-keys';
import { attempt, type HandlerSet } from './types';

export type ProgramChannel =
  | 'programs:list'
  | 'programs:create'
  | 'programs:revoke'
  | 'programs:addFolder'
  | 'programs:removeFolder';

export function programHandlers(deps: {
  readonly programKeys: ProgramKeys;
}): HandlerSet<ProgramChannel> {
  const { programKeys } = deps;
  return {
    'programs:list': () => attempt(async () => programKeys.view()),
    'programs:create': ({ name }) => attempt(() => programKeys.create(name)),
    'programs:revoke': ({ name }) =>
      attempt(async () => {
        if (!(await programKeys.revoke(name)))
          throw new AppFailure(appError('program-key', { name, reason: 'unknown' }));
        return { revoked: true };
      }),
    'programs:addFolder': ({ path }, caller) => attempt(() => programKeys.addFolder(path, caller)),
    'programs:removeFolder': ({ path }) => attempt(() => programKeys.removeFolder(path)),
  };
}
