// @vitest-environment happy-dom
/**
 * The window's watched folders: the list is heard both in answers and in events, which
 * need not arrive in order; the window keeps the highest revision, so a late event of an older
 * state (a folder switched off, then on again) never shows over the newer one.
 */
import { describe, expect, it } from 'vitest';
import { createAppStore } from '../../../renderer/src/store/store';
import type { WatchedFolderView } from '../../../shared/ipc/contract';
import { fakeBridge } from '../../support/window/table-bridge';

const folder = (state: 'watching' | 'off'): WatchedFolderView => ({
  id: 'f1',
  path: '/home/me/Recordings',
  formats: ['txt'],
  recursive: false,
  enabled: state === 'watching',
  status: { state },
});

describe('watched folders in the store', () => {
  it('keep the newest list, whichever of an answer and an event comes last', async () => {
    const store = createAppStore({
      bridge: fakeBridge({ 'watch:list': () => ({ folders: [folder('watching')], revision: 7 }) }),
    });
    const s = store.getState;
    expect((await s().loadWatchedFolders()).ok).toBe(true);
    expect(s().watchedFolders.map((f) => f.status.state)).toEqual(['watching']);
    // The event of the folder switched off (revision 5) arrives after the list of it on again.
    s().setWatchedFolders({ folders: [folder('off')], revision: 5 });
    expect(s().watchedFolders.map((f) => f.status.state)).toEqual(['watching']);
    s().setWatchedFolders({ folders: [folder('off')], revision: 8 });
    expect(s().watchedFolders.map((f) => f.status.state)).toEqual(['off']);
  });

  it('offers the system folder picker under Electron only', () => {
    const browser = createAppStore({ bridge: fakeBridge({}) });
    expect(browser.getState().folderPicker).toBe(false);
    const electron = createAppStore({ bridge: { ...fakeBridge({}), mode: 'electron' } });
    expect(electron.getState().folderPicker).toBe(true);
  });
});
