import './host/zod-config';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
// The window's global styles and the shared vocabulary every screen writes by hand (buttons,
// fields, chips, views), before any component's own: a module's stylesheet is imported by the
// module that draws it (the shell's and Transcribe's load with the window; a lazy screen's, and
// the dialogs' and menus', load with their chunk, after these), and narrow-window rules sit at
// the end of the sheet they override. See renderer/README.md.
import './styles/tokens.css';
import './styles/base.css';
import './ui/views.css';
import './ui/buttons.css';
import './ui/fields.css';
import './ui/status.css';
import './ui/row-text.css';
import { App } from './app/App';
import { hostBridge } from './host/bridge';
import { loadErrorText } from './ui/error-text';

const bridge = hostBridge();
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App bridge={bridge} />
  </StrictMode>,
);
// The errors' sentences, a chunk of their own: fetched now, beside the first render, not before it.
void loadErrorText().catch(() => {});
