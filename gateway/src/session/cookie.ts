import type { FastifyRequest } from 'fastify';

/**
 * The value of one cookie of the request, parsed only when asked (the gateway reads one cookie, the session's, on
 * API calls only: no cookie plugin parsing every header of every request). Values are URI-decoded when they can be.
 */
export function cookieOf(req: FastifyRequest, name: string): string | undefined {
  const header = req.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== name) continue;
    const raw = part.slice(eq + 1).trim().replace(/^"(.*)"$/, '$1');
    try { return decodeURIComponent(raw); } catch { return raw; }
  }
  return undefined;
}
