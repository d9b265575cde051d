// Manual smoke test of the gateway against the real, built services (identity, listings, ...):
//   npm run build (or the services you need) && node gateway/scripts/smoke-stack.mjs
// Starts its own stack on free ports with demo data (infra/launcher/stack.mjs), logs in as the demo buyer and checks
// header and cookie sessions, anonymous / forged identity (401), logout revocation, /api/docs, the registry, the SPA.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startStack } from '../../infra/launcher/stack.mjs';
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'gw-e2e-'));
const t0 = Date.now();
const stack = await startStack({ dataDir, freePorts: true, build: false, partial: true, quiet: true, env: { SEED_DEMO: '1', NO_COLOR: '1' }, log: () => {} });
const base = stack.url.replace('localhost', '127.0.0.1');
console.log('stack up in', Date.now() - t0, 'ms at', base);
const j = async (method, p, body, headers = {}) => {
  const r = await fetch(base + p, { method, headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...headers }, body: body ? JSON.stringify(body) : undefined });
  const text = await r.text();
  return { status: r.status, body: text.slice(0, 300), setCookie: r.headers.get('set-cookie'), rid: r.headers.get('x-request-id') };
};
try {
  console.log('health identity', await j('GET', '/api/health/identity'));
  const login = await j('POST', '/api/auth/login', { email: 'buyer@example.com', password: 'demo-pass-2026' });
  console.log('login', login.status, login.body.slice(0, 120), 'cookie:', (login.setCookie || '').slice(0, 60));
  const token = JSON.parse(login.body).sessionToken;
  console.log('check-session (header)', await j('GET', '/api/auth/check-session', null, { 'x-session-token': token }));
  const cookie = (login.setCookie || '').split(';')[0];
  console.log('check-session (cookie)', await j('GET', '/api/auth/check-session', null, { cookie }));
  console.log('users probe', (await j('GET', '/api/users', null, { 'x-session-token': token })).status);
  console.log('users probe anonymous', (await j('GET', '/api/users')).status);
  console.log('forged identity', (await j('GET', '/api/users', null, { 'x-identity-token': 'x.y.z' })).status);
  const broker = await j('POST', '/api/auth/login', { email: 'broker@example.com', password: 'demo-pass-2026' });
  console.log('broker login', broker.status, 'GET /api/users as broker', (await j('GET', '/api/users', null, { 'x-session-token': JSON.parse(broker.body).sessionToken })).status);
  console.log('available-listings', (await j('GET', '/api/auth/available-listings')).body.slice(0, 120));
  console.log('logout', (await j('POST', '/api/auth/logout', null, { 'x-session-token': token })).status);
  console.log('check-session after logout', await j('GET', '/api/auth/check-session', null, { 'x-session-token': token }));
  console.log('users after logout', (await j('GET', '/api/users', null, { 'x-session-token': token })).status);
  const docs = await fetch(base + '/api/docs').then((r) => r.json());
  console.log('docs paths', Object.keys(docs.paths).length, 'unavailable', docs['x-unavailable']);
  console.log('registry', await j('GET', '/mfe-registry.json'));
  console.log('login page', (await j('GET', '/login')).status);
} finally {
  await stack.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
