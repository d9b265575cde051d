import { IDENTITY_HEADER, type IdentityClaims } from '@brokerage/contracts';
import { signIdentityToken } from '../auth/identity-token.js';

/** Any identity the gateway could sign (sid and via included: restore-session and logout read them). */
export type TestIdentity = IdentityClaims;

/** A valid x-identity-token for tests (signed with process.env.INTERNAL_JWT_SECRET, like the gateway). */
export function signIdentity(identity: TestIdentity, options: { secret?: string; expiresInSeconds?: number } = {}): string {
  return signIdentityToken(identity, options.secret ?? process.env.INTERNAL_JWT_SECRET, options.expiresInSeconds);
}

/** `{ 'x-identity-token': signIdentity(identity) }` for supertest's .set(). */
export function identityHeader(identity: TestIdentity): Record<string, string> {
  return { [IDENTITY_HEADER]: signIdentity(identity) };
}
