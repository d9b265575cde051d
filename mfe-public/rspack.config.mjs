import { createMfConfig } from '../infra/rspack/create-mf-config.mjs';

export default createMfConfig({
  name: 'mfe_public',
  dir: import.meta.dirname,
  port: 3101,
  exposes: { './App': './src/App.tsx' },
});
