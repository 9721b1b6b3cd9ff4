/** The providers around the shell: store, i18n, theme, the error boundary. */
import { useEffect, useMemo, useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import type { Bridge } from '../host/bridge';
import { BridgeContext } from '../host/use-bridge';
import { createI18n } from '../i18n';
import type { CaptureApi } from '../store/live-capture';
import { connectStore, createAppStore, StoreContext, useApp } from '../store/store';
import { ErrorBoundary } from './ErrorBoundary';
import { FinishedJobNotifier } from './finished-jobs';
import { Shell } from './Shell';
import { useTheme } from './use-theme';

function LanguageAndTheme({ children }: { children: React.ReactNode }) {
  const lang = useApp((s) => s.lang);
  const [i18n] = useState(() => createI18n(lang));
  useEffect(() => {
    void i18n.changeLanguage(lang);
    document.documentElement.lang = lang;
  }, [i18n, lang]);
  useTheme();
  return <I18nextProvider i18n={i18n}>{children}</I18nextProvider>;
}

/** The microphone, fetched with the Live screen's code when first used (not in the first screen). */
const capture: CaptureApi = {
  listInputs: () => import('../features/live/capture/capture').then((m) => m.listInputs()),
  listOutputs: () => import('../features/live/capture/capture').then((m) => m.listOutputs()),
  startCapture: (options) =>
    import('../features/live/capture/capture').then((m) => m.startCapture(options)),
};

export function App({ bridge }: { bridge: Bridge }) {
  const store = useMemo(() => createAppStore({ bridge, capture }), [bridge]);
  useEffect(() => connectStore(store, bridge), [store, bridge]);
  return (
    <BridgeContext.Provider value={bridge}>
      <StoreContext.Provider value={store}>
        <LanguageAndTheme>
          <ErrorBoundary>
            <FinishedJobNotifier />
            <Shell />
          </ErrorBoundary>
        </LanguageAndTheme>
      </StoreContext.Provider>
    </BridgeContext.Provider>
  );
}
