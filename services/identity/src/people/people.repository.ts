import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { roleSchema, type Role } from '@brokerage/contracts';
import { z } from 'zod';
import { firstRow } from '@brokerage/nest-common';

const lockedUserRow = z.object({ id: z.string(), role: roleSchema, is_active: z.boolean() }).describe('lockedUserRow');

export interface LockedUser {
  id: string;
  role: Role;
  isActive: boolean;
}

/** Which accounts lock() finds: settled ones (the default), NDA sign-ups still pending, or either. */
export type LockScope = 'settled' | 'pending' | 'any';
const SCOPE_SQL: Record<LockScope, string> = {
  settled: 'AND signup_pending_since IS NULL',
  pending: 'AND signup_pending_since IS NOT NULL',
  any: '',
};

/** Writes of a user's lifecycle (archive, reactivate, delete), always inside the caller's transaction. */
@Injectable()
export class PeopleRepository {
  async lock(m: EntityManager, id: string, scope: LockScope = 'settled'): Promise<LockedUser | null> {
    // by default an NDA sign-up still in flight is not an account yet: its saga creates or removes it
    const res = await m.query(
      `SELECT id, role, is_active FROM identity.users WHERE id = $1 ${SCOPE_SQL[scope]} FOR UPDATE`,
      [id],
    );
    const r = firstRow(lockedUserRow, res);
    return r ? { id: r.id, role: r.role, isActive: r.is_active } : null;
  }

  async setActive(m: EntityManager, id: string, active: boolean): Promise<void> {
    await m.query(`UPDATE identity.users SET is_active = $2 WHERE id = $1`, [id, active]);
  }

  /**
   * Sessions and reset tokens go with the user (FK cascade); sellers it managed fall back to no agent (SET NULL).
   * The only statement that deletes users: PeopleService.remove calls it next to the user.deleted outbox row.
   */
  async delete(m: EntityManager, id: string): Promise<void> {
    await m.query(`DELETE FROM identity.users WHERE id = $1`, [id]);
  }
}
