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

const RETURN_BASE = 'http://return-to.invalid';

/**
 * Deviation 8: where a user lands after sign-in. `requested` is the page they asked for before being sent to /login
 * (the role guard's `from`): it is used only when it is a same-origin relative path (one leading '/', no '//', no
 * backslash, no scheme, no control or space characters) that, once normalised ('..', '%2e%2e'), lies inside the
 * role's own area (ROLE_HOME[role] or below it). Anything else → the spec's role home.
 */
export function signInDestination(role: Role, requested: unknown): string {
  const home = ROLE_HOME[role];
  if (typeof requested !== 'string' || requested.length > 2048) return home;
  // one leading slash only; no backslash anywhere (browsers read '\' as '/'); no control, space or non-ASCII characters
  if (!/^\/(?![/\\])[\x21-\x7e]*$/.test(requested) || requested.includes('\\')) return home;
  let url: URL;
  try {
    url = new URL(requested, RETURN_BASE);
  } catch {
    return home;
  }
  if (url.origin !== RETURN_BASE) return home;
  const path = url.pathname;
  if (path.startsWith('//') || /%2f|%5c/i.test(path)) return home;
  if (path !== home && !path.startsWith(`${home}/`)) return home;
  return `${path}${url.search}${url.hash}`;
}
