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

/**
 * The contracts' schemas use z.string() for required fields, which words a missing field as "Invalid input…".
 * Missing / null text fields become '' first, so the spec's "… is required" message is the one answered.
 */
export function withTextDefaults(body: unknown, keys: readonly string[]): Record<string, unknown> {
  const src = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  const out: Record<string, unknown> = { ...src };
  for (const k of keys) if (out[k] === undefined || out[k] === null) out[k] = '';
  return out;
}
