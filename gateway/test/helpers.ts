import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { importJWK, SignJWT, type JWK } from 'jose';
import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';
import { SESSION_CACHE_AUDIENCE, SESSION_CACHE_ISSUER } from '@brokerage/contracts';
import { loadConfig, type GatewayConfig } from '../src/config.js';
import { buildGateway } from '../src/app.js';

export interface SeenRequest { method: string; url: string; headers: http.IncomingHttpHeaders; body: string }
export interface Upstream {
  url: string;
  port: number;
  seen: SeenRequest[];
  close(): Promise<void>;
}

/** A tiny real HTTP server standing in for a service; echoes what it received unless a handler answers. */
export async function startUpstream(name: string, handler?: (req: SeenRequest, res: http.ServerResponse) => boolean | void, port = 0): Promise<Upstream> {
  const seen: SeenRequest[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const r: SeenRequest = { method: req.method!, url: req.url!, headers: req.headers, body: Buffer.concat(chunks).toString('utf8') };
      seen.push(r);
      if (handler && handler(r, res)) return;
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ service: name, port: (server.address() as AddressInfo).port, method: r.method, url: r.url, bodyLength: r.body.length }));
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const p = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${p}`,
    port: p,
    seen,
    close: () => new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); }),
  };
}

/** A loopback port with nothing listening on it. */
export async function closedPort(): Promise<number> {
  const srv = net.createServer();
  await new Promise<void>((resolve) => srv.listen(0, '127.0.0.1', resolve));
  const port = (srv.address() as AddressInfo).port;
  await new Promise<void>((resolve) => srv.close(() => resolve()));
  return port;
}

export function write(file: string, text: string): void {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
}

/** A STATIC_DIR with a built-looking shell and remotes. */
export function makeStaticDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gw-static-'));
  write(path.join(dir, 'shell/dist/index.html'), '<!doctype html><title>shell</title><div id="root"></div>');
  write(path.join(dir, 'shell/dist/main.3f2a9c1d.js'), 'console.log("shell")');
  write(path.join(dir, 'shell/dist/favicon.svg'), '<svg/>');
  for (const [remote, folder] of [['mfe_public', 'mfe-public'], ['mfe_seller', 'mfe-seller']]) {
    write(path.join(dir, folder, 'dist/remoteEntry.js'), `var ${remote}=1`);
    write(path.join(dir, folder, 'dist/mf-manifest.json'), JSON.stringify({ id: remote, name: remote }));
    write(path.join(dir, folder, 'dist/static/js/async/__federation_expose_App.1a2b3c4d.js'), '1');
  }
  write(path.join(dir, 'infra/mfe-registry.json'), JSON.stringify({ remotes: { mfe_public: '/mfe/mfe_public/mf-manifest.json' } }));
  return dir;
}

/**
 * A session cache entry as identity writes it: claims (with `th`, the token hash it is stored under) + exp as a JWT
 * signed with `privateJwk` (identity's key by default); `expS` null: no exp at all.
 */
export async function sessionCacheEntry(claims: Record<string, unknown>, expS: number | null = Math.floor(Date.now() / 1000) + 60,
  privateJwk = process.env.SESSION_CACHE_PRIVATE_KEY!): Promise<string> {
  const jwk = JSON.parse(privateJwk) as JWK;
  const { sub, ...rest } = claims;
  return new SignJWT({ ...rest, ...(expS === null ? {} : { exp: expS }) }).setProtectedHeader({ alg: 'ES256', kid: jwk.kid })
    .setSubject(String(sub)).setIssuer(SESSION_CACHE_ISSUER).setAudience(SESSION_CACHE_AUDIENCE)
    .sign(await importJWK(jwk, 'ES256'));
}

export function testConfig(env: Record<string, string | undefined> = {}): GatewayConfig {
  const cfg = loadConfig({
    REDIS_URL: process.env.REDIS_URL,
    IDENTITY_JWT_PRIVATE_KEY: process.env.IDENTITY_JWT_PRIVATE_KEY,
    SERVICE_JWT_PRIVATE_KEY: process.env.SERVICE_JWT_PRIVATE_KEY,
    SESSION_CACHE_PUBLIC_KEYS: process.env.SESSION_CACHE_PUBLIC_KEYS,
    STATIC_DIR: env.STATIC_DIR ?? makeStaticDir(),
    PORT: '0',
    HOST: '127.0.0.1',
    // every test file shares one Redis and calls from 127.0.0.1: limits are high unless a test sets its own
    ...Object.fromEntries(['LOGIN', 'LOGIN_IP', 'RESET', 'FORMS', 'BAD_TOKENS'].map((k) => [`RATE_LIMIT_${k}_PER_MINUTE`, '10000'])),
    RATE_LIMIT_SIGNUPS_PER_HOUR: '10000',
    RATE_LIMIT_ACCOUNT_FAILURES: '10000',
    // the fake identity answers its internal route on the same port
    IDENTITY_INTERNAL_URL: env.UPSTREAM_IDENTITY,
    ...env,
  });
  return { ...cfg, logger: false };
}

export async function gateway(env: Record<string, string | undefined> = {}, tweak?: (c: GatewayConfig) => void) {
  const cfg = testConfig(env);
  tweak?.(cfg);
  const app = await buildGateway(cfg);
  await app.ready();
  return app;
}

/**
 * Two gateways on one Redis, listening on free ports, with an identity stand-in that knows no session but the cached
 * ones: it answers resolves 401 (unknown). An unreachable identity would make the gateways answer 503 instead (they
 * cannot tell a valid session from an unknown one).
 */
export async function twoGateways() {
  const identity = await startUpstream('identity', (_r, res) => { res.statusCode = 401; res.end('{"message":"Authentication required"}'); return true; });
  const g1 = await gateway({ UPSTREAM_IDENTITY: identity.url });
  const g2 = await gateway({ UPSTREAM_IDENTITY: identity.url });
  await g1.listen({ port: 0, host: '127.0.0.1' });
  await g2.listen({ port: 0, host: '127.0.0.1' });
  const urlOf = (g: typeof g1) => `http://127.0.0.1:${(g.server.address() as AddressInfo).port}`;
  return {
    g1, g2, url1: urlOf(g1), url2: urlOf(g2),
    close: async () => { await g1.close(); await g2.close(); await identity.close(); },
  };
}

export const sha256Hex = (t: string) => createHash('sha256').update(t).digest('hex');

/** Writes a genuine session cache entry for `token` (as identity does on a resolve): `session:<sha256>`, claim th. */
export async function cacheSession(redis: Redis, token: string, claims: Record<string, unknown>, ttlS = 60): Promise<void> {
  const th = sha256Hex(token);
  await redis.set(`session:${th}`, await sessionCacheEntry({ ...claims, th }), 'EX', ttlS);
}

/**
 * Polls `check` (which may make requests) until it holds, failing after `ms`: for what the gateway does on its own
 * schedule (a re-read, a cooldown), instead of a guessed sleep before one look.
 */
export async function eventually(check: () => Promise<boolean>, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 25));
  }
}
