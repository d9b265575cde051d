import { createMfConfig } from '../infra/rspack/create-mf-config.mjs';

export default createMfConfig({
  name: 'mfe_buyer',
  dir: import.meta.dirname,
  port: 3103,
  exposes: { './App': './src/App.tsx' },
});
