// Zod-free on purpose: browser bundles import the role table without pulling zod in.
export const ROLES = ['BROKER', 'AGENT', 'SELLER', 'BUYER'] as const;
export type Role = (typeof ROLES)[number];

/** Roles a visitor may choose on the public registration screen. */
export const SELF_REGISTER_ROLES = ['BUYER', 'SELLER'] as const;

/** Where each role lands after sign-in (spec part 1 §4). */
export const ROLE_HOME: Record<Role, string> = {
  BROKER: '/broker',
  AGENT: '/agent',
  SELLER: '/seller',
  BUYER: '/buyer',
};

/** Roles are compared in upper case (spec part 1 §6). Returns null for anything that is not a known role. */
export function normalizeRole(role: unknown): Role | null {
  if (typeof role !== 'string') return null;
  const upper = role.toUpperCase();
  return (ROLES as readonly string[]).includes(upper) ? (upper as Role) : null;
}
