import { Injectable } from '@nestjs/common';
import { DataSource, EntityManager, In, IsNull, LessThan, Not, Repository } from 'typeorm';
import type { Role } from '@brokerage/contracts';
import { User, type UserProfile } from './user.entity.js';

export interface NewUser {
  id?: string;
  name: string;
  email: string;
  phone: string | null;
  role: Role;
  passwordHash: string;
  managerId?: string | null;
  profile?: UserProfile;
  /** NDA sign-up: created inactive and pending until confirmed. */
  pending?: boolean;
}

export class DuplicateEmailError extends Error {
  constructor() {
    super('duplicate email');
  }
}

const PG_UNIQUE_VIOLATION = '23505';

@Injectable()
export class UsersRepository {
  constructor(private readonly ds: DataSource) {}

  repo(manager?: EntityManager): Repository<User> {
    return (manager ?? this.ds.manager).getRepository(User);
  }

  findById(id: string, manager?: EntityManager): Promise<User | null> {
    return this.repo(manager).findOneBy({ id });
  }

  findByIds(ids: string[]): Promise<User[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.repo().findBy({ id: In(ids) });
  }

  /** With the password hash (only for verification; never returned). */
  findByEmailWithHash(email: string): Promise<User | null> {
    return this.repo()
      .createQueryBuilder('u')
      .addSelect('u.passwordHash')
      .where('lower(u.email) = lower(:email)', { email })
      .getOne();
  }

  async emailExists(email: string): Promise<boolean> {
    return this.repo().createQueryBuilder('u').where('lower(u.email) = lower(:email)', { email }).getExists();
  }

  async insert(u: NewUser, manager?: EntityManager): Promise<User> {
    const now = new Date();
    const entity = this.repo(manager).create({
      ...(u.id ? { id: u.id } : {}),
      name: u.name,
      email: u.email.toLowerCase(),
      phone: u.phone,
      role: u.role,
      isActive: !u.pending,
      signupPendingSince: u.pending ? now : null,
      passwordHash: u.passwordHash,
      passwordSetAt: now,
      managerId: u.managerId ?? null,
      profile: u.profile ?? {},
    });
    try {
      const saved = await this.repo(manager).save(entity);
      const fresh = await this.findById(saved.id, manager);
      return fresh!;
    } catch (err) {
      if ((err as { code?: string }).code === PG_UNIQUE_VIOLATION) throw new DuplicateEmailError();
      throw err;
    }
  }

  async setPassword(userId: string, passwordHash: string, manager?: EntityManager): Promise<void> {
    await this.repo(manager).update({ id: userId }, { passwordHash, passwordSetAt: new Date() });
  }

  /** Ends a pending sign-up: the account becomes a normal active one. */
  async activatePending(id: string): Promise<boolean> {
    const res = await this.repo().update({ id, isActive: false, signupPendingSince: Not(IsNull()) }, { isActive: true, signupPendingSince: null });
    return (res.affected ?? 0) > 0;
  }

  /** Sign-ups left pending by a crash: older than the cut-off (PeopleService removes each, with its user.deleted). */
  async findStalePendingIds(olderThanMs: number): Promise<string[]> {
    const rows = await this.repo().find({ select: { id: true }, where: { signupPendingSince: LessThan(new Date(Date.now() - olderThanMs)) } });
    return rows.map((r) => r.id);
  }
}
