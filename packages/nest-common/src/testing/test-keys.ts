import { generateKeyPairSync, randomUUID } from 'node:crypto';

/** A fresh EC P-256 key pair as env-style JSON: `privateKey` (JWK with kid) and `publicKeys` (JWKS). */
export function generateTestKey(kid = `test-${randomUUID().slice(0, 8)}`): { privateKey: string; publicKeys: string } {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  return {
    privateKey: JSON.stringify({ ...privateKey.export({ format: 'jwk' }), kid, alg: 'ES256' }),
    publicKeys: JSON.stringify({ keys: [{ ...publicKey.export({ format: 'jwk' }), kid, alg: 'ES256', use: 'sig' }] }),
  };
}
