import { createLocalJWKSet, importJWK, type JSONWebKeySet, type JWK, type JWTVerifyGetKey } from 'jose';

/** A private signing key and its kid (the key id the verifiers pick the public key by). */
export interface GatewaySigningKey { kid: string; key: CryptoKey | Uint8Array }

/** Parses a private EC P-256 JWK given as single-line JSON (env), e.g. IDENTITY_JWT_PRIVATE_KEY. */
export async function importSigningKey(text: string, what: string): Promise<GatewaySigningKey> {
  let jwk: JWK;
  try { jwk = JSON.parse(text) as JWK; } catch { throw new Error(`${what} is not JSON (an EC P-256 private JWK)`); }
  if (jwk.kty !== 'EC' || jwk.crv !== 'P-256' || typeof jwk.d !== 'string' || !jwk.kid) {
    throw new Error(`${what} must be an EC P-256 private JWK with a kid`);
  }
  return { kid: jwk.kid, key: await importJWK(jwk, 'ES256') as CryptoKey };
}

/** Parses a JWKS of public EC P-256 keys (each with a kid); jose picks the key by the token's kid. */
export function publicKeySet(text: string, what: string): JWTVerifyGetKey {
  let set: JSONWebKeySet;
  try { set = JSON.parse(text) as JSONWebKeySet; } catch { throw new Error(`${what} is not JSON (a JWKS)`); }
  if (!Array.isArray(set?.keys) || set.keys.length === 0 || set.keys.some((k) => k.kty !== 'EC' || k.crv !== 'P-256' || !k.kid || 'd' in k)) {
    throw new Error(`${what} must be a JWKS of public EC P-256 keys, each with a kid`);
  }
  return createLocalJWKSet(set);
}
