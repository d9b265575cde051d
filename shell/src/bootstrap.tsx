import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './App';
import { loadRegistry } from './remotes';

// Start fetching the registry at once; RemoteArea awaits it (and retries it) when it mounts a remote.
loadRegistry().catch((e) => console.error('[shell] registry', e));

const root = document.getElementById('root')!;
const app = (
  <StrictMode>
    <App />
  </StrictMode>
);
// A public page the gateway served prerendered (data-prerendered): adopt its markup instead of painting it again.
if (root.dataset.prerendered) hydrateRoot(root, app);
else createRoot(root).render(app);
