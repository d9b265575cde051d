import type { AdminUser, Contact, InternalUser, Person, PublicUser } from '@brokerage/contracts';
import type { User } from './user.entity.js';
import type { UserView } from './user-views.repository.js';

/** The only shape of a user that leaves identity through /auth/*: never a hash. */
export function toPublicUser(u: User): PublicUser {
  return { id: u.id, email: u.email, name: u.name, role: u.role, phone: u.phone ?? null };
}

const manager = (v: UserView) => (v.managerId ? { id: v.managerId, name: v.managerName ?? '' } : null);

/** What every staff-side view of a user says (a person row, the internal user): never a hash. */
const account = (v: UserView) => ({
  id: v.id,
  name: v.name,
  email: v.email,
  role: v.role,
  phone: v.phone,
  isActive: v.isActive,
  createdAt: v.createdAt.toISOString(),
});

export function toPerson(v: UserView): Person {
  return { ...account(v), manager: manager(v) };
}

/** Admin portal row. Deviation 3: whether and when a password was set, never the password or its hash. */
export function toAdminUser(v: UserView): AdminUser {
  return { ...toPerson(v), passwordSet: v.passwordSet, passwordSetAt: v.passwordSetAt?.toISOString() ?? null };
}

export function toInternalUser(v: UserView): InternalUser {
  return { ...account(v), managerId: v.managerId, company: v.company };
}

/** A contact (GET /users, /users/by-role): a seller carries their manager (assigned agent). */
export function toContactView(v: UserView): Contact {
  const c: Contact = { id: v.id, name: v.name, email: v.email, role: v.role };
  if (v.role === 'SELLER') c.manager = manager(v);
  return c;
}

/** A /users/by-role entry (spec part 3 §7: id, name, manager): the manager is always present, null when none. */
export function toContactWithManager(v: UserView): Contact {
  return { id: v.id, name: v.name, email: v.email, role: v.role, manager: manager(v) };
}
