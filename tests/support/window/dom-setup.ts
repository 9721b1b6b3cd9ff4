/**
 * What the test DOM (happy-dom, jsdom for one file) may lack and the window uses: matchMedia
 * (theme), ResizeObserver (virtualized list), scrollIntoView. Plain stand-ins for browser APIs,
 * not for any of the app's own code; each only where the DOM has none.
 */
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeAll } from 'vitest';

// Jobs, Dictionary, Settings and the viewer load when opened: here that is vitest transforming
// their modules on first import, which on a loaded machine can take longer than findBy's 1 s.
configure({ asyncUtilTimeout: 10_000 });

// The unit tier's set-up file for every file (vitest.config.ts): only those in a test DOM need this.
if (typeof window !== 'undefined') {
  window.matchMedia ??= ((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
    dispatchEvent: () => false,
  })) as typeof window.matchMedia;

  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;

  Element.prototype.scrollIntoView ??= function scrollIntoView() {};

  // The errors' sentences, which the window fetches as it starts (renderer/src/main.tsx): here
  // before any test renders, so each sees the window a moment after its start. What shows before
  // they arrive is tests/unit/renderer/error-text.test.tsx's.
  beforeAll(async () => {
    const { loadErrorText } = await import('../../../renderer/src/ui/error-text');
    await loadErrorText();
  });

  afterEach(() => {
    cleanup();
    localStorage.clear();
    sessionStorage.clear();
  });

  // The test DOM lays nothing out: give elements a window-sized box, as the virtualized list measures its
  // scroll container to know how many rows fit.
  for (const [name, size] of [
    ['offsetHeight', 700],
    ['offsetWidth', 1200],
    ['clientHeight', 700],
    ['clientWidth', 1200],
  ] as const) {
    Object.defineProperty(HTMLElement.prototype, name, { configurable: true, get: () => size });
  }
}
