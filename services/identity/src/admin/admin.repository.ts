import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { Role } from '@brokerage/contracts';
import { DuplicateEmailError } from '../users/users.repository.js';
import { z } from 'zod';
import { rows } from '@brokerage/nest-common';

const activeAgentRow = z.object({ agent: z.literal(1) }).describe('activeAgentRow');

export interface UserPatch {
  name?: string;
  email?: string;
  phone?: string | null;
  role?: Role;
  managerId?: string | null;
}

const COLUMNS: Record<keyof UserPatch, string> = { name: 'name', email: 'email', phone: 'phone', role: 'role', managerId: 'manager_id' };
const PG_UNIQUE_VIOLATION = '23505';

/** The admin portal's writes beside UsersRepository.insert / setPassword. */
@Injectable()
export class AdminRepository {
  async isActiveAgent(m: EntityManager, id: string): Promise<boolean> {
    const res = await m.query(`SELECT 1 AS agent FROM identity.users WHERE id = $1 AND role = 'AGENT' AND is_active`, [id]);
    return rows(activeAgentRow, res).length > 0;
  }

  async update(m: EntityManager, id: string, patch: UserPatch): Promise<void> {
    const keys = (Object.keys(patch) as Array<keyof UserPatch>).filter((k) => patch[k] !== undefined);
    if (keys.length === 0) return;
    const sets = keys.map((k, i) => `${COLUMNS[k]} = $${i + 2}`);
    try {
      await m.query(`UPDATE identity.users SET ${sets.join(', ')} WHERE id = $1`, [id, ...keys.map((k) => patch[k])]);
    } catch (err) {
      if ((err as { code?: string }).code === PG_UNIQUE_VIOLATION) throw new DuplicateEmailError();
      throw err;
    }
  }

  /** A user who is no longer an agent manages nobody: their sellers fall back to no agent. */
  async releaseManagedSellers(m: EntityManager, agentId: string): Promise<void> {
    await m.query(`UPDATE identity.users SET manager_id = NULL WHERE manager_id = $1`, [agentId]);
  }
}
