import './host/zod-config';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { hostBridge } from './host/bridge';
// Every stylesheet, in cascade order (a later rule wins a tie): the styles live beside what they
// style, and are all loaded here, once, so their order is this list's. Dictionary's and Settings'
// come first, as before their code was split off; the shell's narrow layouts come last, as they
// override the rules of every screen below 1000 and 640 px.
import './features/dictionary/dictionary.css';
import './features/settings/settings.css';
import './styles/tokens.css';
import './styles/base.css';
import './ui/surfaces.css';
import './app/shell.css';
import './ui/views.css';
import './ui/controls.css';
import './features/transcribe/transcribe.css';
import './features/viewer/viewer.css';
import './features/jobs/jobs.css';
import './ui/dialogs.css';
import './ui/inline-text.css';
import './app/narrow.css';

const bridge = hostBridge();
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App bridge={bridge} />
  </StrictMode>,
);
