// Manual cross-service check of the admin portal, scoped /users and the user.deleted cascade through the gateway,
// against the real built stack (identity + listings + gateway; infra/launcher/stack.mjs on free ports, no demo data):
//   npm run build && node services/identity/scripts/smoke-delete-cascade.mjs
// Exits 1 on the first failed expectation. The seller is deleted while listings is down: the event must wait in its
// queue and take the listing with it when listings is back.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { startStack } from '../../../infra/launcher/stack.mjs';

const require = createRequire(import.meta.url);
const pg = require('pg');
const argon2 = require('argon2');

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'identity-smoke-'));
const stack = await startStack({ dataDir, freePorts: true, build: false, partial: true, quiet: true, env: { NO_COLOR: '1', SEED_DEMO: '0' }, log: () => {} });
const base = stack.url.replace('localhost', '127.0.0.1');
const call = async (method, p, body, token) => {
  const r = await fetch(base + p, {
    method,
    headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(token ? { 'x-session-token': token } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await r.text();
  return { status: r.status, body: text ? JSON.parse(text) : null };
};
const login = async (email, password) => (await call('POST', '/api/auth/login', { email, password })).body?.sessionToken;
const names = (res) => res.body.users.map((u) => `${u.role}:${u.name}`).sort();
async function until(what, fn, timeoutMs = 15_000) {
  const t0 = Date.now();
  for (;;) {
    if (await fn()) return Date.now() - t0;
    if (Date.now() - t0 > timeoutMs) throw new Error(`timed out: ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const db = new pg.Client({ connectionString: stack.env.DATABASE_URL });
try {
  await db.connect();
  const hash = await argon2.hash('broker-pass', { type: argon2.argon2id });
  await db.query(`INSERT INTO identity.users (name, email, role, password_hash, password_set_at) VALUES ('Smoke Broker', 'smoke.broker@example.com', 'BROKER', $1, now())`, [hash]);
  const broker = await login('smoke.broker@example.com', 'broker-pass');
  const create = async (body) => {
    const res = await call('POST', '/api/admin/users', { password: 'secret-1', ...body }, broker);
    assert.equal(res.status, 201, JSON.stringify(res.body));
    return res.body.user;
  };
  const agent = await create({ email: 'sm.agent@example.com', name: 'Sm Agent', role: 'AGENT' });
  const seller = await create({ email: 'sm.seller@example.com', name: 'Sm Seller', role: 'SELLER', managerId: agent.id });
  const buyer = await create({ email: 'sm.buyer@example.com', name: 'Sm Buyer' });
  await create({ email: 'other.buyer@example.com', name: 'Other Buyer' });
  const created = await call('POST', '/api/broker/listings', { title: 'Smoke Co', description: 'A test business', price: 1000, status: 'ACTIVE', sellerId: seller.id, buyerIds: [buyer.id], agentId: agent.id }, broker);
  assert.equal(created.status, 201, JSON.stringify(created.body));
  const listingId = created.body.listing.id;

  assert.deepEqual(names(await call('GET', '/api/users', null, await login('sm.agent@example.com', 'secret-1'))), ['BROKER:Smoke Broker', 'BUYER:Sm Buyer', 'SELLER:Sm Seller']);
  assert.deepEqual(names(await call('GET', '/api/users', null, await login('sm.buyer@example.com', 'secret-1'))), ['AGENT:Sm Agent', 'BROKER:Smoke Broker']);
  console.log('admin create → sign in, /users scoped by the listing: ok');

  assert.equal((await call('DELETE', `/api/broker/agent/${agent.id}`, null, broker)).status, 200);
  const agentMs = await until('listing without agent', async () => !(await call('GET', `/api/broker/listings/${listingId}`, null, broker)).body.listing.agent);
  console.log(`agent deleted: listing has no agent after ${agentMs} ms`);

  await stack.stopService('listings');
  assert.equal((await call('DELETE', `/api/broker/sellers/${seller.id}`, null, broker)).status, 200);
  await until('outbox row sent', async () => (await db.query(`SELECT 1 FROM identity.outbox WHERE payload->>'userId' = $1 AND sent_at IS NOT NULL`, [seller.id])).rowCount === 1);
  console.log('seller deleted while listings is down: user.deleted relayed to its queue');
  const t0 = Date.now();
  await stack.restartService('listings');
  await until('listing deleted', async () => (await call('GET', `/api/broker/listings/${listingId}`, null, broker)).status === 404);
  console.log(`listings back: the seller's listing is gone ${Date.now() - t0} ms after the restart began`);
  console.log('OK');
} catch (err) {
  console.error(err);
  process.exitCode = 1;
} finally {
  await db.end().catch(() => undefined);
  await stack.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
