// What the listings benches share: embedded PostgreSQL + Redis, a people stand-in for identity's internal API, the built
// listings service (node services/listings/dist/src/main.js, own port, fresh keys) and signed identities to call it with.
// The listings API is measured directly (the gateway's own overhead is bench:gateway, target ≤ 2 ms at p50).
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { ROOT, freePort, onCleanup, startChild, startPostgresAndRedis, waitFor } from './gateway-harness.mjs';

import { cleanup } from './gateway-harness.mjs';

export { cleanup, sleep } from './gateway-harness.mjs';

/** Runs a bench body (answers whether its targets were met), always cleans up, exits 0 / 1. */
export async function runBench(body) {
  let ok = false;
  try {
    ok = await body();
  } catch (err) {
    console.error(err);
  } finally {
    await cleanup();
  }
  process.exit(ok ? 0 : 1);
}

/** Open loop: `rate` requests/s for `seconds` s (at most 256 in flight; the rest counted as dropped). Latencies in ms. */
export async function openLoop(fn, { rate, seconds }) {
  const lat = [];
  let inFlight = 0;
  let dropped = 0;
  let errors = 0;
  const total = rate * seconds;
  const t0 = performance.now();
  const pending = [];
  for (let i = 0; i < total; i++) {
    const due = t0 + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    if (inFlight >= 256) { dropped++; continue; }
    inFlight++;
    const start = performance.now();
    pending.push(fn().then((ok) => { if (!ok) errors++; lat.push(performance.now() - start); }, () => { errors++; }).finally(() => { inFlight--; }));
  }
  await Promise.all(pending);
  return { lat, dropped, errors };
}

export function percentiles(lat) {
  const s = [...lat].sort((a, b) => a - b);
  const p = (q) => (s.length ? s[Math.min(s.length - 1, Math.floor(q * s.length))] : NaN);
  return { n: s.length, p50: p(0.5), p95: p(0.95), p99: p(0.99), max: s[s.length - 1] ?? NaN };
}

/** PostgreSQL + Redis (embedded), the identity stand-in and the listings service. */
export async function startListingsHarness({ logLevel = 'warn' } = {}) {
  const main = path.join(ROOT, 'services/listings/dist/src/main.js');
  if (!fs.existsSync(main)) throw new Error('services/listings/dist is missing: run `npm run build` first.');
  const { generateJwtKeys, jwtKeysFor, servicePrivateKeyName } = await import('@brokerage/embedded-infra');
  const { pg, redis } = await startPostgresAndRedis('listings');

  // identity's POST /internal/users/lookup and GET /internal/users, answering any id with a generated person
  const people = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const ids = req.method === 'POST' ? JSON.parse(body || '{"ids":[]}').ids : [];
      const users = ids.map((id) => ({ id, name: `Person ${id.slice(-4)}`, email: `${id.slice(-4)}@example.com`, role: 'SELLER',
        phone: null, isActive: true, createdAt: '2026-01-01T00:00:00.000Z', managerId: null, company: null }));
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ users }));
    });
  });
  await new Promise((r) => people.listen(0, '127.0.0.1', r));
  onCleanup(() => new Promise((r) => people.close(() => r())));

  const keys = generateJwtKeys();
  const port = await freePort();
  const internalPort = await freePort(); // /internal/* is served on the internal port only
  const env = { ...process.env, PORT: String(port), INTERNAL_PORT: String(internalPort), HOST: '127.0.0.1', DATABASE_URL: pg.url, REDIS_URL: redis.url,
    ...jwtKeysFor(keys, 'listings'), IDENTITY_URL: `http://127.0.0.1:${people.address().port}`, LOG_LEVEL: logLevel,
    SEED_DEMO: '0', NODE_ENV: 'production' };
  const { JSON_API_NODE_FLAGS } = await import('../../infra/launcher/stack.mjs');
  const child = startChild(process.execPath, [...JSON_API_NODE_FLAGS, main], env, 'listings'); // as the stack runs it
  const url = `http://127.0.0.1:${port}`;
  await waitFor(`${url}/health`, 60_000);

  const { SignJWT, importJWK } = await import('jose');
  const signer = async (privateJwk, iss, aud) => {
    const jwk = JSON.parse(privateJwk);
    const key = await importJWK(jwk, 'ES256');
    return (claims) => new SignJWT({ role: claims.role, name: claims.name }).setProtectedHeader({ alg: 'ES256', kid: jwk.kid })
      .setSubject(claims.sub).setIssuer(iss).setAudience(aud).setExpirationTime('30m').sign(key);
  };
  const user = await signer(keys.IDENTITY_JWT_PRIVATE_KEY, 'brokerage-gateway', 'brokerage-services');
  // each service signs with its own key (kid service-<name>-…), and listings accepts only the callers a route names
  const serviceSigners = new Map();
  const service = async (claims) => {
    if (!serviceSigners.has(claims.name)) {
      serviceSigners.set(claims.name, await signer(keys[servicePrivateKeyName(claims.name)], 'brokerage-service', 'brokerage-internal'));
    }
    return serviceSigners.get(claims.name)(claims);
  };
  const { default: pgLib } = await import('pg');
  const db = new pgLib.Pool({ connectionString: pg.url, max: 4 });
  db.on('error', () => {});
  onCleanup(() => db.end());
  return {
    url, internalUrl: `http://127.0.0.1:${internalPort}`, pid: child.pid, db,
    /** x-identity-token for a user (as the gateway signs it) or a service. */
    identityToken: (claims) => (claims.role === 'SERVICE' ? service({ ...claims, sub: `service:${claims.name}` }) : user(claims)),
  };
}
