// @vitest-environment happy-dom
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { FLASH_MS } from '../../../renderer/src/ui/use-flash';
import { DIARIZED } from '../../support/diarized';
import { fakeBridge, job, renderApp } from '../../support/window/fake-bridge';

const sessionid = '017c25ec12c00a304474a999';
const talk = job('talk', { mode: 'async', sessionid });

describe('icons', () => {
  // A symbol character as an icon shows as an empty box where no installed font has it (⧉ on
  // Debian's fonts): icons are drawn, and the control keeps its name.
  it('draws the copy-session-ID icon instead of relying on a font glyph; Export… says it opens a dialog', async () => {
    const user = userEvent.setup({ delay: null });
    const bridge = fakeBridge({
      'jobs:list': () => ({ ok: true, data: { jobs: [talk] } }),
      'jobs:get': () => ({ ok: true, data: { job: talk, transcript: DIARIZED } }),
    });
    renderApp(bridge);
    await user.click(screen.getByRole('tab', { name: 'Jobs' }));
    const copy = await screen.findByRole('button', { name: `Copy session ID ${sessionid}` });
    expect(copy.textContent).toBe('');
    expect(copy.querySelector('svg[data-icon="copy"]')).not.toBeNull();
    // A clock the test can move on: the flash ends without waiting its 2 s of real time.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'], shouldAdvanceTime: true });
    try {
      await user.click(copy);
      expect(await navigator.clipboard.readText()).toBe(sessionid);
      await waitFor(() => expect(copy.querySelector('svg[data-icon="check"]')).not.toBeNull());
      expect(copy.textContent).toBe('');
      // …and back to the copy icon after FLASH_MS, ready for the next copy.
      await act(async () => {
        vi.advanceTimersByTime(FLASH_MS);
      });
      expect(copy.querySelector('svg[data-icon="copy"]')).not.toBeNull();
    } finally {
      vi.useRealTimers();
    }

    // A copy the system refuses says so, in the window's language, instead of failing silently.
    const refused = vi
      .spyOn(navigator.clipboard, 'writeText')
      .mockRejectedValue(new DOMException('Write permission denied.', 'NotAllowedError'));
    await user.click(copy);
    expect((await screen.findByRole('alert')).textContent).toMatch(/^Could not copy/);
    refused.mockRestore();
    await user.click(copy);
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Open: talk.wav' }));
    // Export opens a dialog: an ellipsis says so, in the text (every font has it), no icon.
    const exportButton = await screen.findByRole('button', { name: 'Export…' });
    expect(exportButton.textContent.trim()).toBe('Export…');
    expect(exportButton.getAttribute('aria-haspopup')).toBe('dialog');
  });
});
