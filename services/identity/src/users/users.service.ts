import { Injectable } from '@nestjs/common';
import type { z } from 'zod';
import {
  REGISTRATION_DUPLICATE_EMAIL,
  type Contact,
  type Registration,
  type internalCreateBuyerSchema,
  type IdentityClaims,
  type UsersByRoleQuery,
} from '@brokerage/contracts';
import { conflict, unauthorized } from '../common/errors.js';
import { isUuid } from '../common/tokens.js';
import { PasswordService } from './password.service.js';
import type { User } from './user.entity.js';
import { DuplicateEmailError, UsersRepository } from './users.repository.js';
import { toContactView, toContactWithManager } from './user.mapper.js';
import { ListingRelationsClient } from './listing-relations.client.js';
import { UserViewsRepository, type UserView } from './user-views.repository.js';

@Injectable()
export class UsersService {
  constructor(
    private readonly users: UsersRepository,
    private readonly passwords: PasswordService,
    private readonly views: UserViewsRepository,
    private readonly relations: ListingRelationsClient,
  ) {}

  /** POST /auth/register (the body passed the spec's eight checks in contracts' registrationSchema): duplicates, then insert. */
  async register(p: Registration): Promise<User> {
    if (await this.users.emailExists(p.email)) throw conflict(REGISTRATION_DUPLICATE_EMAIL);
    const passwordHash = await this.passwords.hash(p.password);
    try {
      return await this.users.insert({ name: p.name, email: p.email, phone: p.phone, role: p.role, passwordHash, profile: p.profile });
    } catch (err) {
      if (err instanceof DuplicateEmailError) throw conflict(REGISTRATION_DUPLICATE_EMAIL);
      throw err;
    }
  }

  /** POST /internal/users: a BUYER account for the NDA sign-up. */
  async createBuyer(input: z.output<typeof internalCreateBuyerSchema>, opts: { pending?: boolean } = {}): Promise<User> {
    const email = input.email.trim().toLowerCase();
    if (await this.users.emailExists(email)) throw conflict(REGISTRATION_DUPLICATE_EMAIL);
    const passwordHash = await this.passwords.hash(input.password);
    try {
      return await this.users.insert({
        name: input.name.trim(),
        email,
        phone: input.phone.trim(),
        role: 'BUYER',
        passwordHash,
        profile: input.profile,
        pending: opts.pending,
      });
    } catch (err) {
      if (err instanceof DuplicateEmailError) throw conflict(REGISTRATION_DUPLICATE_EMAIL);
      throw err;
    }
  }

  findById(id: string): Promise<User | null> {
    return isUuid(id) ? this.users.findById(id) : Promise.resolve(null);
  }

  async findByIds(ids: string[]): Promise<User[]> {
    const valid = [...new Set(ids.filter(isUuid))].slice(0, 500);
    return this.users.findByIds(valid);
  }

  /**
   * GET /users: the people the caller may deal with (messaging recipients), active only, never the caller.
   * Broker: everyone. Agent: brokers, other agents, the sellers they manage and the sellers/buyers of their listings.
   * Seller/buyer: brokers, the agents of their listings and (seller) their manager.
   */
  async contactsFor(caller: IdentityClaims): Promise<Contact[]> {
    const self = await this.findById(caller.sub);
    if (!self || !self.isActive) throw unauthorized();
    return (await this.scopedContacts(self)).map(toContactView);
  }

  /** GET /internal/users/{id}/contacts (messaging's recipient check): GET /users's rule for that user; none when inactive. */
  async contactsOfUser(id: string): Promise<Contact[]> {
    const self = await this.findById(id);
    if (!self || !self.isActive) return [];
    return (await this.scopedContacts(self)).map(toContactView);
  }

  /** GET /users/by-role (brokers and agents): the caller's contacts of one role, each with their manager. */
  async byRole(caller: IdentityClaims, role: UsersByRoleQuery['role']): Promise<Contact[]> {
    const self = await this.findById(caller.sub);
    if (!self || !self.isActive) throw unauthorized();
    const list = (await this.scopedContacts(self)).filter((u) => u.role === role);
    return list.map(toContactWithManager);
  }

  private async scopedContacts(self: User): Promise<UserView[]> {
    const all = (await this.views.find({ activeOnly: true })).filter((u) => u.id !== self.id);
    if (self.role === 'BROKER') return all;
    const related = new Set(await this.relations.relatedUserIds(self.id));
    const keep = (u: UserView): boolean => {
      if (u.role === 'BROKER') return true;
      if (self.role === 'AGENT') return u.role === 'AGENT' || u.managerId === self.id || related.has(u.id);
      return u.role === 'AGENT' && (related.has(u.id) || u.id === self.managerId);
    };
    return all.filter(keep);
  }
}
