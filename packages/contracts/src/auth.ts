import { z } from 'zod';
import { ROLES } from './roles.js';
import { requiredText } from './text.js';

export const roleSchema = z.enum(ROLES);

export const MIN_PASSWORD_LENGTH = 6;

export const loginRequestSchema = z.object({
  email: requiredText('Email is required'),
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required'),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

/** The user as the browser stores it (spec part 1 §3). */
export const publicUserSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: roleSchema,
  phone: z.string().nullable().optional(),
});
export type PublicUser = z.infer<typeof publicUserSchema>;

export interface LoginResponse {
  user: PublicUser;
  role: PublicUser['role'];
  /** Opaque session token (also set as an httpOnly cookie). */
  sessionToken: string;
  /** Same opaque token: the spec stores an "auth token" next to the session token; we issue one credential. */
  token: string;
}

export interface CheckSessionResponse {
  authenticated: boolean;
  user?: PublicUser;
}

/** Deviation 2: restore only from a valid session cookie of the same user. */
export const restoreSessionRequestSchema = z.object({
  userId: z.string().min(1),
  email: z.string().min(1),
});
export interface RestoreSessionResponse {
  message: string;
  user: PublicUser;
  sessionToken: string;
  token: string;
}

/**
 * Deviation 1: POST /auth/reset-password takes either {email} (send a single-use link)
 * or {token, newPassword} (set the new password with the link's token).
 */
export const resetRequestSchema = z.object({
  email: requiredText('Email is required').pipe(z.email('Please enter a valid email address')),
});
export const resetConfirmSchema = z.object({
  token: z.string({ error: 'This reset link is invalid or has expired.' }).min(16, 'This reset link is invalid or has expired.'),
  newPassword: z
    .string({ error: 'Password must be at least 6 characters long' })
    .min(MIN_PASSWORD_LENGTH, 'Password must be at least 6 characters long'),
});
export const RESET_REQUEST_ACCEPTED =
  'If an account exists for that e-mail, we have sent a link to reset the password. The link expires in 1 hour.';
export const RESET_SUCCESS = 'Password reset successful! You can now login with your new password.';
export const RESET_LINK_INVALID = 'This reset link is invalid or has expired.';
