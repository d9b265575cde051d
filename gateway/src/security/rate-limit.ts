import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';

function emailKey(req: FastifyRequest): string {
  const body = req.body as { email?: unknown } | undefined;
  const email = body && typeof body === 'object' && typeof body.email === 'string' ? body.email.trim().toLowerCase().slice(0, 320) : '';
  // hashed: rate-limit keys in Redis carry no e-mail addresses
  return email ? createHash('sha256').update(email).digest('hex').slice(0, 24) : '-';
}

/** Per-route limits (shared by every gateway replica through Redis). */
export function rateLimitRoutes(l: { loginPerMinute: number; resetPerMinute: number }) {
  return {
    /** POST /api/auth/login: per client IP + e-mail. */
    login: { max: l.loginPerMinute, timeWindow: 60_000, keyGenerator: (req: FastifyRequest) => `login:${req.ip}:${emailKey(req)}` },
    /** POST /api/auth/reset-password: per client IP. */
    reset: { max: l.resetPerMinute, timeWindow: 60_000, keyGenerator: (req: FastifyRequest) => `reset:${req.ip}` },
  };
}
