import { z } from 'zod';
export {
  loginRequestSchema,
  restoreSessionRequestSchema,
  resetRequestSchema,
  resetConfirmSchema,
} from '@brokerage/contracts';

/** Deviation 1: a body with a token is the link's second step; anything else is a request for a link. */
export const isResetConfirmBody = (body: unknown): boolean =>
  !!body && typeof body === 'object' && 'token' in (body as Record<string, unknown>);

export const resolveSessionSchema = z.object({ token: z.string().min(1).max(512) });
