import { MSG } from '@brokerage/contracts/messages';
import { BROWSER_MODE_HEADER, SESSION_HEADER } from '@brokerage/contracts/identity-claims';
import { withoutApiPrefix } from '@brokerage/contracts/api/path';
import { IDEMPOTENCY_HEADER } from '@brokerage/contracts/idempotency';
import { config } from './config.js';
import { storage } from './storage.js';
import { useSession } from './session.js';

/*
 * The browser's one HTTP layer: what apiFetch (fetch) and sendMultipart (XMLHttpRequest, for upload progress) both
 * follow — where a path goes, which addresses are our own, what a call to our own API carries, what an error answer
 * says, and what a 401 does.
 */

/** Error of apiFetch and sendMultipart. `status` 0 means the request never got an answer (network error or timeout). */
export class ApiError extends Error {
  readonly status: number;
  readonly body: unknown;
  readonly field?: string;
  constructor(status: number, message: string, body?: unknown, field?: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
    this.field = field;
  }
}

const ABSOLUTE = /^https?:\/\//i;

/**
 * The address of a path: an absolute URL as it is; a path already under the API base (a `url` the server gave) as it
 * is; else apiPath's '/api/…' or a path relative to the base ('/broker/…') joined to the base.
 */
export function apiUrl(path: string): string {
  if (ABSOLUTE.test(path)) return path;
  const base = config.baseUrl.replace(/\/+$/, '');
  if (base && (path === base || path.startsWith(`${base}/`))) return path;
  const rel = withoutApiPrefix(path);
  return `${base}${rel.startsWith('/') ? '' : '/'}${rel}`;
}

function originOf(url: string): string | null {
  try {
    const here = typeof window !== 'undefined' && window.location ? window.location.href : undefined;
    return new URL(url, here).origin;
  } catch {
    return null;
  }
}

/**
 * Our own API: a relative address, or an absolute one on the origin of the configured API base (or of the page).
 * Only those calls carry the session token and cookies; a foreign absolute URL never does.
 */
export function isOwnOrigin(url: string): boolean {
  if (!ABSOLUTE.test(url)) return true;
  const target = originOf(url);
  if (!target) return false;
  const own = [originOf(config.baseUrl), typeof window !== 'undefined' && window.location ? window.location.origin : null];
  return own.includes(target);
}

/** A fresh idempotency key (one per action; every attempt of it sends the same). */
export function newIdempotencyKey(): string {
  const c = (globalThis as { crypto?: { randomUUID?: () => string } }).crypto;
  if (c?.randomUUID) return c.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}-${Math.random().toString(36).slice(2)}`;
}

export interface OwnHeaderOptions {
  /** Send the stored session token (authenticated call). */
  auth: boolean;
  /** The Idempotency-Key of a write (contracts idempotency.ts); none for reads. */
  idempotencyKey?: string;
}

/**
 * What a call to our own origin carries: the stored session token (never the user id) when authenticated, the
 * private-browsing mode, a write's Idempotency-Key. A call elsewhere carries none of them.
 */
export function ownHeaders(url: string, { auth, idempotencyKey }: OwnHeaderOptions): Record<string, string> {
  if (!isOwnOrigin(url)) return {};
  const headers: Record<string, string> = {};
  const { sessionToken } = useSession.getState();
  if (auth && sessionToken) headers[SESSION_HEADER] = sessionToken;
  if (storage.isPrivateMode()) headers[BROWSER_MODE_HEADER] = 'private';
  if (idempotencyKey) headers[IDEMPOTENCY_HEADER] = idempotencyKey;
  return headers;
}

/** A 401 on an authenticated call: the session is cleared, config.onUnauthorized runs (default: to /login); throw the answer. */
export function unauthorized(): ApiError {
  useSession.getState().clear();
  config.onUnauthorized();
  return new ApiError(401, MSG.authRequired, { message: MSG.authRequired });
}

/**
 * What a screen may show of a failed call: the server's own {message} of a 4xx answer (a refusal the user can act on:
 * "File type not allowed", "Complete previous steps to unlock", the ended session's "Authentication required"), else
 * undefined — a 5xx (its body says only "Something went wrong"), no answer (status 0), an answer without a message
 * (ApiError.message then is a fallback such as "Request failed (500)"). The screen then shows its own spec text:
 * `serverMessage(err) ?? 'Failed to load agents'`.
 */
export function serverMessage(err: unknown): string | undefined {
  if (!(err instanceof ApiError) || err.status < 400 || err.status >= 500) return undefined;
  return bodyMessage(err.body);
}

/** An answer body's non-blank {message}, else undefined. */
function bodyMessage(body: unknown): string | undefined {
  const b = body as { message?: unknown } | undefined;
  return b && typeof b === 'object' && typeof b.message === 'string' && b.message.trim() ? b.message : undefined;
}

/** An error answer: its {message} (and field) when it has one, else `fallback`; the parsed body kept. */
export function errorFromBody(status: number, text: string, fallback: string): ApiError {
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = text;
  }
  const field = (body as { field?: unknown } | undefined)?.field;
  return new ApiError(status, bodyMessage(body) ?? fallback, body, typeof field === 'string' ? field : undefined);
}
