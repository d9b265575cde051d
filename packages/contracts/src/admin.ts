import { z } from 'zod';
import { MIN_PASSWORD_LENGTH } from './auth.js';
import { EMAIL_PATTERN } from './registration.js';
import { ROLES, normalizeRole, type Role } from './roles.js';

/** Admin portal (spec part 3 §2 /broker/admin, §3 User and Admin stats, §5 admin form, §7 Admin). BROKER only. */

export const ADMIN_MSG = {
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  passwordRequired: 'Password is required',
  passwordTooShort: 'Password must be at least 6 characters long',
  invalidRole: 'Role must be one of BUYER, SELLER, AGENT, BROKER',
  duplicateEmail: 'A user with this email already exists',
  managerInvalid: 'The assigned agent must be an active agent',
  managerOnlyForSeller: 'Only a seller can have an assigned agent',
  userNotFound: 'User not found',
  userArchived: 'User archived',
  userReactivated: 'User reactivated',
  cannotArchiveSelf: 'You cannot archive your own account',
  cannotDeleteSelf: 'You cannot delete your own account',
  cannotChangeOwnRole: 'You cannot change your own role',
  // client-side texts (spec part 3 §8)
  loadFailed: 'Failed to load admin data. Please try again later.',
  createFailed: 'Failed to create user. Please try again.',
  updateFailed: 'Failed to update user. Please try again.',
  archiveFailed: 'Failed to archive user. Please try again.',
  reactivateFailed: 'Failed to reactivate user. Please try again.',
} as const;

export const DEFAULT_USER_ROLE: Role = 'BUYER';

/** Roles are accepted in any case (spec part 1 §6) and answered in upper case. */
const roleInput = z.preprocess(
  (v) => (typeof v === 'string' ? (normalizeRole(v) ?? v) : v),
  z.enum(ROLES, { error: ADMIN_MSG.invalidRole }),
);

const emailInput = z
  .string({ error: ADMIN_MSG.emailRequired })
  .trim()
  .min(1, ADMIN_MSG.emailRequired)
  .max(320, ADMIN_MSG.emailInvalid)
  .regex(EMAIL_PATTERN, ADMIN_MSG.emailInvalid)
  .transform((s) => s.toLowerCase());

const passwordInput = z
  .string({ error: ADMIN_MSG.passwordRequired })
  .min(1, ADMIN_MSG.passwordRequired)
  .min(MIN_PASSWORD_LENGTH, ADMIN_MSG.passwordTooShort)
  .max(200, 'Password is too long');

const optionalName = z.string().trim().max(200, 'Name is too long').optional().nullable();
const optionalPhone = z.string().trim().max(50, 'Phone number is too long').optional().nullable();
/** A SELLER's assigned agent (the seller's `manager`); null or absent = no agent (the broker). */
const managerIdInput = z.uuid('The assigned agent must be an active agent').optional().nullable();

/**
 * POST /admin/users: email and password required, name optional (blank: the part of the e-mail before @), role BUYER by
 * default, managerId only for a SELLER (an active agent).
 */
export const adminCreateUserSchema = z.object({
  email: emailInput,
  password: passwordInput,
  name: optionalName,
  phone: optionalPhone,
  role: roleInput.default(DEFAULT_USER_ROLE),
  managerId: managerIdInput,
});
export type AdminCreateUserRequest = z.input<typeof adminCreateUserSchema>;
export type AdminCreateUserInput = z.output<typeof adminCreateUserSchema>;

/**
 * PUT /admin/users/{id}: the same fields; password optional ("Set new password", deviation 3: it replaces the
 * password, it is never shown). Absent fields are left unchanged; managerId null removes the assigned agent.
 */
export const adminUpdateUserSchema = z.object({
  email: emailInput.optional(),
  password: passwordInput.optional(),
  name: optionalName,
  phone: optionalPhone,
  role: roleInput.optional(),
  managerId: managerIdInput,
});
export type AdminUpdateUserRequest = z.input<typeof adminUpdateUserSchema>;
export type AdminUpdateUserInput = z.output<typeof adminUpdateUserSchema>;

/** `{id}` of a user route; anything but a uuid is refused as 400. */
export const userIdParamsSchema = z.object({ id: z.uuid('Invalid user id') });
export type UserIdParams = z.infer<typeof userIdParamsSchema>;

export const userManagerSchema = z.object({ id: z.string(), name: z.string() });
export type UserManager = z.infer<typeof userManagerSchema>;

/**
 * A user as the admin portal shows it (spec part 3 §3 User). Deviation 3: the "password column" is
 * `passwordSet` + `passwordSetAt`, never a password or its hash.
 */
export const adminUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  isActive: z.boolean(),
  createdAt: z.string(),
  phone: z.string().nullable(),
  manager: userManagerSchema.nullable(),
  passwordSet: z.boolean(),
  passwordSetAt: z.string().nullable(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

/** GET /admin/users */
export const adminUsersResponseSchema = z.object({ users: z.array(adminUserSchema) });
export type AdminUsersResponse = z.infer<typeof adminUsersResponseSchema>;

/** POST /admin/users (201), PUT /admin/users/{id}, PATCH …/archive|reactivate */
export const adminUserResponseSchema = z.object({ message: z.string().optional(), user: adminUserSchema });
export type AdminUserResponse = z.infer<typeof adminUserResponseSchema>;

/** GET /admin/stats: spec part 3 §3 Admin stats (roleDistribution has every role, 0 when none). */
export const adminStatsSchema = z.object({
  totalUsers: z.number().int(),
  activeUsers: z.number().int(),
  inactiveUsers: z.number().int(),
  roleDistribution: z.record(z.enum(ROLES), z.number().int()),
});
export type AdminStats = z.infer<typeof adminStatsSchema>;
export const adminStatsResponseSchema = z.object({ stats: adminStatsSchema });
export type AdminStatsResponse = z.infer<typeof adminStatsResponseSchema>;
