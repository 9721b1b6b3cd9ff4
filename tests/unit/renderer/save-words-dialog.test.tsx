// @vitest-environment happy-dom
/** The dictionary's Save: what the person closed stays closed, however late the diff comes. */
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { Result } from '../../../shared/ipc/contract';
import { SaveDialog } from '../../../renderer/src/features/dictionary/SaveDialog';
import { createAppStore } from '../../../renderer/src/store/store';
import { inStore } from '../../support/window/in-store';
import { fakeBridge } from '../../support/window/table-bridge';

afterEach(cleanup);

type Diff = { added: number; removed: number; changed: number };

function renderSave() {
  const asked: Array<(diff: Result<Diff>) => void> = [];
  const store = createAppStore({ bridge: fakeBridge({}) });
  store.setState({
    lang: 'en',
    dictDirty: true,
    dictProfile: 'meetings',
    previewSave: () => new Promise<Result<Diff>>((answer) => asked.push(answer)),
  });
  render(inStore(store, 'en', <SaveDialog blocked={false} />));
  return { asked };
}

const diff: Result<Diff> = { ok: true, data: { added: 1, removed: 0, changed: 0 } };

describe('Save of the word table', () => {
  it('stays closed when the person cancels before the diff arrives', async () => {
    const user = userEvent.setup({ delay: null });
    const { asked } = renderSave();
    await user.click(screen.getByRole('button', { name: 'Save…' }));
    const dialog = await screen.findByRole('alertdialog');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(dialog.isConnected).toBe(false));
    await act(async () => asked[0]!(diff));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Save…' }));
  });

  it('shows the diff of the latest opening, not one asked for before', async () => {
    const user = userEvent.setup({ delay: null });
    const { asked } = renderSave();
    await user.click(screen.getByRole('button', { name: 'Save…' }));
    await user.click(await screen.findByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Save…' }));
    await screen.findByRole('alertdialog');
    // The second opening's diff first, then the first's, late.
    await act(async () => asked[1]!(diff));
    await act(async () => asked[0]!({ ok: true, data: { added: 7, removed: 0, changed: 0 } }));
    expect((await screen.findByTestId('save-diff')).textContent).toContain('1');
    expect(screen.getByTestId('save-diff').textContent).not.toContain('7');
  });
});
