import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { roleSchema, type Role } from '@brokerage/contracts';
import { Session } from './session.entity.js';
import { z } from 'zod';
import { firstRow, rows, sqlColumn } from '@brokerage/nest-common';

export const SESSION_ABSOLUTE_MS = 7 * 24 * 60 * 60 * 1000;
export const SESSION_IDLE_SQL = `interval '2 hours'`;

const resolvedSessionRow = z
  .object({ sid: z.string(), expires_at: sqlColumn.time, user_id: z.string(), role: roleSchema, name: z.string(), email: z.string() })
  .describe('resolvedSessionRow');
const tokenHashRow = z.object({ token_hash: z.string() }).describe('tokenHashRow');

export interface ResolvedSessionRow {
  sid: string;
  expiresAt: Date;
  userId: string;
  role: Role;
  name: string;
  email: string;
}

@Injectable()
export class SessionsRepository {
  constructor(private readonly ds: DataSource) {}

  async insert(
    s: { userId: string; tokenHash: string; ip: string | null; userAgent: string | null },
    manager?: EntityManager,
  ): Promise<Session> {
    const now = new Date();
    const repo = (manager ?? this.ds.manager).getRepository(Session);
    return repo.save(
      repo.create({
        userId: s.userId,
        tokenHash: s.tokenHash,
        createdAt: now,
        lastSeenAt: now,
        expiresAt: new Date(now.getTime() + SESSION_ABSOLUTE_MS),
        revokedAt: null,
        ip: s.ip,
        userAgent: s.userAgent,
      }),
    );
  }

  /**
   * One statement: the session is live (not revoked, within absolute and idle expiry), its user is active;
   * touches last_seen_at (sliding idle window) when `touch`.
   */
  async resolveLive(where: { tokenHash: string } | { sid: string }, touch: boolean): Promise<ResolvedSessionRow | null> {
    const [col, val] = 'tokenHash' in where ? ['token_hash', where.tokenHash] : ['id', where.sid];
    const cond = `s.${col} = $1 AND s.revoked_at IS NULL AND s.expires_at > now()
                  AND s.last_seen_at > now() - ${SESSION_IDLE_SQL} AND u.is_active`;
    const sql = touch
      ? `UPDATE identity.sessions s SET last_seen_at = now()
           FROM identity.users u
          WHERE u.id = s.user_id AND ${cond}
      RETURNING s.id AS sid, s.expires_at, u.id AS user_id, u.role, u.name, u.email`
      : `SELECT s.id AS sid, s.expires_at, u.id AS user_id, u.role, u.name, u.email
           FROM identity.sessions s JOIN identity.users u ON u.id = s.user_id
          WHERE ${cond}`;
    const res = await this.ds.query(sql, [val]);
    // UPDATE ... RETURNING through TypeORM's postgres driver yields [rows, count]
    const r = firstRow(resolvedSessionRow, touch ? res[0] : res);
    if (!r) return null;
    return { sid: r.sid, expiresAt: r.expires_at, userId: r.user_id, role: r.role, name: r.name, email: r.email };
  }

  /** Revokes one session; returns its token hash when it was live. */
  async revoke(sid: string, manager?: EntityManager): Promise<string | null> {
    const res = await (manager ?? this.ds.manager).query(
      `UPDATE identity.sessions SET revoked_at = now() WHERE id = $1 AND revoked_at IS NULL RETURNING token_hash`,
      [sid],
    );
    return firstRow(tokenHashRow, res[0])?.token_hash ?? null;
  }

  /** Revokes every live session of a user; returns their token hashes (to drop the cache keys). */
  async revokeAllForUser(userId: string, manager?: EntityManager): Promise<string[]> {
    const res = await (manager ?? this.ds.manager).query(
      `UPDATE identity.sessions SET revoked_at = now() WHERE user_id = $1 AND revoked_at IS NULL RETURNING token_hash`,
      [userId],
    );
    return rows(tokenHashRow, res[0]).map((r) => r.token_hash);
  }

  async tokenHashesOfUser(userId: string): Promise<string[]> {
    const res = await this.ds.query(`SELECT token_hash FROM identity.sessions WHERE user_id = $1 AND revoked_at IS NULL`, [userId]);
    return rows(tokenHashRow, res).map((r) => r.token_hash);
  }
}
