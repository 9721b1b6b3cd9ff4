// @vitest-environment happy-dom
/**
 * The calls' notices in the window: their code and strings load with the first notice to show
 * (not with the first screen), and what they say goes to screen readers through a live region
 * the window has from its start, as a region added with its words already in it is not read by
 * every reader. Settings → Calls brings the same strings with Settings.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { CallView } from '../../../shared/domain/calls';
import { fakeBridge, renderApp } from '../../support/window/fake-bridge';

const call = (id: string, changes: Partial<CallView> = {}): CallView => ({
  id,
  app: 'Zoom',
  since: 1_700_000_000_000,
  state: 'asking',
  ...changes,
});

describe('the calls’ notices', () => {
  it('say a call through the live region that was there before it, once each', async () => {
    const bridge = fakeBridge();
    renderApp(bridge);
    const region = screen.getByTestId('call-spoken');
    expect(region.getAttribute('role')).toBe('status');
    expect(region.textContent).toBe('');
    expect(screen.queryByTestId('call-notice')).toBeNull();

    act(() => bridge.emit('calls:call', call('c1')));
    const notice = await screen.findByTestId('call-notice');
    expect(notice.dataset.state).toBe('asking');
    expect(notice.textContent).toContain('Zoom is using the microphone. Transcribe this call?');
    expect(within(notice).getByRole('button', { name: 'Transcribe the Zoom call' })).toBeTruthy();
    await waitFor(() =>
      expect(region.textContent).toBe('Zoom is using the microphone. Transcribe this call?'),
    );
    // The words went into the region the window had, not into one that came with them.
    expect(screen.getByTestId('call-spoken')).toBe(region);

    // A call busy with Live running, and closed: its words are said once; none is left.
    act(() => bridge.emit('calls:call', call('c1', { state: 'busy' })));
    await waitFor(() =>
      expect(region.textContent).toBe(
        'Zoom is using the microphone. Live was already running, so nothing was started.',
      ),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Close this notice about Zoom' }));
    expect(screen.queryByTestId('call-notice')).toBeNull();
    expect(screen.queryByRole('region', { name: 'Calls' })).toBeNull();

    // The next call, later: its notice shows, and only its words are said.
    act(() => bridge.emit('calls:call', call('c2', { app: 'Slack', since: 1_700_000_060_000 })));
    await waitFor(() =>
      expect(region.textContent).toBe('Slack is using the microphone. Transcribe this call?'),
    );
    expect(screen.getAllByTestId('call-notice')).toHaveLength(1);
  });

  it('are in Japanese when the window is', async () => {
    localStorage.setItem('kikitori.lang', 'ja');
    const bridge = fakeBridge({
      'calls:list': () => ({
        ok: true,
        data: {
          calls: [call('c1', { app: 'Teams' })],
          settings: { mode: 'ask', auto: [], never: [], seen: [] },
          watching: true,
        },
      }),
    });
    renderApp(bridge);
    const region = screen.getByTestId('call-spoken');
    expect((await screen.findByTestId('call-notice')).textContent).toContain(
      'Teams がマイクを使っています。この通話を文字起こししますか？',
    );
    await waitFor(() =>
      expect(region.textContent).toBe(
        'Teams がマイクを使っています。この通話を文字起こししますか？',
      ),
    );
  });
});

describe('Settings → Calls', () => {
  it('has its words with Settings, no notice having been shown', async () => {
    const user = userEvent.setup({ delay: null });
    renderApp(fakeBridge());
    await user.click(screen.getByRole('tab', { name: 'Settings' }));
    const mode = await screen.findByTestId('calls-mode');
    expect(within(mode).getByText('When a call starts')).toBeTruthy();
    expect(within(mode).getByRole('radio', { name: 'Ask me' })).toBeTruthy();
    expect(screen.queryByTestId('call-notice')).toBeNull();
  });
});
