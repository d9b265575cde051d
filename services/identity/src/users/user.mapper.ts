import type { PublicUser } from '@brokerage/contracts';
import type { User } from './user.entity.js';

/** The only shape of a user that leaves identity through /auth/*: never a hash. */
export function toPublicUser(u: User): PublicUser {
  return { id: u.id, email: u.email, name: u.name, role: u.role, phone: u.phone ?? null };
}

export function toContact(u: User) {
  return { id: u.id, name: u.name, email: u.email, role: u.role };
}
