// @vitest-environment happy-dom
/**
 * The errors' sentences in the window: their tables are a chunk of their own, fetched as the
 * window starts and not before its first screen. A component that shows an error before they
 * arrive renders again once they have, in the window's language; were they not to arrive, the
 * error says so in the window's own strings, and they are asked for again. The tables are the
 * real ones; only when they arrive is the test's to say.
 */
import { act, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { createI18n, type Lang } from '../../../renderer/src/i18n';
import { errorTextSource, type ErrorTables } from '../../../renderer/src/ui/error-text';
import { appError, type AppError } from '../../../shared/domain/errors';
import { errorText } from '../../../shared/domain/error-text';

const tables = () => import('../../../shared/domain/error-text');
const full = appError('disk-full', { path: '/data' });

function shown(source: ReturnType<typeof errorTextSource>, lang: Lang, error: AppError) {
  const i18n = createI18n(lang);
  function Probe({ testId }: { testId: string }) {
    const sentence = source.useErrorText();
    return (
      <p role="alert" data-testid={testId}>
        {sentence(error)}
      </p>
    );
  }
  const view = render(
    <I18nextProvider i18n={i18n}>
      <Probe testId="first" />
    </I18nextProvider>,
  );
  return {
    i18n,
    text: (testId = 'first') => screen.getByTestId(testId).textContent,
    /** A second component showing the error, appearing later. */
    another: () =>
      view.rerender(
        <I18nextProvider i18n={i18n}>
          <Probe testId="first" />
          <Probe testId="second" />
        </I18nextProvider>,
      ),
  };
}

describe('an error shown before its sentence has arrived', () => {
  it('renders again with the sentence once the tables are there, and follows the language', async () => {
    let arrive!: () => void;
    const arrived = new Promise<void>((resolve) => (arrive = resolve));
    const source = errorTextSource(() => arrived.then(tables));
    const { i18n, text } = shown(source, 'ja', full);
    // The alert is there, its words not yet: when they come, a screen reader reads them.
    expect(text()).toBe('');
    arrive();
    await waitFor(() => expect(text()).toBe(errorText(full, 'ja')));
    await act(() => i18n.changeLanguage('en'));
    expect(text()).toBe(errorText(full, 'en'));
  });

  it('says so in the window’s words when they cannot be fetched, and asks again', async () => {
    let reachable = false;
    let asked = 0;
    const source = errorTextSource(async (): Promise<ErrorTables> => {
      asked += 1;
      if (!reachable) throw new TypeError('Failed to fetch dynamically imported module');
      return tables();
    });
    const { i18n, text, another } = shown(source, 'en', full);
    await waitFor(() => expect(text()).toBe(i18n.t('app.errorTextFailed')));
    expect(text()).toMatch(/^Something went wrong, but its description could not be loaded\./);
    // Asked as the window showed the error and once more as that failed: not in a loop.
    expect(asked).toBe(2);
    // The host back, the next error shown brings the tables, for every error on the screen.
    reachable = true;
    another();
    await waitFor(() => expect(text('second')).toBe(errorText(full, 'en')));
    expect(text()).toBe(errorText(full, 'en'));
    expect(asked).toBe(3);
  });

  it('hands the loaded tables to code outside components, fetched once', async () => {
    let asked = 0;
    const source = errorTextSource(() => {
      asked += 1;
      return tables();
    });
    const [first, second] = await Promise.all([source.loadErrorText(), source.loadErrorText()]);
    expect(first).toBe(second);
    expect(first.errorText(full, 'ja')).toBe(errorText(full, 'ja'));
    await source.loadErrorText();
    expect(asked).toBe(1);
  });
});
