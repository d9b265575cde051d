import { Injectable } from '@nestjs/common';
import { MSG, type IdentityClaims, type PublicUser } from '@brokerage/contracts';
import type { ClientMeta } from '../common/http.js';
import { forbidden, unauthorized } from '../common/errors.js';
import { SessionsService, type IssuedSession } from '../sessions/sessions.service.js';
import { PasswordService } from '../users/password.service.js';
import { UsersRepository } from '../users/users.repository.js';
import { toPublicUser } from '../users/user.mapper.js';
import type { User } from '../users/user.entity.js';

export interface SignedIn {
  user: PublicUser;
  session: IssuedSession;
}

const MAX_PASSWORD_INPUT = 1024;

@Injectable()
export class AuthService {
  constructor(
    private readonly users: UsersRepository,
    private readonly passwords: PasswordService,
    private readonly sessions: SessionsService,
  ) {}

  /** Same 401 for an unknown e-mail and a wrong password; the unknown path still runs one argon2 verify. */
  async login(email: string, password: string, meta: ClientMeta): Promise<SignedIn> {
    const normalized = email.trim().toLowerCase();
    if (password.length > MAX_PASSWORD_INPUT || normalized.length > 320) {
      await this.passwords.verifyDummy('x');
      throw unauthorized(MSG.invalidCredentials);
    }
    const user = await this.users.findByEmailWithHash(normalized);
    const ok = await this.passwords.verify(user?.passwordHash, password);
    if (!user || !ok || user.signupPendingSince) throw unauthorized(MSG.invalidCredentials);
    if (!user.isActive) throw forbidden(MSG.accountArchived);
    const session = await this.sessions.issue(user.id, meta, undefined, { role: user.role, name: user.name, email: user.email });
    return { user: toPublicUser(user), session };
  }

  /**
   * The session the caller's requests actually carry, with the gateway's precedence: the x-session-token header when
   * one is sent (a stale header is answered as signed out, even beside a valid cookie, so the client restores it),
   * else the bb_session cookie, else the gateway's verified claims (sid). Returns the live claims or null.
   */
  async sessionOf(opts: { claims?: IdentityClaims; cookieToken?: string; headerToken?: string }): Promise<IdentityClaims | null> {
    const token = opts.headerToken || opts.cookieToken;
    if (token) return this.sessions.resolveToken(token);
    if (opts.claims?.sid && opts.claims.role !== 'SERVICE') {
      const c = await this.sessions.findLiveBySid(opts.claims.sid);
      if (c && c.sub === opts.claims.sub) return c;
    }
    return null;
  }

  async currentUser(claims: IdentityClaims | null): Promise<User | null> {
    if (!claims) return null;
    const u = await this.users.findById(claims.sub);
    return u && u.isActive ? u : null;
  }

  /**
   * Deviation 2: restores only from a live session that came as the httpOnly cookie and belongs to the user named
   * in the body. Rotates: a fresh session replaces the old one.
   */
  async restore(
    body: { userId: string; email: string },
    from: { cookieToken?: string; claims?: IdentityClaims },
    meta: ClientMeta,
  ): Promise<SignedIn> {
    let live: IdentityClaims | null = null;
    if (from.cookieToken) live = await this.sessions.resolveToken(from.cookieToken);
    else if (from.claims?.via === 'cookie' && from.claims.sid) {
      const c = await this.sessions.findLiveBySid(from.claims.sid);
      if (c && c.sub === from.claims.sub) live = c;
    }
    if (!live) throw unauthorized(MSG.authRequired);
    const user = await this.users.findById(live.sub);
    if (
      !user ||
      !user.isActive ||
      user.id !== body.userId ||
      user.email.toLowerCase() !== body.email.trim().toLowerCase()
    ) {
      throw unauthorized(MSG.authRequired);
    }
    const session = await this.sessions.issue(user.id, meta);
    await this.sessions.revoke(live.sid!);
    return { user: toPublicUser(user), session };
  }

  async logout(sid: string | undefined, cookieToken: string | undefined, headerToken: string | undefined): Promise<void> {
    if (sid) await this.sessions.revoke(sid);
    for (const t of [cookieToken, headerToken]) if (t) await this.sessions.revokeToken(t);
  }
}
