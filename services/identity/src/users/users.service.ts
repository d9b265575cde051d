import { Injectable } from '@nestjs/common';
import { z } from 'zod';
import {
  EMAIL_PATTERN,
  MIN_PASSWORD_LENGTH,
  REGISTRATION_DUPLICATE_EMAIL,
  REGISTRATION_OPTIONAL_FIELDS,
  firstRegistrationError,
  registrationSchema,
  type IdentityClaims,
  type Role,
} from '@brokerage/contracts';
import { badRequest, conflict, unauthorized } from '../common/errors.js';
import { isUuid } from '../common/tokens.js';
import { PasswordService } from './password.service.js';
import type { User } from './user.entity.js';
import { DuplicateEmailError, UsersRepository } from './users.repository.js';
import { toContact } from './user.mapper.js';

/** Body of POST /internal/users (the NDA sign-up creates a buyer). */
export const internalCreateUserSchema = z.object({
  name: z.string().trim().min(1, 'Name is required').max(200),
  email: z.string().trim().min(1, 'Email is required').max(320).regex(EMAIL_PATTERN, 'Please enter a valid email address'),
  phone: z.string().trim().min(1, 'Phone number is required').max(50),
  password: z.string().min(1, 'Password is required').min(MIN_PASSWORD_LENGTH, 'Password must be at least 6 characters long'),
  profile: z.record(z.string(), z.unknown()).optional().default({}),
});
export type InternalCreateUser = z.input<typeof internalCreateUserSchema>;

export const BY_ROLE_ROLES = ['SELLER', 'BUYER', 'AGENT'] as const;

@Injectable()
export class UsersService {
  constructor(
    private readonly users: UsersRepository,
    private readonly passwords: PasswordService,
  ) {}

  /** POST /auth/register: the spec's eight checks in order, then server rules (self-registration roles, duplicates). */
  async register(body: unknown): Promise<User> {
    const raw = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
    const first = firstRegistrationError(raw);
    if (first) throw badRequest(first);
    const parsed = registrationSchema.safeParse(raw);
    if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? 'Invalid registration');
    const p = parsed.data;
    const role = p.role.toUpperCase() as Role; // BUYER or SELLER (checked by firstRegistrationError)
    const email = p.email.trim().toLowerCase();
    if (p.name.trim().length > 200) throw badRequest('Name is too long');
    if (email.length > 320) throw badRequest('Please enter a valid email address');
    if (p.phone.trim().length > 50) throw badRequest('Phone number is too long');
    const profile: Record<string, string> = {};
    for (const key of REGISTRATION_OPTIONAL_FIELDS) {
      const v = p[key];
      if (typeof v === 'string' && v.trim() !== '') profile[key] = v.trim();
    }
    if (await this.users.emailExists(email)) throw conflict(REGISTRATION_DUPLICATE_EMAIL);
    const passwordHash = await this.passwords.hash(p.password);
    try {
      return await this.users.insert({ name: p.name.trim(), email, phone: p.phone.trim(), role, passwordHash, profile });
    } catch (err) {
      if (err instanceof DuplicateEmailError) throw conflict(REGISTRATION_DUPLICATE_EMAIL);
      throw err;
    }
  }

  /** POST /internal/users: a BUYER account for the NDA sign-up. */
  async createBuyer(input: z.output<typeof internalCreateUserSchema>, opts: { pending?: boolean } = {}): Promise<User> {
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

  deleteById(id: string): Promise<boolean> {
    return isUuid(id) ? this.users.deleteById(id) : Promise.resolve(false);
  }

  async findByIds(ids: string[]): Promise<User[]> {
    const valid = [...new Set(ids.filter(isUuid))].slice(0, 500);
    return this.users.findByIds(valid);
  }

  /** GET /users: who the caller may message. */
  async contactsFor(caller: IdentityClaims) {
    const self = await this.findById(caller.sub);
    if (!self || !self.isActive) throw unauthorized();
    let list: User[];
    switch (self.role) {
      case 'SELLER':
      case 'BUYER': {
        list = await this.users.findActiveByRoles(['BROKER', 'AGENT']);
        if (self.role === 'SELLER' && self.managerId && !list.some((u) => u.id === self.managerId)) {
          const manager = await this.users.findById(self.managerId);
          if (manager?.isActive) list.push(manager);
        }
        break;
      }
      case 'AGENT':
        list = await this.users.findActiveByRoles(['BROKER', 'AGENT', 'SELLER', 'BUYER']);
        break;
      case 'BROKER':
        list = await this.users.findActiveByRoles(['BROKER', 'AGENT', 'SELLER', 'BUYER']);
        break;
      default:
        list = [];
    }
    return list.filter((u) => u.id !== self.id).map(toContact);
  }

  /** GET /users/by-role (brokers and agents). */
  async byRole(role: unknown) {
    const r = typeof role === 'string' ? role.toUpperCase() : '';
    if (!(BY_ROLE_ROLES as readonly string[]).includes(r)) {
      throw badRequest(`Invalid role: ${typeof role === 'string' ? role.slice(0, 40) : ''}. Use SELLER, BUYER or AGENT.`);
    }
    const rows = await this.users.findActiveByRoleWithManager(r as Role);
    return rows.map((u) => ({ id: u.id, name: u.name, email: u.email, manager: u.manager }));
  }
}
