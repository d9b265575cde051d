import { z } from 'zod';
import { adminCreateUserSchema, DEFAULT_USER_ROLE, type AdminUser } from '@brokerage/contracts/admin';
import { ROLES } from '@brokerage/contracts/roles';

const common = {
  name: z.string().trim().max(200, 'Name is too long'),
  role: z.enum(ROLES),
  /** '' = no assigned agent (SELLER only). */
  managerId: z.string(),
};

/** Create: email and password required, name optional, role BUYER by default (spec part 3 §5). */
export const createUserFormSchema = z.object({
  email: adminCreateUserSchema.shape.email,
  password: adminCreateUserSchema.shape.password,
  ...common,
});
/** Edit: the password field is "Set new password": empty leaves it unchanged. */
export const editUserFormSchema = z.object({
  email: adminCreateUserSchema.shape.email,
  password: z.union([z.literal(''), adminCreateUserSchema.shape.password]),
  ...common,
});
export type UserFormValues = z.input<typeof createUserFormSchema>;

export function userFormValues(user?: AdminUser): UserFormValues {
  return {
    email: user?.email ?? '',
    password: '',
    name: user?.name ?? '',
    role: user?.role ?? DEFAULT_USER_ROLE,
    managerId: user?.manager?.id ?? '',
  };
}

/** The request body: the assigned agent only for a SELLER; an empty new password is left out (edit). */
export function toUserRequest(v: UserFormValues) {
  return {
    email: v.email,
    name: v.name.trim() || null,
    role: v.role,
    managerId: v.role === 'SELLER' ? v.managerId || null : null,
    ...(v.password ? { password: v.password } : {}),
  };
}
