import './host/zod-config';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { hostBridge } from './host/bridge';
// Dictionary's and Settings' stylesheets load with the window and come first, as before their
// code was split off: narrow.css overrides some of their rules by coming later.
import './features/dictionary/dictionary.css';
import './features/settings/settings.css';
import './styles/tokens.css';
import './styles/base.css';
import './styles/components.css';
import './styles/narrow.css';

const bridge = hostBridge();
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App bridge={bridge} />
  </StrictMode>,
);
