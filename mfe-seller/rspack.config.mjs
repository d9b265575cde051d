import { createMfConfig } from '../infra/rspack/create-mf-config.mjs';

export default createMfConfig({
  name: 'mfe_seller',
  dir: import.meta.dirname,
  port: 3102,
  exposes: { './App': './src/App.tsx' },
});
