// contracts tests need no database: the shared service config minus the embedded-infra global setup (as api-client).
import base from '../../jest.service.config.js';

const { globalSetup, globalTeardown, ...rest } = base;
void globalSetup;
void globalTeardown;
export default { ...rest, rootDir: '.' };
