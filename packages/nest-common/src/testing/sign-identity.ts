import { createPrivateKey } from 'node:crypto';
import { IDENTITY_HEADER, SERVICE_JWT_AUDIENCE, SERVICE_JWT_ISSUER, type IdentityClaims } from '@brokerage/contracts';
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
 * The test private key of a service (`SERVICE_JWT_PRIVATE_KEY_<NAME>`, set by the Jest global setup for identity,
 * listings, documents, messaging, checklists and gateway): what that service signs its internal calls with.
 */
export function serviceKeyOf(serviceName: string): string {
  const key = process.env[`SERVICE_JWT_PRIVATE_KEY_${serviceName.toUpperCase()}`];
  if (!key) throw new Error(`no test service key for ${serviceName} (SERVICE_JWT_PRIVATE_KEY_${serviceName.toUpperCase()})`);
  return key;
}

/**
 * A valid x-identity-token for tests, signed like production does: users with the gateway's identity key
 * (process.env.IDENTITY_JWT_PRIVATE_KEY, set by the Jest global setup), role SERVICE with that service's own key.
 */
export function signIdentity(identity: TestIdentity, options: SignOptions = {}): string {
  if (options.secret) {
    const { sub, ...rest } = identity;
    return jwt.sign(rest, options.secret, { algorithm: 'HS256', subject: sub, expiresIn: options.expiresInSeconds ?? 60 });
  }
  if (identity.role === 'SERVICE') {
    return signServiceTokenWith(identity.name, options.key ?? serviceKeyOf(identity.name), options.expiresInSeconds);
  }
  return signIdentityToken(identity, options.key ?? process.env.IDENTITY_JWT_PRIVATE_KEY, options.expiresInSeconds);
}

/** `{ 'x-identity-token': signIdentity(identity) }` for supertest's .set(). */
export function identityHeader(identity: TestIdentity): Record<string, string> {
  return { [IDENTITY_HEADER]: signIdentity(identity) };
}

/** A service token for `serviceName`, signed with that service's test key. */
export function signServiceToken(serviceName: string): string {
  return signServiceTokenWith(serviceName, serviceKeyOf(serviceName));
}

/**
 * What a compromised service could try: a service token claiming to be `claimed` (sub/name), signed with the genuine
 * key of `keyOf`. Services answer 401 unless the two are the same service.
 */
export function forgeServiceToken(claimed: string, keyOf: string): string {
  const jwk = JSON.parse(serviceKeyOf(keyOf)) as { kid: string };
  return jwt.sign({ role: 'SERVICE', name: claimed }, createPrivateKey({ key: jwk as never, format: 'jwk' }), {
    algorithm: 'ES256', keyid: jwk.kid, subject: `service:${claimed}`, issuer: SERVICE_JWT_ISSUER, audience: SERVICE_JWT_AUDIENCE, expiresIn: 60,
  });
}
