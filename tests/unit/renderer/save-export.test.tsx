// @vitest-environment happy-dom
/**
 * An export is saved by the host's save dialog under Electron (`export:save`) and by a download
 * in the browser, where the web host refuses that channel.
 */
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { appError } from '../../../shared/domain/errors';
import { saveExport, type ExportFile } from '../../../renderer/src/host/download';
import { useSaveExport } from '../../../renderer/src/features/export/use-save-export';
import { BridgeContext } from '../../../renderer/src/host/use-bridge';
import { StoreContext, createAppStore } from '../../../renderer/src/store/store';
import { createI18n } from '../../../renderer/src/i18n';
import { I18nextProvider } from 'react-i18next';
import { fakeBridge, type FakeBridge } from '../../support/window/fake-bridge';
import { SCREEN_STRINGS } from '../../support/window/in-store';

const FILE: ExportFile = {
  fileName: 'words.csv',
  text: 'written,spoken\r\n会議,かいぎ\r\n',
  format: 'csv',
};

/** The anchors the page clicked to download, with their file names. */
function watchDownloads() {
  const downloads: string[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    downloads.push(this.download);
  });
  const blobs: Blob[] = [];
  URL.createObjectURL = vi.fn((blob: Blob) => {
    blobs.push(blob);
    return 'blob:x';
  });
  URL.revokeObjectURL = vi.fn();
  return { downloads, blobs };
}

function electron(answer: FakeBridge['answers']['export:save']): FakeBridge {
  return Object.assign(fakeBridge({ 'export:save': answer }), { mode: 'electron' as const });
}

afterEach(() => vi.restoreAllMocks());

describe('saving an export', () => {
  it('under Electron asks the host, which shows the save dialog; nothing is downloaded', async () => {
    const { downloads } = watchDownloads();
    const bridge = electron(() => ({ ok: true, data: { saved: true, path: '/home/me/talk.srt' } }));
    expect(await saveExport(bridge, FILE)).toBeUndefined();
    expect(bridge.calls).toEqual([{ channel: 'export:save', input: FILE }]);
    expect(downloads).toEqual([]);
  });

  it('in the browser downloads the file with its name and type, and never calls the host', async () => {
    const { downloads, blobs } = watchDownloads();
    const bridge = fakeBridge();
    expect(
      await saveExport(bridge, { ...FILE, fileName: 'words.tsv', format: 'tsv' }),
    ).toBeUndefined();
    expect(downloads).toEqual(['words.tsv']);
    expect(blobs[0]!.type).toBe('text/tab-separated-values;charset=utf-8');
    expect(await blobs[0]!.text()).toBe(FILE.text);
    expect(bridge.calls.filter((c) => c.channel === 'export:save')).toEqual([]);
  });

  it('shows why the host could not save, and nothing when the dialog was cancelled', async () => {
    watchDownloads();
    const failure = appError('export-failed', { path: '/mnt/cd/talk.srt', reason: 'read-only' });
    const answers = [
      { ok: false as const, error: failure },
      { ok: true as const, data: { saved: false } },
    ];
    const bridge = electron(() => answers.shift()!);
    let save: ((file: ExportFile) => void) | undefined;
    function Probe() {
      const exporter = useSaveExport();
      save = exporter.save;
      return <>{exporter.problem}</>;
    }
    const store = createAppStore({ bridge });
    store.getState().setLang('en');
    render(
      <BridgeContext.Provider value={bridge}>
        <StoreContext.Provider value={store}>
          <I18nextProvider i18n={createI18n('en', ...SCREEN_STRINGS)}>
            <Probe />
          </I18nextProvider>
        </StoreContext.Provider>
      </BridgeContext.Provider>,
    );
    await act(async () => save!(FILE));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Kikitori could not save /mnt/cd/talk.srt: the disk is read-only.',
    );
    await act(async () => save!(FILE));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
