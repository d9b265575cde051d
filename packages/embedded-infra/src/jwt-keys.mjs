// ES256 key pairs of the identity scheme (docs/CONVENTIONS.md "Identity across services"), as single-line JSON env
// values: a private JWK (with kid) for the signer, a JWKS of public keys for the verifiers.
//   node packages/embedded-infra/src/jwt-keys.mjs   prints fresh KEY=value lines for a compose .env
import crypto from 'node:crypto';
import { fileURLToPath } from 'node:url';

/** @typedef {{ privateKey: string, publicKeys: string }} KeyPairEnv */

/**
 * @param {string} kid
 * @returns {KeyPairEnv}
 */
function keyPair(kid) {
  const { privateKey, publicKey } = crypto.generateKeyPairSync('ec', { namedCurve: 'P-256' });
  return {
    privateKey: JSON.stringify({ ...privateKey.export({ format: 'jwk' }), kid, alg: 'ES256' }),
    publicKeys: JSON.stringify({ keys: [{ ...publicKey.export({ format: 'jwk' }), kid, alg: 'ES256', use: 'sig' }] }),
  };
}

/**
 * Three fresh key pairs: the gateway's (user identities), the services' (service-to-service tokens) and identity's
 * (session cache entries in Redis). Kids carry the date and a random suffix, so a rotation can list old and new.
 * @returns {Record<string, string>}
 */
export function generateJwtKeys() {
  const stamp = new Date().toISOString().slice(0, 10);
  const id = () => `${stamp}-${crypto.randomBytes(4).toString('hex')}`;
  const identity = keyPair(`gw-${id()}`);
  const service = keyPair(`svc-${id()}`);
  const cache = keyPair(`sc-${id()}`);
  return {
    IDENTITY_JWT_PRIVATE_KEY: identity.privateKey,
    IDENTITY_JWT_PUBLIC_KEYS: identity.publicKeys,
    SERVICE_JWT_PRIVATE_KEY: service.privateKey,
    SERVICE_JWT_PUBLIC_KEYS: service.publicKeys,
    SESSION_CACHE_PRIVATE_KEY: cache.privateKey,
    SESSION_CACHE_PUBLIC_KEYS: cache.publicKeys,
  };
}

export const JWT_KEY_NAMES = Object.freeze(['IDENTITY_JWT_PRIVATE_KEY', 'IDENTITY_JWT_PUBLIC_KEYS', 'SERVICE_JWT_PRIVATE_KEY',
  'SERVICE_JWT_PUBLIC_KEYS', 'SESSION_CACHE_PRIVATE_KEY', 'SESSION_CACHE_PUBLIC_KEYS']);

/**
 * The keys each kind of process may hold: only the gateway can sign user identities, only identity can sign session
 * cache entries; every service signs its own internal calls.
 * @param {Record<string, string>} keys
 * @param {'gateway' | 'identity' | 'service'} kind
 * @returns {Record<string, string>}
 */
export function jwtKeysFor(keys, kind) {
  if (kind === 'gateway') {
    return pick(keys, ['IDENTITY_JWT_PRIVATE_KEY', 'SERVICE_JWT_PRIVATE_KEY', 'SESSION_CACHE_PUBLIC_KEYS']);
  }
  const common = pick(keys, ['IDENTITY_JWT_PUBLIC_KEYS', 'SERVICE_JWT_PUBLIC_KEYS', 'SERVICE_JWT_PRIVATE_KEY']);
  return kind === 'identity' ? { ...common, ...pick(keys, ['SESSION_CACHE_PRIVATE_KEY']) } : common;
}

/**
 * @param {Record<string, string>} o
 * @param {string[]} names
 */
function pick(o, names) {
  /** @type {Record<string, string>} */
  const r = {};
  for (const n of names) if (o[n]) r[n] = o[n];
  return r;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  for (const [k, v] of Object.entries(generateJwtKeys())) process.stdout.write(`${k}=${v}\n`);
}
