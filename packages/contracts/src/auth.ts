import { z } from 'zod';
import { ROLES } from './roles.js';
import { TEXT_MAX, requiredText, tooLong } from './text.js';

export const roleSchema = z.enum(ROLES);

export const MIN_PASSWORD_LENGTH = 6;

export const loginRequestSchema = z.object({
  email: requiredText('Email is required').max(TEXT_MAX.email, tooLong('Email', TEXT_MAX.email)),
  password: z.string({ error: 'Password is required' }).min(1, 'Password is required').max(TEXT_MAX.password, tooLong('Password', TEXT_MAX.password)),
  /** The browser's IANA time zone, kept for the e-mail digest while the user has chosen none; one it does not know is ignored. */
  timeZone: z.string().max(64).optional(),
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

export const loginResponseSchema = z.object({
  user: publicUserSchema,
  role: roleSchema,
  /** Opaque session token (also set as an httpOnly cookie). */
  sessionToken: z.string(),
  /** Same opaque token: the spec stores an "auth token" next to the session token; we issue one credential. */
  token: z.string(),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const checkSessionResponseSchema = z.object({ authenticated: z.boolean(), user: publicUserSchema.optional() });
export type CheckSessionResponse = z.infer<typeof checkSessionResponseSchema>;

/** POST /auth/register and POST /auth/nda-submit → 201 {message, user}. */
export const userMessageResponseSchema = z.object({ message: z.string(), user: publicUserSchema });

/**
 * Deviation 2: restore only from a valid session cookie of the same user. A malformed body is answered like a missing
 * cookie (401, no hint), so anything that is not two bounded strings reads as empty and matches no session.
 */
export const restoreSessionRequestSchema = z
  .object({
    userId: z.string().max(TEXT_MAX.id),
    email: z.string().max(TEXT_MAX.email),
  })
  .catch({ userId: '', email: '' });
export type RestoreSessionRequest = z.output<typeof restoreSessionRequestSchema>;
export const restoreSessionResponseSchema = z.object({
  message: z.string(),
  user: publicUserSchema,
  sessionToken: z.string(),
  token: z.string(),
});
export type RestoreSessionResponse = z.infer<typeof restoreSessionResponseSchema>;

/**
 * Deviation 1: POST /auth/reset-password takes either {email} (send a single-use link)
 * or {token, newPassword} (set the new password with the link's token).
 */
export const RESET_REQUEST_ACCEPTED =
  'If an account exists for that e-mail, we have sent a link to reset the password. The link expires in 1 hour.';
export const RESET_SUCCESS = 'Password reset successful! You can now login with your new password.';
export const RESET_LINK_INVALID = 'This reset link is invalid or has expired.';
export const resetRequestSchema = z.object({
  email: requiredText('Email is required')
    .max(TEXT_MAX.email, tooLong('Email', TEXT_MAX.email))
    .pipe(z.email('Please enter a valid email address')),
});
export const resetConfirmSchema = z.object({
  token: z
    .string({ error: RESET_LINK_INVALID })
    .min(16, RESET_LINK_INVALID)
    .max(TEXT_MAX.token, RESET_LINK_INVALID),
  newPassword: z
    .string({ error: 'Password must be at least 6 characters long' })
    .min(MIN_PASSWORD_LENGTH, 'Password must be at least 6 characters long')
    .max(TEXT_MAX.password, tooLong('Password', TEXT_MAX.password)),
});
export type ResetRequest = z.output<typeof resetRequestSchema>;
export type ResetConfirm = z.output<typeof resetConfirmSchema>;
/** Exactly one of the two steps. */
export interface ResetPasswordInput {
  request?: ResetRequest;
  confirm?: ResetConfirm;
}

/**
 * Body of POST /auth/reset-password: a body with a `token` is the link's second step ({token, newPassword}), anything
 * else a request for a link ({email}); each answers its own first problem.
 */
export const resetPasswordRequestSchema = z
  .object({
    email: z.string({ error: 'Email is required' }).max(TEXT_MAX.email, tooLong('Email', TEXT_MAX.email)).optional(),
    token: z.string({ error: RESET_LINK_INVALID }).max(TEXT_MAX.token, RESET_LINK_INVALID).optional(),
    newPassword: z.string({ error: 'Password must be at least 6 characters long' }).max(TEXT_MAX.password, tooLong('Password', TEXT_MAX.password)).optional(),
  })
  .transform((body, ctx): ResetPasswordInput => {
    const confirm = body.token !== undefined;
    const result = confirm ? resetConfirmSchema.safeParse(body) : resetRequestSchema.safeParse(body);
    if (!result.success) {
      for (const issue of result.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
      return z.NEVER;
    }
    return confirm ? { confirm: result.data as ResetConfirm } : { request: result.data as ResetRequest };
  })
  .meta({ description: '{email} asks for a reset link; {token, newPassword} sets the password' });

/** Body of identity's POST /internal/sessions/resolve (the gateway): a malformed token is an unknown one (401). */
export const resolveSessionRequestSchema = z.object({ token: z.string().max(TEXT_MAX.token).catch('') }).catch({ token: '' });
export type ResolveSessionRequest = z.output<typeof resolveSessionRequestSchema>;

