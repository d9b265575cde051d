import { BROKER, route, userIn } from './define.js';

const I = { service: 'identity', roles: BROKER, spec: 'p3§7' } as const;

/** Part 3 §7: the broker's user administration (identity service). */
export const ADMIN_API = [
  route({ method: 'GET', path: '/admin/users', ...I, relation: 'staff', summary: 'Every user with role, status and password state (never a password).' }),
  route({ method: 'GET', path: '/admin/stats', ...I, relation: 'staff', summary: 'User counts by role and status.' }),
  route({ method: 'POST', path: '/admin/users', ...I, relation: 'staff', summary: 'Create a user.' }),
  route({ method: 'PUT', path: '/admin/users/:id', ...I, relation: 'user', object: userIn('id'), summary: 'Edit a user (set a new password among others).' }),
  route({ method: 'PATCH', path: '/admin/users/:id/archive', ...I, relation: 'user', object: userIn('id'), summary: 'Archive a user (sessions end).' }),
  route({ method: 'PATCH', path: '/admin/users/:id/reactivate', ...I, relation: 'user', object: userIn('id'), summary: 'Reactivate a user.' }),
] as const;
