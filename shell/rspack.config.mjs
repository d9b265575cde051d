import { createMfConfig } from '../infra/rspack/create-mf-config.mjs';

// Host: remotes are not known at build time; src/remotes.ts registers them from /mfe-registry.json at start.
export default createMfConfig({ name: 'shell', dir: import.meta.dirname, port: 3100, isHost: true, entry: './src/index.ts' });
