// ES256 key pairs of the identity scheme (docs/CONVENTIONS.md "Identity across services"), as single-line JSON env
// values: a private JWK (with kid) for the signer, a JWKS of public keys for the verifiers.
//   node packages/embedded-infra/src/jwt-keys.mjs   prints fresh KEY=value lines for a compose .env
import crypto from 'node:crypto';
import { fileURLToPath } from 'node:url';

/** @typedef {{ privateKey: string, publicKey: Record<string, unknown> }} KeyPairEnv */

/**
 * @param {string} kid
 * @returns {KeyPairEnv}
 */
function keyPair(kid) {
  const { privateKey, publicKey } = crypto.generateKeyPairSync('ec', { namedCurve: 'P-256' });
  return {
    privateKey: JSON.stringify({ ...privateKey.export({ format: 'jwk' }), kid, alg: 'ES256' }),
    publicKey: { ...publicKey.export({ format: 'jwk' }), kid, alg: 'ES256', use: 'sig' },
  };
}

/** @param {Record<string, unknown>[]} keys */
const jwks = (keys) => JSON.stringify({ keys });

/**
 * Every process that calls internal routes signs with its own service key (kid `service-<name>-…`, the name a verified
 * token must carry); the pdf worker calls nothing. Same list as SERVICE_NAMES in @brokerage/contracts.
 */
export const SERVICE_KEY_OWNERS = Object.freeze(['identity', 'listings', 'documents', 'messaging', 'checklists', 'gateway']);

/**
 * Name of a service's private key in the generated set (secrets.json, compose .env); the process itself receives it
 * as SERVICE_JWT_PRIVATE_KEY.
 * @param {string} name
 */
export const servicePrivateKeyName = (name) => `SERVICE_JWT_PRIVATE_KEY_${name.toUpperCase()}`;

/**
 * Fresh key pairs: the gateway's (user identities), one per service (service-to-service tokens; their public halves
 * form SERVICE_JWT_PUBLIC_KEYS) and identity's (session cache entries in Redis). Kids carry the date and a random
 * suffix, so a rotation can list old and new.
 * @returns {Record<string, string>}
 */
export function generateJwtKeys() {
  const stamp = new Date().toISOString().slice(0, 10);
  const id = () => `${stamp}-${crypto.randomBytes(4).toString('hex')}`;
  const identity = keyPair(`gw-${id()}`);
  const cache = keyPair(`sc-${id()}`);
  /** @type {Record<string, string>} */
  const services = {};
  const servicePublic = [];
  for (const name of SERVICE_KEY_OWNERS) {
    const pair = keyPair(`service-${name}-${id()}`);
    services[servicePrivateKeyName(name)] = pair.privateKey;
    servicePublic.push(pair.publicKey);
  }
  return {
    IDENTITY_JWT_PRIVATE_KEY: identity.privateKey,
    IDENTITY_JWT_PUBLIC_KEYS: jwks([identity.publicKey]),
    SERVICE_JWT_PUBLIC_KEYS: jwks(servicePublic),
    ...services,
    SESSION_CACHE_PRIVATE_KEY: cache.privateKey,
    SESSION_CACHE_PUBLIC_KEYS: jwks([cache.publicKey]),
  };
}

export const JWT_KEY_NAMES = Object.freeze(['IDENTITY_JWT_PRIVATE_KEY', 'IDENTITY_JWT_PUBLIC_KEYS', 'SERVICE_JWT_PUBLIC_KEYS',
  ...SERVICE_KEY_OWNERS.map(servicePrivateKeyName), 'SESSION_CACHE_PRIVATE_KEY', 'SESSION_CACHE_PUBLIC_KEYS']);

/**
 * The keys one process may hold, under the names it reads: only the gateway signs user identities, only identity signs
 * session cache entries, and each service (and the gateway, for its session lookups) signs its internal calls with its
 * own SERVICE_JWT_PRIVATE_KEY. The pdf worker (`pdf`) verifies tokens but calls no one: no private key.
 * @param {Record<string, string>} keys  a set from generateJwtKeys()
 * @param {string} processName  'gateway', 'identity', 'listings', 'documents', 'messaging', 'checklists' or 'pdf'
 * @returns {Record<string, string>}
 */
export function jwtKeysFor(keys, processName) {
  const own = SERVICE_KEY_OWNERS.includes(processName) ? keys[servicePrivateKeyName(processName)] : undefined;
  if (SERVICE_KEY_OWNERS.includes(processName) && !own) throw new Error(`no ${servicePrivateKeyName(processName)} in the key set`);
  if (!SERVICE_KEY_OWNERS.includes(processName) && processName !== 'pdf') throw new Error(`unknown process ${processName}`);
  const signing = own ? { SERVICE_JWT_PRIVATE_KEY: own } : {};
  if (processName === 'gateway') return { ...pick(keys, ['IDENTITY_JWT_PRIVATE_KEY', 'SESSION_CACHE_PUBLIC_KEYS']), ...signing };
  const common = { ...pick(keys, ['IDENTITY_JWT_PUBLIC_KEYS', 'SERVICE_JWT_PUBLIC_KEYS']), ...signing };
  return processName === 'identity' ? { ...common, ...pick(keys, ['SESSION_CACHE_PRIVATE_KEY']) } : common;
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
