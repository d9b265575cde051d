import { createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';
import { SignJWT, decodeProtectedHeader, jwtVerify, type JWTPayload } from 'jose';
import {
  IDENTITY_JWT_AUDIENCE, IDENTITY_JWT_ISSUER, ROLES, SERVICE_JWT_AUDIENCE, SERVICE_JWT_ISSUER, SESSION_CACHE_AUDIENCE,
  SERVICE_KEY_ID_PREFIX, SESSION_CACHE_ISSUER, SESSION_CACHE_TOKEN_HASH_CLAIM, type IdentityClaims,
} from '@brokerage/contracts';

export const IDENTITY_TOKEN_TTL_SECONDS = 60;
export const JWT_ALGORITHM = 'ES256';

/** A private signing key (JWK with its `kid`). */
export interface SigningKey { kid: string; key: KeyObject }

// Parsed keys by their env text: env values do not change while a process runs, parsing a JWK is not free.
const privateCache = new Map<string, SigningKey>();
const publicCache = new Map<string, ReadonlyMap<string, KeyObject>>();

/** Parses a private EC P-256 JWK (single-line JSON with `kid`), e.g. SERVICE_JWT_PRIVATE_KEY. */
export function parsePrivateJwk(text: string | undefined, what: string): SigningKey {
  if (!text) throw new Error(`${what} must be set (an EC P-256 private JWK with a kid)`);
  let k = privateCache.get(text);
  if (!k) {
    let jwk: Record<string, unknown>;
    try { jwk = JSON.parse(text) as Record<string, unknown>; } catch { throw new Error(`${what} is not JSON (an EC P-256 private JWK)`); }
    if (jwk.kty !== 'EC' || jwk.crv !== 'P-256' || typeof jwk.d !== 'string' || typeof jwk.kid !== 'string' || !jwk.kid) {
      throw new Error(`${what} must be an EC P-256 private JWK with a kid`);
    }
    k = { kid: jwk.kid, key: createPrivateKey({ key: jwk as never, format: 'jwk' }) };
    privateCache.set(text, k);
  }
  return k;
}

/** Parses a JWKS (`{"keys":[…]}`, public EC P-256 keys, each with a kid): the small set accepted during a rotation. */
export function parsePublicJwks(text: string | undefined, what: string): ReadonlyMap<string, KeyObject> {
  if (!text) throw new Error(`${what} must be set (a JWKS of EC P-256 public keys)`);
  let set = publicCache.get(text);
  if (!set) {
    let keys: unknown;
    try { keys = (JSON.parse(text) as { keys?: unknown }).keys; } catch { throw new Error(`${what} is not JSON (a JWKS)`); }
    if (!Array.isArray(keys) || keys.length === 0) throw new Error(`${what} must be a JWKS with at least one key`);
    const m = new Map<string, KeyObject>();
    for (const jwk of keys as Record<string, unknown>[]) {
      if (jwk?.kty !== 'EC' || jwk.crv !== 'P-256' || typeof jwk.kid !== 'string' || !jwk.kid || 'd' in jwk) {
        throw new Error(`${what}: every key must be a public EC P-256 JWK with a kid`);
      }
      m.set(jwk.kid, createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: jwk.x, y: jwk.y } as never, format: 'jwk' }));
    }
    set = m;
    publicCache.set(text, set);
  }
  return set;
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

/** An ES256 JWT of the claims (sub apart), with the key's kid, issuer, audience, issued now and expiring at `exp`. */
function sign(claims: Record<string, unknown> & { sub: string }, key: SigningKey, iss: string, aud: string, exp: number): Promise<string> {
  const { sub, ...rest } = claims;
  return new SignJWT(rest)
    .setProtectedHeader({ alg: JWT_ALGORITHM, typ: 'JWT', kid: key.kid })
    .setSubject(sub).setIssuer(iss).setAudience(aud).setIssuedAt().setExpirationTime(exp)
    .sign(key.key);
}

/**
 * Signs a user identity JWT as the gateway does (ES256, iss/aud of the contracts, 60 s). Only the gateway holds
 * IDENTITY_JWT_PRIVATE_KEY in production; services and tests pass the key.
 */
export async function signIdentityToken(claims: IdentityClaims, privateJwk: string | undefined, expiresInSeconds = IDENTITY_TOKEN_TTL_SECONDS): Promise<string> {
  if (claims.role === 'SERVICE') throw new Error('a user identity cannot have role SERVICE (use signServiceToken)');
  return sign({ ...claims }, parsePrivateJwk(privateJwk, 'IDENTITY_JWT_PRIVATE_KEY'), IDENTITY_JWT_ISSUER, IDENTITY_JWT_AUDIENCE, nowSeconds() + expiresInSeconds);
}

/**
 * The service a service key belongs to, from its kid `service-<name>-…` (SERVICE_KEY_ID_PREFIX); undefined for any other
 * kid. A verified service token must name this service, so one service's key cannot speak for another.
 */
export function serviceOfKid(kid: string): string | undefined {
  if (!kid.startsWith(SERVICE_KEY_ID_PREFIX)) return undefined;
  const name = kid.slice(SERVICE_KEY_ID_PREFIX.length).split('-', 1)[0]!;
  return /^[a-z][a-z0-9]*$/.test(name) && kid.length > SERVICE_KEY_ID_PREFIX.length + name.length + 1 ? name : undefined;
}

/**
 * Token for service-to-service calls: {sub: 'service:<name>', role: 'SERVICE', name}, signed with that service's own key
 * (kid `service-<name>-…`; another service's key throws: it would be refused anyway) and the service audience.
 */
export async function signServiceToken(serviceName: string, privateJwk: string | undefined, expiresInSeconds = IDENTITY_TOKEN_TTL_SECONDS): Promise<string> {
  const key = parsePrivateJwk(privateJwk, 'SERVICE_JWT_PRIVATE_KEY');
  if (serviceOfKid(key.kid) !== serviceName) {
    throw new Error(`SERVICE_JWT_PRIVATE_KEY (kid ${key.kid}) is not the key of service ${serviceName} (kid service-${serviceName}-…)`);
  }
  return sign({ sub: `service:${serviceName}`, role: 'SERVICE', name: serviceName }, key, SERVICE_JWT_ISSUER, SERVICE_JWT_AUDIENCE, nowSeconds() + expiresInSeconds);
}

/**
 * Identity's session cache entry (Redis `session:<tokenHash>`): the claims as a JWT signed with SESSION_CACHE_PRIVATE_KEY,
 * expiring at `expS` (epoch seconds), bound to its key by the `th` claim (the token hash). The gateway verifies it with
 * the public half and checks `th` against the key, so a write to Redis can neither mint an entry nor move one.
 */
export function signSessionCacheEntry(claims: IdentityClaims, expS: number, privateJwk: string | undefined, tokenHash: string): Promise<string> {
  const key = parsePrivateJwk(privateJwk, 'SESSION_CACHE_PRIVATE_KEY');
  return sign({ ...claims, [SESSION_CACHE_TOKEN_HASH_CLAIM]: tokenHash }, key, SESSION_CACHE_ISSUER, SESSION_CACHE_AUDIENCE, expS);
}

export interface VerificationKeys {
  /** Gateway public keys: user identities (BROKER, AGENT, SELLER, BUYER) only. */
  identity: ReadonlyMap<string, KeyObject>;
  /** Service public keys (kid `service-<name>-…`, one or more per service): role SERVICE only, naming the kid's service. */
  service: ReadonlyMap<string, KeyObject>;
}

const USER_ROLES: readonly string[] = ROLES;

/** The `kid` of a compact JWS header (of a sane size), without verifying anything. */
function kidOf(token: string): string | undefined {
  const dot = token.indexOf('.');
  if (dot <= 0 || dot > 512) return undefined;
  try {
    return decodeProtectedHeader(token).kid;
  } catch { return undefined; }
}

/**
 * Verifies an x-identity-token: the kid picks the key set, and the key set fixes issuer, audience and the roles it may
 * carry — a service key never yields a user identity and a gateway key never yields SERVICE. A service token's sub and
 * name must be the service its key's kid names (documents' key cannot claim to be identity). Null when invalid.
 */
export async function verifyIdentityToken(token: string, keys: VerificationKeys): Promise<IdentityClaims | null> {
  const kid = kidOf(token);
  if (!kid) return null;
  const userKey = keys.identity.get(kid);
  const serviceKey = userKey ? undefined : keys.service.get(kid);
  const key = userKey ?? serviceKey;
  if (!key) return null;
  let payload: JWTPayload;
  try {
    ({ payload } = await jwtVerify(token, key, {
      algorithms: [JWT_ALGORITHM],
      issuer: userKey ? IDENTITY_JWT_ISSUER : SERVICE_JWT_ISSUER,
      audience: userKey ? IDENTITY_JWT_AUDIENCE : SERVICE_JWT_AUDIENCE,
      // exp is checked only when present: a token without one would never expire
      requiredClaims: ['exp', 'sub'],
    }));
  } catch { return null; }
  if (typeof payload.sub !== 'string' || typeof payload.role !== 'string') return null;
  if (userKey) {
    if (!USER_ROLES.includes(payload.role)) return null;
  } else {
    const service = serviceOfKid(kid);
    if (!service || payload.role !== 'SERVICE' || payload.sub !== `service:${service}` || payload.name !== service) return null;
  }
  const claims: IdentityClaims = { sub: payload.sub, role: payload.role as IdentityClaims['role'], name: typeof payload.name === 'string' ? payload.name : '' };
  if (typeof payload.email === 'string') claims.email = payload.email;
  if (typeof payload.sid === 'string') claims.sid = payload.sid;
  if (payload.via === 'cookie' || payload.via === 'header') claims.via = payload.via;
  return claims;
}
