/**
 * The app's watched folders (core/watch/watched-folders.ts): list, add (a typed path, checked,
 * or the system's folder picker), change, remove.
 */
import type { WatchedFolders } from '../watch/watched-folders';
import { attempt, type HandlerSet } from './types';

export type WatchChannel = 'watch:list' | 'watch:add' | 'watch:update' | 'watch:remove';

export function watchHandlers(deps: {
  readonly watched: WatchedFolders;
}): HandlerSet<WatchChannel> {
  const { watched } = deps;
  return {
    'watch:list': () => attempt(async () => watched.list()),
    'watch:add': (input, caller) =>
      attempt(async () => {
        const folder = await watched.add(input, caller);
        return folder ? { folder } : {};
      }),
    'watch:update': (input, caller) =>
      attempt(async () => ({ folder: await watched.update(input, caller) })),
    'watch:remove': ({ id }) => attempt(async () => ({ removed: await watched.remove(id) })),
  };
}
