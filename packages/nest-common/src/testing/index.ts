// Test-only helpers: import from '@brokerage/nest-common/testing' (never from service code).
export { signIdentity, identityHeader, type TestIdentity } from './sign-identity.js';
export { signServiceToken } from '../auth/identity-token.js';
export { DEMO_IDENTITIES, serviceIdentity } from './demo-identities.js';
export { createTestApp, waitFor, type TestApp } from './test-app.js';
export { expectHealthy, expectUnauthenticated, expectForbidden } from './expectations.js';
