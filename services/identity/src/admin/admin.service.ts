import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import {
  ADMIN_MSG,
  type AdminCreateUserInput,
  type AdminStats,
  type AdminUpdateUserInput,
  type AdminUser,
  type IdentityClaims,
  type Role,
} from '@brokerage/contracts';
import { badRequest, conflict, notFound } from '../common/errors.js';
import { PeopleRepository } from '../people/people.repository.js';
import { SessionsService } from '../sessions/sessions.service.js';
import { PasswordService } from '../users/password.service.js';
import { toAdminUser } from '../users/user.mapper.js';
import { UserViewsRepository } from '../users/user-views.repository.js';
import { DuplicateEmailError, UsersRepository } from '../users/users.repository.js';
import { AdminRepository } from './admin.repository.js';

const blankToNull = (v: string | null | undefined) => (v === undefined ? undefined : v?.trim() || null);

/** The admin portal (BROKER): every user, create, edit, stats. Archive/reactivate are PeopleService's. */
@Injectable()
export class AdminService {
  constructor(
    private readonly ds: DataSource,
    private readonly admin: AdminRepository,
    private readonly users: UsersRepository,
    private readonly people: PeopleRepository,
    private readonly views: UserViewsRepository,
    private readonly passwords: PasswordService,
    private readonly sessions: SessionsService,
  ) {}

  async list(): Promise<AdminUser[]> {
    return (await this.views.find({ settledOnly: true })).map(toAdminUser);
  }

  stats(): Promise<AdminStats> {
    return this.views.stats();
  }

  async create(input: AdminCreateUserInput): Promise<AdminUser> {
    const managerId = input.managerId ?? null;
    if (managerId && input.role !== 'SELLER') throw badRequest(ADMIN_MSG.managerOnlyForSeller);
    if (await this.users.emailExists(input.email)) throw conflict(ADMIN_MSG.duplicateEmail);
    const passwordHash = await this.passwords.hash(input.password);
    const id = await this.uniqueEmail(() =>
      this.ds.transaction(async (m) => {
        await this.checkManager(m, managerId, null);
        const user = await this.users.insert(
          {
            name: input.name?.trim() || input.email.split('@')[0]!,
            email: input.email,
            phone: blankToNull(input.phone) ?? null,
            role: input.role,
            passwordHash,
            managerId,
          },
          m,
        );
        return user.id;
      }),
    );
    return toAdminUser((await this.views.findOne(id))!);
  }

  /**
   * Absent fields stay as they are. A new password (deviation 3: "Set new password") replaces the old one and signs the
   * user out everywhere (not the broker editing themselves). A role other than SELLER has no assigned agent; an agent
   * who stops being one releases their sellers.
   */
  async update(id: string, input: AdminUpdateUserInput, caller: IdentityClaims): Promise<AdminUser> {
    const passwordHash = input.password ? await this.passwords.hash(input.password) : null;
    await this.uniqueEmail(() =>
      this.ds.transaction(async (m) => {
        const current = await this.people.lock(m, id);
        if (!current) throw notFound(ADMIN_MSG.userNotFound);
        const role: Role = input.role ?? current.role;
        if (id === caller.sub && role !== current.role) throw badRequest(ADMIN_MSG.cannotChangeOwnRole);
        let managerId = input.managerId;
        if (role !== 'SELLER') {
          if (managerId) throw badRequest(ADMIN_MSG.managerOnlyForSeller);
          managerId = null;
        }
        await this.checkManager(m, managerId ?? null, id);
        await this.admin.update(m, id, {
          name: input.name?.trim() || undefined,
          email: input.email,
          phone: blankToNull(input.phone),
          role: input.role,
          managerId,
        });
        if (current.role === 'AGENT' && role !== 'AGENT') await this.admin.releaseManagedSellers(m, id);
        if (passwordHash) await this.users.setPassword(id, passwordHash, m);
      }),
    );
    // the gateway's cached claims carry name, e-mail and role: drop them (or every session, for a new password)
    if (passwordHash && id !== caller.sub) await this.sessions.revokeAllForUser(id);
    else await this.sessions.dropCacheOfUser(id);
    return toAdminUser((await this.views.findOne(id))!);
  }

  private async checkManager(m: EntityManager, managerId: string | null, userId: string | null): Promise<void> {
    if (!managerId) return;
    if (managerId === userId || !(await this.admin.isActiveAgent(m, managerId))) throw badRequest(ADMIN_MSG.managerInvalid);
  }

  private async uniqueEmail<T>(fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (err) {
      if (err instanceof DuplicateEmailError) throw conflict(ADMIN_MSG.duplicateEmail);
      throw err;
    }
  }
}
