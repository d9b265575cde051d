import { IDENTITY_HEADER, type IdentityClaims } from '@brokerage/contracts';
import jwt from 'jsonwebtoken';
import { signIdentityToken, signServiceToken as signServiceTokenWith } from '../auth/identity-token.js';

/** Any identity the gateway could sign (sid and via included: restore-session and logout read them); role SERVICE: a service. */
export type TestIdentity = IdentityClaims;

export interface SignOptions {
  /** Another private JWK to sign with (a forged token: not one of the keys services accept). */
  key?: string;
  /** An HS256 secret instead of a key (the old scheme: refused). */
  secret?: string;
  expiresInSeconds?: number;
}

/**
 * A valid x-identity-token for tests, signed like production does: users with the gateway's identity key
 * (process.env.IDENTITY_JWT_PRIVATE_KEY, set by the Jest global setup), role SERVICE with the service key.
 */
export function signIdentity(identity: TestIdentity, options: SignOptions = {}): string {
  if (options.secret) {
    const { sub, ...rest } = identity;
    return jwt.sign(rest, options.secret, { algorithm: 'HS256', subject: sub, expiresIn: options.expiresInSeconds ?? 60 });
  }
  if (identity.role === 'SERVICE') {
    return signServiceTokenWith(identity.name, options.key ?? process.env.SERVICE_JWT_PRIVATE_KEY, options.expiresInSeconds);
  }
  return signIdentityToken(identity, options.key ?? process.env.IDENTITY_JWT_PRIVATE_KEY, options.expiresInSeconds);
}

/** `{ 'x-identity-token': signIdentity(identity) }` for supertest's .set(). */
export function identityHeader(identity: TestIdentity): Record<string, string> {
  return { [IDENTITY_HEADER]: signIdentity(identity) };
}

/** A service token for `serviceName` signed with the test service key (process.env.SERVICE_JWT_PRIVATE_KEY). */
export function signServiceToken(serviceName: string): string {
  return signServiceTokenWith(serviceName, process.env.SERVICE_JWT_PRIVATE_KEY);
}
