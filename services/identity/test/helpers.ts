import 'reflect-metadata';
import fs from 'node:fs';
import path from 'node:path';
import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { DataSource } from 'typeorm';
import type { Redis } from 'ioredis';
import { IDENTITY_HEADER, type IdentityClaims, type Role, type ServiceName } from '@brokerage/contracts';
import { REDIS_CLIENT } from '@brokerage/nest-common';
import { createTestApp, identityHeader, signServiceToken } from '@brokerage/nest-common/testing';
import { AppModule } from '../src/app.module.js';
import { PasswordService } from '../src/users/password.service.js';
import { MailService } from '../src/mail/mail.service.js';

// Tests hash many passwords on a shared 2-core machine: OWASP's minimum argon2id cost instead of argon2's default.
process.env.ARGON2_MEMORY_KIB ??= '19456';
process.env.ARGON2_TIME_COST ??= '2';
process.env.ARGON2_PARALLELISM ??= '1';
// The plain-http cookie (bb_session) as the launcher's local run sets it; login-logout.spec checks the Secure default.
process.env.COOKIE_SECURE ??= '0';
// The notices' digest tick runs when a test calls it (with its own clock), never on a timer.
process.env.NOTICE_DIGEST_TICK_MS ??= '0';

export interface Ctx {
  app: INestApplication;
  http: ReturnType<typeof request>;
  ds: DataSource;
  redis: Redis;
  mail: MailService;
}

export async function createApp(): Promise<Ctx> {
  const base = await createTestApp(AppModule, 'identity');
  return { ...base, redis: base.app.get<Redis>(REDIS_CLIENT), mail: base.app.get(MailService) };
}

export async function resetDb(ctx: Ctx): Promise<void> {
  await ctx.ds.query('TRUNCATE identity.users, identity.sessions, identity.password_reset_tokens CASCADE');
  await ctx.mail.flush();
  const dir = process.env.MAIL_DIR!;
  for (const f of fs.readdirSync(dir)) fs.rmSync(path.join(dir, f), { force: true });
}

/** Every response is scanned: no password, hash or token hash ever leaves identity. */
export function expectNoSecrets(body: unknown, extra: string[] = []): void {
  const text = JSON.stringify(body ?? null);
  expect(text).not.toMatch(/password_?hash/i);
  expect(text).not.toMatch(/"password"/i);
  expect(text).not.toMatch(/token_?hash/i);
  expect(text).not.toMatch(/\$argon2/);
  for (const s of extra) expect(text).not.toContain(s);
}

/** A service's token, signed with its own key (default: the gateway, the caller of /internal/sessions/resolve). */
export const serviceHeader = (service: ServiceName = 'gateway') => ({ [IDENTITY_HEADER]: signServiceToken(service) });

/** What the gateway would forward for a user: signed claims. */
export const userHeader = (claims: IdentityClaims) => identityHeader(claims);

let seq = 0;
export const uniqueEmail = (prefix = 'user') => `${prefix}.${Date.now().toString(36)}.${++seq}@example.com`;

export interface CreatedUser {
  id: string;
  email: string;
  name: string;
  role: Role;
  password: string;
}

/** Inserts a user directly (brokers and agents cannot register). */
export async function createUser(
  ctx: Ctx,
  o: { role: Role; email?: string; name?: string; password?: string; managerId?: string | null; active?: boolean },
): Promise<CreatedUser> {
  const password = o.password ?? 'secret-pass-1';
  const email = (o.email ?? uniqueEmail(o.role.toLowerCase())).toLowerCase();
  const name = o.name ?? `${o.role[0]}${o.role.slice(1).toLowerCase()} ${seq++}`;
  const hash = await ctx.app.get(PasswordService).hash(password);
  const [row] = await ctx.ds.query(
    `INSERT INTO identity.users (name, email, phone, role, is_active, password_hash, password_set_at, manager_id)
     VALUES ($1, $2, '555-0100', $3, $4, $5, now(), $6) RETURNING id`,
    [name, email, o.role, o.active ?? true, hash, o.managerId ?? null],
  );
  return { id: row.id, email, name, role: o.role, password };
}

export async function login(ctx: Ctx, email: string, password: string) {
  const res = await ctx.http.post('/auth/login').send({ email, password });
  const setCookie = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
  const cookie = setCookie.find((c) => c.startsWith('bb_session=') || c.startsWith('__Host-bb_session='));
  return { res, token: res.body.sessionToken as string, setCookie: cookie, cookieHeader: cookie?.split(';')[0] };
}

/** Resolves a token like the gateway does and returns the claims to sign (with `via`). */
export async function claimsFor(ctx: Ctx, token: string, via: 'cookie' | 'header' = 'header'): Promise<IdentityClaims> {
  const res = await ctx.http.post('/internal/sessions/resolve').set(serviceHeader()).send({ token });
  expect(res.status).toBe(200);
  return { ...(res.body as IdentityClaims), via };
}

export async function loginAs(ctx: Ctx, u: CreatedUser) {
  const l = await login(ctx, u.email, u.password);
  expect(l.res.status).toBe(200);
  const claims = await claimsFor(ctx, l.token);
  return { ...l, claims, headers: userHeader(claims) };
}

export async function readMail(to?: string): Promise<Array<{ to: string; subject: string; text: string; html: string; sentAt: string }>> {
  const dir = process.env.MAIL_DIR!;
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => JSON.parse(fs.readFileSync(path.join(dir, f), 'utf8')))
    .filter((m) => !to || m.to === to);
}

export const sha256 = async (s: string) => (await import('node:crypto')).createHash('sha256').update(s).digest('hex');
