import { createMfConfig } from '../infra/rspack/create-mf-config.mjs';

// One remote for /broker/* and /agent/* (the agent area is the broker area minus Agents and Admin Portal).
export default createMfConfig({
  name: 'mfe_staff',
  dir: import.meta.dirname,
  port: 3104,
  exposes: { './App': './src/App.tsx' },
});
