import type { FastifyRequest } from 'fastify';
import { SESSION_HEADER } from '@brokerage/contracts';

export const MSG_JSON_ONLY = 'Request body must be JSON';
export const MSG_CROSS_SITE = 'Cross-site request refused';

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Routes a visitor calls before having a session: a stale cookie riding along authenticates nothing there, so a
 * non-browser client (no Origin, no Sec-Fetch-Site) may still call them. Cross-site browser requests are refused
 * everywhere (a cross-site form POST to login must not plant a session).
 */
const SESSIONLESS = new Set(['/auth/login', '/auth/register', '/auth/reset-password', '/auth/nda-submit',
  '/auth/contact-message', '/callback-request', '/auth/unsubscribe']);

function hasBody(req: FastifyRequest): boolean {
  const len = req.headers['content-length'];
  return (len !== undefined && len !== '0') || req.headers['transfer-encoding'] !== undefined;
}

function mediaType(req: FastifyRequest): string {
  const ct = req.headers['content-type'];
  return typeof ct === 'string' ? ct.split(';', 1)[0]!.trim().toLowerCase() : '';
}

/**
 * Routes a mail client POSTs a form to (RFC 8058 one-click unsubscribe: `List-Unsubscribe=One-Click`, the signed
 * token in the query). Harmless cross-site: the token alone says what the call does (one kind of one user Off).
 */
const FORM_BODY = new Set(['/auth/unsubscribe']);

/**
 * Bodies are JSON, except multipart on upload routes: a cross-site HTML form can only send form-encoded, multipart or
 * text/plain bodies without a CORS preflight, and none of those reach a service (but FORM_BODY's). 415 when refused.
 */
export function bodyTypeRefused(req: FastifyRequest, multipart: boolean, path?: string): boolean {
  if (!hasBody(req)) return false;
  const type = mediaType(req);
  return !(type === 'application/json' || (multipart && type === 'multipart/form-data')
    || (type === 'application/x-www-form-urlencoded' && path !== undefined && FORM_BODY.has(path)));
}

function sameOrigin(origin: string, host: string | undefined): boolean {
  if (!host) return false;
  try {
    return new URL(origin).host === host.toLowerCase();
  } catch {
    return false; // "null" (sandboxed frames, privacy redirects) and junk
  }
}

/**
 * Unsafe methods without the session header (so possibly authenticated by the cookie alone) must come from this
 * origin: Sec-Fetch-Site same-origin, else a matching Origin. A request with neither header is not from a browser;
 * it may not ride a session cookie except on the sessionless entry routes. 403 when refused.
 */
export function crossSiteRefused(req: FastifyRequest, path: string, hasSessionCookie: boolean): boolean {
  if (!UNSAFE.has(req.method)) return false;
  const header = req.headers[SESSION_HEADER];
  if (typeof header === 'string' && header) return false; // a custom header: a cross-site page cannot send it without CORS
  const site = req.headers['sec-fetch-site'];
  if (site !== undefined) return site !== 'same-origin';
  const origin = req.headers.origin;
  if (origin !== undefined) return !sameOrigin(origin, req.headers.host);
  return hasSessionCookie && !SESSIONLESS.has(path);
}
