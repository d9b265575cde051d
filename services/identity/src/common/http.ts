import type { Request, Response } from 'express';
import { SESSION_COOKIE, SESSION_COOKIE_SECURE, SESSION_HEADER } from '@brokerage/contracts';
import { loadConfig } from '@brokerage/nest-common';

export const SESSION_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

/** Reads one cookie from the raw header (no dependency on a cookie-parser middleware being installed). */
export function readCookie(req: Request, name: string): string | undefined {
  const parsed = (req as Request & { cookies?: Record<string, string> }).cookies;
  if (parsed && typeof parsed[name] === 'string') return parsed[name];
  const header = req.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const idx = part.indexOf('=');
    if (idx < 0) continue;
    if (part.slice(0, idx).trim() !== name) continue;
    const raw = part.slice(idx + 1).trim().replace(/^"(.*)"$/, '$1');
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw;
    }
  }
  return undefined;
}

/**
 * Secure unless COOKIE_SECURE=0 (the launcher's plain-http run): then the cookie can carry the __Host- prefix, which
 * binds it to this host (no Domain, Path=/, Secure) so a sibling subdomain cannot plant or shadow it. The gateway reads
 * the same name by the same rule.
 */
function cookieSecure(): boolean {
  return loadConfig().COOKIE_SECURE;
}

export const sessionCookieName = () => (cookieSecure() ? SESSION_COOKIE_SECURE : SESSION_COOKIE);

export const sessionCookieFrom = (req: Request) => readCookie(req, sessionCookieName()) || undefined;

export function sessionHeaderFrom(req: Request): string | undefined {
  const v = req.headers[SESSION_HEADER];
  return typeof v === 'string' && v.length > 0 ? v : undefined;
}

function cookieOptions() {
  return {
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: cookieSecure(),
    path: '/',
  };
}

export function setSessionCookie(res: Response, token: string): void {
  res.cookie(sessionCookieName(), token, { ...cookieOptions(), maxAge: SESSION_MAX_AGE_MS });
}

export function clearSessionCookie(res: Response): void {
  res.clearCookie(sessionCookieName(), cookieOptions());
}

export interface ClientMeta {
  ip: string | null;
  userAgent: string | null;
}

/** The browser's address: req.ip honours x-forwarded-for only from the trusted (loopback) gateway ('trust proxy'). */
export function clientMeta(req: Request): ClientMeta {
  const ip = (req.ip || req.socket?.remoteAddress || '').slice(0, 64) || null;
  const ua = req.headers['user-agent'];
  return { ip, userAgent: typeof ua === 'string' ? ua.slice(0, 512) : null };
}
