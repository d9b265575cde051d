import { createHmac, sign as signBytes } from 'node:crypto';
import {
  IDENTITY_HEADER, IDENTITY_JWT_AUDIENCE, IDENTITY_JWT_ISSUER, SERVICE_JWT_AUDIENCE, SERVICE_JWT_ISSUER, type IdentityClaims,
} from '@brokerage/contracts';
import { IDENTITY_TOKEN_TTL_SECONDS, JWT_ALGORITHM, parsePrivateJwk } from '../auth/identity-token.js';

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
 * A compact JWT signed at once: supertest's `.set()` takes the header value synchronously, and jose (which production
 * signs and verifies with, identity-token.ts) signs only asynchronously. ES256 with a private JWK (its kid in the
 * header), as the gateway and the services sign, or HS256 with a secret (the old scheme, which services refuse).
 * The payload goes as given: the claims, iss, aud, exp.
 */
export function signTestJwt(payload: Record<string, unknown>, by: { privateJwk: string | undefined } | { secret: string }): string {
  const part = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
  if ('secret' in by) {
    const input = `${part({ alg: 'HS256', typ: 'JWT' })}.${part(payload)}`;
    return `${input}.${createHmac('sha256', by.secret).update(input).digest('base64url')}`;
  }
  const key = parsePrivateJwk(by.privateJwk, 'test signing key');
  const input = `${part({ alg: JWT_ALGORITHM, typ: 'JWT', kid: key.kid })}.${part(payload)}`;
  return `${input}.${signBytes('sha256', Buffer.from(input), { key: key.key, dsaEncoding: 'ieee-p1363' }).toString('base64url')}`;
}

/** iat now and exp `ttl` seconds later. */
const lifetime = (ttl = IDENTITY_TOKEN_TTL_SECONDS) => {
  const iat = Math.floor(Date.now() / 1000);
  return { iat, exp: iat + ttl };
};

/** The claims of a service token as signServiceToken makes them. */
const serviceClaims = (name: string) => ({ sub: `service:${name}`, role: 'SERVICE', name, iss: SERVICE_JWT_ISSUER, aud: SERVICE_JWT_AUDIENCE });

/**
 * A valid x-identity-token for tests, with the claims production signs: users with the gateway's identity key
 * (process.env.IDENTITY_JWT_PRIVATE_KEY, set by the Jest global setup), role SERVICE with that service's own key.
 */
export function signIdentity(identity: TestIdentity, options: SignOptions = {}): string {
  const times = lifetime(options.expiresInSeconds);
  if (options.secret) return signTestJwt({ ...identity, ...times }, { secret: options.secret });
  if (identity.role === 'SERVICE') {
    return signTestJwt({ ...serviceClaims(identity.name), ...times }, { privateJwk: options.key ?? serviceKeyOf(identity.name) });
  }
  return signTestJwt({ ...identity, iss: IDENTITY_JWT_ISSUER, aud: IDENTITY_JWT_AUDIENCE, ...times }, { privateJwk: options.key ?? process.env.IDENTITY_JWT_PRIVATE_KEY });
}

/**
 * `{ 'x-identity-token': signIdentity(identity) }` for supertest's .set(). The token is signed each time the header is
 * read, so a header made once in a describe block is still valid when a test runs minutes later (all of a workspace's
 * spec files run in one module graph in CI: scripts/test-all.mjs, TEST_BUNDLE).
 */
export function identityHeader(identity: TestIdentity): Record<string, string> {
  const header = {} as Record<string, string>;
  Object.defineProperty(header, IDENTITY_HEADER, { enumerable: true, get: () => signIdentity(identity) });
  return header;
}

/** A service token for `serviceName`, signed with that service's test key. */
export function signServiceToken(serviceName: string): string {
  return signIdentity({ sub: `service:${serviceName}`, role: 'SERVICE', name: serviceName });
}

/**
 * What a compromised service could try: a service token claiming to be `claimed` (sub/name), signed with the genuine
 * key of `keyOf`. Services answer 401 unless the two are the same service.
 */
export function forgeServiceToken(claimed: string, keyOf: string): string {
  return signTestJwt({ ...serviceClaims(claimed), ...lifetime() }, { privateJwk: serviceKeyOf(keyOf) });
}
