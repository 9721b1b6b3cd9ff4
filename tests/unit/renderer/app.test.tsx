// @vitest-environment happy-dom
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ErrorBoundary } from '../../../renderer/src/app/ErrorBoundary';
import { createI18n } from '../../../renderer/src/i18n';
import { I18nextProvider } from 'react-i18next';
import { fakeBridge, job, renderApp } from '../../support/window/fake-bridge';

describe('the shell', () => {
  it('has the sections as tabs with one tab stop, moved by arrows, Home and End', async () => {
    const user = userEvent.setup({ delay: null });
    renderApp(fakeBridge());
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual([
      'Transcribe',
      'Live',
      'Jobs',
      'Dictionary',
      'Settings',
    ]);
    await user.tab();
    expect(document.activeElement).toBe(tabs[0]);
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(tabs[1]);
    expect(tabs[1]!.getAttribute('aria-selected')).toBe('true');
    expect(tabs.filter((t) => t.tabIndex === 0)).toEqual([tabs[1]]);
    await user.keyboard('{End}');
    expect(tabs[4]!.getAttribute('aria-selected')).toBe('true');
    await user.keyboard('{Home}');
    expect(tabs[0]!.getAttribute('aria-selected')).toBe('true');
  });

  it('moves the focus with the selection when a drop opens Transcribe (one tab looks chosen)', async () => {
    const user = userEvent.setup({ delay: null });
    renderApp(
      fakeBridge({
        'transcribe:files': (input: { files: string[] }) => ({
          ok: true,
          data: {
            jobs: [
              job('dropped', {
                status: 'queued',
                file: { path: `/data/${input.files[0]!}`, name: 'dropped.wav', size: 64 },
              }),
            ],
          },
        }),
      }),
    );
    const tabs = screen.getAllByRole('tab');
    await user.click(tabs[1]!);
    expect(document.activeElement).toBe(tabs[1]);
    const file = new File([new Uint8Array(64)], 'dropped.wav', { type: 'audio/wav' });
    fireEvent.drop(screen.getByTestId('window'), {
      dataTransfer: { files: [file], types: ['Files'] },
    });
    await waitFor(() => expect(tabs[0]!.getAttribute('aria-selected')).toBe('true'));
    expect(document.activeElement).toBe(tabs[0]);
    expect(await screen.findByText('dropped.wav')).toBeTruthy();
  });

  it('has one main landmark holding the open section', () => {
    renderApp(fakeBridge());
    const main = screen.getByRole('main');
    expect(main.querySelector('[role="tabpanel"]:not([hidden])')).toBeTruthy();
    expect(screen.getAllByRole('main')).toHaveLength(1);
  });

  it('opens the screens that load when opened, with their strings, focus staying on the tab', async () => {
    const user = userEvent.setup({ delay: null });
    renderApp(
      fakeBridge({
        'connections:test': () => ({ ok: true, data: { engines: ['-a-general'], key: 'none' } }),
      }),
    );
    const tabs = screen.getAllByRole('tab');
    await user.click(tabs[4]!);
    expect(await screen.findByRole('heading', { level: 1, name: 'Settings' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'API keys' })).toBeTruthy();
    expect(document.activeElement).toBe(tabs[4]);
    await user.keyboard('{ArrowLeft}');
    expect(await screen.findByRole('heading', { level: 1, name: 'Dictionary' })).toBeTruthy();
    expect(document.activeElement).toBe(tabs[3]);
    await user.keyboard('{ArrowLeft}');
    expect(await screen.findByRole('heading', { level: 1, name: 'Jobs' })).toBeTruthy();
    await user.keyboard('{ArrowLeft}');
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Live transcription' }),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Start' })).toBeTruthy();
    // Both languages came with the code: a switch shows the other at once.
    await user.click(tabs[4]!);
    await screen.findByRole('heading', { level: 1, name: 'Settings' });
    await user.selectOptions(screen.getByTestId('language'), 'ja');
    expect(screen.getByRole('heading', { level: 2, name: 'API キー' })).toBeTruthy();
  });

  it('shows the active connection and the local service state', async () => {
    renderApp(fakeBridge());
    await waitFor(() =>
      expect(screen.getByTestId('service-status').textContent).toContain('Running'),
    );
    const active = screen.getByTestId('active-connection');
    expect(active.dataset.id).toBe('local');
    expect(active.textContent).toBe('Connection: Local (offline)');
    // One picker for the connection (Transcribe's options), one for language and theme (the
    // header): the status bar and Settings show no second one.
    expect(active.querySelector('select')).toBeNull();
  });

  it('says when contact with the host is lost, and reads everything again once it is back', async () => {
    const bridge = fakeBridge();
    renderApp(bridge);
    await waitFor(() =>
      expect(bridge.calls.filter((c) => c.channel === 'jobs:list')).toHaveLength(1),
    );
    await waitFor(() =>
      expect(screen.getByTestId('service-status').textContent).toContain('Running'),
    );
    act(() => bridge.setReachable(false));
    expect(screen.getByTestId('host-lost').textContent).toContain(
      'Not connected to Kikitori: it stopped or does not answer. This window reconnects by itself',
    );
    // What the host said last is not known to hold: no green "Running" while it is away.
    expect(screen.getByTestId('service-status').textContent).toBe('Local service: Not connected');
    act(() => bridge.setReachable(true));
    expect(screen.queryByTestId('host-lost')).toBeNull();
    expect(screen.getByTestId('service-status').textContent).toContain('Running');
    await waitFor(() =>
      expect(bridge.calls.filter((c) => c.channel === 'jobs:list')).toHaveLength(2),
    );
  });

  it('switches to Japanese, remembers it, and sets the page language', async () => {
    const user = userEvent.setup({ delay: null });
    const { unmount } = renderApp(fakeBridge());
    await user.selectOptions(screen.getByTestId('language'), 'ja');
    expect(screen.getAllByRole('tab')[0]!.textContent).toBe('文字起こし');
    expect(document.documentElement.lang).toBe('ja');
    expect(localStorage.getItem('kikitori.lang')).toBe('ja');
    unmount();
    renderApp(fakeBridge());
    expect(screen.getAllByRole('tab')[1]!.textContent).toBe('ライブ');
    expect(screen.getAllByRole('tab')[2]!.textContent).toBe('ジョブ');
  });

  it('follows a chosen theme', async () => {
    const user = userEvent.setup({ delay: null });
    renderApp(fakeBridge());
    await user.selectOptions(screen.getByTestId('theme'), 'dark');
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(localStorage.getItem('kikitori.theme')).toBe('dark');
  });
});

describe('the error boundary', () => {
  it('says what happened and recovers with Try again', async () => {
    const user = userEvent.setup({ delay: null });
    let broken = true;
    function Fragile() {
      if (broken) throw new Error('the transcript list fell over');
      return <p>all well</p>;
    }
    const quiet = console.error;
    console.error = () => {};
    try {
      render(
        <I18nextProvider i18n={createI18n('en')}>
          <ErrorBoundary>
            <Fragile />
          </ErrorBoundary>
        </I18nextProvider>,
      );
      expect(screen.getByRole('alert').textContent).toContain('Something went wrong');
      expect(screen.getByText(/the transcript list fell over/)).toBeTruthy();
      broken = false;
      await user.click(screen.getByRole('button', { name: 'Try again' }));
      expect(screen.getByText('all well')).toBeTruthy();
    } finally {
      console.error = quiet;
    }
  });
});
