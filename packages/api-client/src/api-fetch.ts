import { MSG } from '@brokerage/contracts/messages';
import { IDEMPOTENCY_HEADER } from '@brokerage/contracts/idempotency';
import { config } from './config.js';
import { ApiError, apiUrl, errorFromBody, isOwnOrigin, newIdempotencyKey, ownHeaders, unauthorized } from './http.js';

export { ApiError, newIdempotencyKey } from './http.js';

export interface ApiFetchOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD';
  /** Raw body (FormData, Blob, string…). FormData leaves the content type to the browser (multipart boundary). */
  body?: BodyInit | null;
  /** JSON body: serialized, content-type application/json. */
  json?: unknown;
  /** Default 15 000 ms (spec part 1 §9). */
  timeoutMs?: number;
  /**
   * Total attempts. GETs: default 1 (TanStack Query retries them, createQueryClient). Writes to our API: default
   * WRITE_ATTEMPTS (3, spec part 1 §9) with the same Idempotency-Key, again only after no answer or 502/503/504.
   * Sign-in and reset set 2.
   */
  attempts?: number;
  /**
   * Authenticated call (default true): sends the stored session token, and a 401 clears the session, redirects to
   * /login (unless there) and throws 'Authentication required'. `false` for sign-in style calls.
   */
  auth?: boolean;
  /** When false, a 401 is thrown as-is without clearing the session (session probes). Default true. */
  handle401?: boolean;
  /** Message when the server gives none (spec: "the server message, else …"). */
  fallbackMessage?: string;
  headers?: Record<string, string>;
  /** How to read a successful body. Default: JSON when the response says so, else text. */
  responseType?: 'auto' | 'json' | 'text' | 'blob' | 'response';
  signal?: AbortSignal;
  /** fetch's keepalive: the request outlives the page (a report sent as the page is hidden or left). */
  keepalive?: boolean;
}

export const DEFAULT_TIMEOUT_MS = 15_000;

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

function isFormData(b: unknown): boolean {
  return typeof FormData !== 'undefined' && b instanceof FormData;
}

async function readBody(res: Response, type: ApiFetchOptions['responseType']): Promise<unknown> {
  if (type === 'response') return res;
  if (type === 'blob') return res.blob();
  if (res.status === 204 || res.status === 205) return undefined;
  const text = await res.text();
  if (type === 'text') return text;
  const ct = res.headers.get('content-type') || '';
  if (type === 'json' || ct.includes('json')) {
    if (!text) return undefined;
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}

async function errorFromResponse(res: Response, fallback: string | undefined): Promise<ApiError> {
  const text = await res.text().catch(() => '');
  return errorFromBody(res.status, text, fallback ?? `Request failed (${res.status})`);
}

/** Network failures and 5xx (except 501 "not built") are worth another attempt; 4xx never. */
function retriable(err: unknown): boolean {
  if (!(err instanceof ApiError)) return false;
  return err.status === 0 || (err.status >= 500 && err.status !== 501);
}

/** A keyed write is tried again only when it may not have arrived or the service was unavailable (never on a 500). */
function writeRetriable(err: unknown): boolean {
  return err instanceof ApiError && (err.status === 0 || err.status === 502 || err.status === 503 || err.status === 504);
}

/** Attempts of a write to our own API when the caller sets none (it carries an Idempotency-Key: a repeat is harmless). */
export const WRITE_ATTEMPTS = 3;

/**
 * The spec's call conventions (part 1 §7) in one function.
 * Returns the parsed body; throws ApiError with the server's {message} or the caller's fallback.
 */
export async function apiFetch<T = unknown>(path: string, opts: ApiFetchOptions = {}): Promise<T> {
  const method = (opts.method || 'GET').toUpperCase() as NonNullable<ApiFetchOptions['method']>;
  const auth = opts.auth !== false;
  const timeoutMs = opts.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const url = apiUrl(path);
  const own = isOwnOrigin(url);
  // Writes to our API carry an Idempotency-Key (contracts idempotency.ts), the same on every attempt: the service
  // answers a repeat with its first answer, so a write that got no answer (network, timeout, 502/503/504) is tried again.
  const write = own && method !== 'GET' && method !== 'HEAD';
  const keyedWrite = write && opts.attempts === undefined;
  const attempts = Math.max(1, opts.attempts ?? (keyedWrite ? WRITE_ATTEMPTS : 1));
  const headers: Record<string, string> = { accept: 'application/json', ...(opts.headers || {}) };
  let body: BodyInit | null | undefined = opts.body;
  if (opts.json !== undefined) {
    body = JSON.stringify(opts.json);
    headers['content-type'] = 'application/json';
  } else if (isFormData(body)) {
    // Multipart: the browser sets content-type with the boundary.
    for (const k of Object.keys(headers)) if (k.toLowerCase() === 'content-type') delete headers[k];
  }
  // Deviation 4: only the stored session token, never the user id — and only to our own origin.
  const callerKey = Object.keys(headers).some((k) => k.toLowerCase() === IDEMPOTENCY_HEADER);
  Object.assign(headers, ownHeaders(url, { auth, idempotencyKey: write && !callerKey ? newIdempotencyKey() : undefined }));

  let lastError: unknown;
  for (let attempt = 1; attempt <= attempts; attempt++) {
    if (attempt > 1) await sleep(config.retryDelayMs * (attempt - 1));
    const ctrl = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      ctrl.abort();
    }, timeoutMs);
    const onOuterAbort = () => ctrl.abort();
    opts.signal?.addEventListener('abort', onOuterAbort);
    try {
      let res: Response;
      try {
        res = await fetch(url, { method, headers, body: body ?? undefined, credentials: own ? 'include' : 'omit', signal: ctrl.signal, ...(opts.keepalive ? { keepalive: true } : {}) });
      } catch (e) {
        if (opts.signal?.aborted) throw e;
        throw new ApiError(0, timedOut ? MSG.loginTimeout : opts.fallbackMessage ?? MSG.somethingWrongTryAgain, e);
      }
      if (res.status === 401 && auth && opts.handle401 !== false) throw unauthorized();
      if (!res.ok) throw await errorFromResponse(res, opts.fallbackMessage);
      let data: unknown;
      try {
        data = await readBody(res, opts.responseType);
      } catch (e) {
        if (opts.signal?.aborted) throw e;
        throw new ApiError(0, timedOut ? MSG.loginTimeout : opts.fallbackMessage ?? MSG.somethingWrongTryAgain, e);
      }
      return data as T;
    } catch (e) {
      lastError = e;
      if (!(keyedWrite ? writeRetriable(e) : retriable(e)) || attempt === attempts) throw e;
    } finally {
      clearTimeout(timer);
      opts.signal?.removeEventListener('abort', onOuterAbort);
    }
  }
  throw lastError;
}
