import type { Role } from '@brokerage/contracts/roles';

/*
 * Zod-free mirror of @brokerage/contracts/roles (ROLES, ROLE_HOME, normalizeRole). contracts/roles.ts also builds a
 * zod schema at module level, which drags zod (≈ 15 KB gz) into any browser bundle that needs only the role table.
 * Keep in step with contracts; test/roles.spec.ts checks they agree.
 */
export type { Role };
export const ROLES: readonly Role[] = ['BROKER', 'AGENT', 'SELLER', 'BUYER'];

/** Where each role lands after sign-in (spec part 1 §4). */
export const ROLE_HOME: Record<Role, string> = {
  BROKER: '/broker',
  AGENT: '/agent',
  SELLER: '/seller',
  BUYER: '/buyer',
};

/** Roles are compared in upper case (spec part 1 §6). Null for anything that is not a known role. */
export function normalizeRole(role: unknown): Role | null {
  if (typeof role !== 'string') return null;
  const upper = role.toUpperCase();
  return (ROLES as readonly string[]).includes(upper) ? (upper as Role) : null;
}
