import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager } from 'typeorm';
import { z } from 'zod';
import { firstRow, rows } from '@brokerage/nest-common';

const liveRow = z.object({ live: z.literal(1) }).describe('liveResetTokenRow');
const userIdRow = z.object({ user_id: z.string() }).describe('resetTokenUserRow');

export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;

@Injectable()
export class PasswordResetRepository {
  constructor(private readonly ds: DataSource) {}

  /** Issues a token for a user; earlier unused tokens of that user stop working (only the newest link is valid). */
  async issue(userId: string, tokenHash: string): Promise<void> {
    await this.ds.transaction(async (m) => {
      await m.query(
        `UPDATE identity.password_reset_tokens SET used_at = now() WHERE user_id = $1 AND used_at IS NULL`,
        [userId],
      );
      await m.query(
        `INSERT INTO identity.password_reset_tokens (user_id, token_hash, created_at, expires_at)
         VALUES ($1, $2, now(), $3)`,
        [userId, tokenHash, new Date(Date.now() + RESET_TOKEN_TTL_MS)],
      );
    });
  }

  /** Whether a token could be used now (exists, unused, unexpired, user active): checked before paying for argon2. */
  async isLive(tokenHash: string): Promise<boolean> {
    const res = await this.ds.query(
      `SELECT 1 AS live FROM identity.password_reset_tokens t JOIN identity.users u ON u.id = t.user_id
        WHERE t.token_hash = $1 AND t.used_at IS NULL AND t.expires_at > now() AND u.is_active`,
      [tokenHash],
    );
    return rows(liveRow, res).length > 0;
  }

  /** Atomically marks a live token used; returns its user id (null when unknown, used or expired). */
  async consume(tokenHash: string, m: EntityManager): Promise<string | null> {
    const res = await m.query(
      `UPDATE identity.password_reset_tokens t SET used_at = now()
         FROM identity.users u
        WHERE t.token_hash = $1 AND t.used_at IS NULL AND t.expires_at > now()
          AND u.id = t.user_id AND u.is_active
    RETURNING t.user_id`,
      [tokenHash],
    );
    return firstRow(userIdRow, res[0])?.user_id ?? null;
  }
}
