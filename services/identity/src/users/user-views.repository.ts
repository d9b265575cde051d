import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { ROLES, roleSchema, type AdminStats, type Role } from '@brokerage/contracts';
import { z } from 'zod';
import { rows, sqlColumn } from '@brokerage/nest-common';

const userViewRow = z
  .object({
    id: z.string(),
    name: z.string(),
    email: z.string(),
    role: roleSchema,
    phone: z.string().nullable(),
    is_active: z.boolean(),
    created_at: sqlColumn.time,
    password_set: z.boolean(),
    password_set_at: sqlColumn.time.nullable(),
    manager_id: z.string().nullable(),
    manager_name: z.string().nullable(),
    company: z.string().nullable(),
  })
  .describe('userViewRow');
const roleCountRow = z.object({ role: roleSchema, active: z.boolean(), n: sqlColumn.count }).describe('roleCountRow');

/** A user with what the staff screens and other services show beside them (manager's name, password set?). */
export interface UserView {
  id: string;
  name: string;
  email: string;
  role: Role;
  phone: string | null;
  isActive: boolean;
  createdAt: Date;
  passwordSet: boolean;
  passwordSetAt: Date | null;
  managerId: string | null;
  managerName: string | null;
  company: string | null;
}

export interface UserViewFilter {
  ids?: string[];
  roles?: Role[];
  managerId?: string;
  activeOnly?: boolean;
  /** Leave out NDA sign-ups still in flight (inactive for a few seconds, not yet real accounts). */
  settledOnly?: boolean;
}

/** Read models of users (never the hash itself: only whether one is set). */
@Injectable()
export class UserViewsRepository {
  constructor(private readonly ds: DataSource) {}

  async find(f: UserViewFilter = {}): Promise<UserView[]> {
    const res = await this.ds.query(
      `SELECT u.id, u.name, u.email, u.role, u.phone, u.is_active, u.created_at,
              (u.password_hash IS NOT NULL) AS password_set, u.password_set_at,
              u.manager_id, m.name AS manager_name,
              COALESCE(u.profile->>'company', u.profile->>'organization') AS company
         FROM identity.users u
         LEFT JOIN identity.users m ON m.id = u.manager_id
        WHERE ($1::uuid[] IS NULL OR u.id = ANY($1::uuid[]))
          AND ($2::text[] IS NULL OR u.role = ANY($2::text[]))
          AND ($3::uuid IS NULL OR u.manager_id = $3::uuid)
          AND (NOT $4::boolean OR u.is_active)
          AND (NOT $5::boolean OR u.signup_pending_since IS NULL)
        ORDER BY u.name, u.email`,
      [f.ids ?? null, f.roles ?? null, f.managerId ?? null, f.activeOnly ?? false, f.settledOnly ?? false],
    );
    return rows(userViewRow, res).map((r) => ({
      id: r.id,
      name: r.name,
      email: r.email,
      role: r.role,
      phone: r.phone,
      isActive: r.is_active,
      createdAt: r.created_at,
      passwordSet: r.password_set,
      passwordSetAt: r.password_set_at,
      managerId: r.manager_id,
      managerName: r.manager_name,
      company: r.company,
    }));
  }

  async findOne(id: string): Promise<UserView | null> {
    return (await this.find({ ids: [id] }))[0] ?? null;
  }

  async stats(): Promise<AdminStats> {
    const counts = rows(
      roleCountRow,
      await this.ds.query(`SELECT role, is_active AS active, count(*) AS n FROM identity.users WHERE signup_pending_since IS NULL GROUP BY role, is_active`),
    );
    const roleDistribution = Object.fromEntries(ROLES.map((r) => [r, 0])) as Record<Role, number>;
    let activeUsers = 0;
    let inactiveUsers = 0;
    for (const r of counts) {
      const n = r.n;
      roleDistribution[r.role] += n;
      if (r.active) activeUsers += n;
      else inactiveUsers += n;
    }
    return { totalUsers: activeUsers + inactiveUsers, activeUsers, inactiveUsers, roleDistribution };
  }
}
