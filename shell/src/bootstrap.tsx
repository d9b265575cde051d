import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@brokerage/ui/styles.css';
import { App } from './App';
import { loadRegistry } from './remotes';

// Start fetching the registry at once; RemoteArea awaits it (and retries it) when it mounts a remote.
loadRegistry().catch((e) => console.error('[shell] registry', e));

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
