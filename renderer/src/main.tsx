import './lib/zod-config';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { hostBridge } from './lib/bridge';
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
