export { signIdentity, identityHeader, type TestIdentity } from './sign-identity.js';
export { signServiceToken } from '../auth/identity-token.js';
