import { adminCreateUserSchema, adminStatsResponseSchema, adminUpdateUserSchema, adminUserResponseSchema, adminUsersResponseSchema, userIdParamsSchema } from '../admin.js';
import { BROKER, route, userIn } from './define.js';

const I = { service: 'identity', roles: BROKER, spec: 'p3§7' } as const;

/** Part 3 §7: the broker's user administration (identity service). */
export const ADMIN_API = [
  route({ method: 'GET', path: '/admin/users', response: adminUsersResponseSchema, ...I, relation: 'staff', summary: 'Every user with role, status and password state (never a password).' }),
  route({ method: 'GET', path: '/admin/stats', response: adminStatsResponseSchema, ...I, relation: 'staff', summary: 'User counts by role and status.' }),
  route({ method: 'POST', path: '/admin/users', body: adminCreateUserSchema, response: adminUserResponseSchema, ...I, relation: 'staff', summary: 'Create a user.' }),
  route({ method: 'PUT', path: '/admin/users/:id', body: adminUpdateUserSchema, params: userIdParamsSchema, response: adminUserResponseSchema, ...I, relation: 'user', object: userIn('id'), summary: 'Edit a user (set a new password among others).' }),
  route({ method: 'PATCH', path: '/admin/users/:id/archive', params: userIdParamsSchema, response: adminUserResponseSchema, ...I, relation: 'user', object: userIn('id'), summary: 'Archive a user (sessions end).' }),
  route({ method: 'PATCH', path: '/admin/users/:id/reactivate', params: userIdParamsSchema, response: adminUserResponseSchema, ...I, relation: 'user', object: userIn('id'), summary: 'Reactivate a user.' }),
] as const;
