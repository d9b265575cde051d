import { ApiError, getApiBase, newIdempotencyKey, storage, useSession } from '@brokerage/api-client';
import { IDEMPOTENCY_HEADER } from '@brokerage/contracts/idempotency';
import { withoutApiPrefix } from '@brokerage/contracts/api/path';
import { BROWSER_MODE_HEADER, SESSION_HEADER } from '@brokerage/contracts/identity-claims';
import { MSG } from '@brokerage/contracts/messages';
import { DOCUMENT_MSG } from '@brokerage/contracts/documents';

/*
 * One multipart upload over XMLHttpRequest: fetch reports no upload progress. It keeps apiFetch's rules: the address
 * is joined to the API base, the session token and cookies go only to our own origin, the server's {message} becomes
 * the ApiError's message, and a 401 clears the session.
 */

export interface UploadRequest {
  /** API path (`/broker/listings/{id}/documents`) or an absolute address. */
  path: string;
  /** Text fields, sent before the file (the service reads the fields first). */
  fields?: Record<string, string | undefined>;
  file: File;
  /** Form field of the file (default `file`). */
  fileField?: string;
  /** 0..100 as the bytes leave the browser. */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

export const UPLOAD_CANCELED = 'Upload canceled';

/** The spec's upload alerts (part 2 §5, part 3 §8): the server's message when it gave one. */
export const UPLOAD_TEXT = {
  failed: (message?: string) => (message ? `Upload failed: ${message}` : 'Upload failed. Please try again.'),
  noListing: DOCUMENT_MSG.noListing,
  agreementHint: 'up to 10MB',
  documentsHint: 'Select up to 100 files',
} as const;

/** "Upload failed: {server message}" or "Upload failed. Please try again." for an error of uploadFile. */
export function uploadFailedText(err: unknown): string {
  return UPLOAD_TEXT.failed(err instanceof ApiError && err.status > 0 && err.message ? err.message : undefined);
}

/**
 * Our API address for a path the services answer: apiPath's '/api/…', a `url` the server gave (already under the base),
 * or a path relative to the base (`/broker/…`).
 */
export function apiUrl(path: string): string {
  if (/^https?:\/\//i.test(path)) return path;
  const base = getApiBase().replace(/\/+$/, '');
  if (base && (path === base || path.startsWith(`${base}/`))) return path;
  const rel = withoutApiPrefix(path);
  return `${base}${rel.startsWith('/') ? '' : '/'}${rel}`;
}

function isOwnOrigin(url: string): boolean {
  if (!/^https?:\/\//i.test(url)) return true;
  try {
    const origin = new URL(url).origin;
    return origin === window.location.origin || origin === new URL(getApiBase(), window.location.href).origin;
  } catch {
    return false;
  }
}

function messageOf(xhr: XMLHttpRequest): string | undefined {
  try {
    const body = JSON.parse(xhr.responseText) as { message?: unknown };
    return typeof body?.message === 'string' && body.message.trim() ? body.message : undefined;
  } catch {
    return undefined;
  }
}

/** Sends one file; resolves with the parsed JSON answer, rejects with ApiError (status 0: no answer or canceled). */
export function uploadFile<T = unknown>({ path, fields = {}, file, fileField = 'file', onProgress, signal }: UploadRequest): Promise<T> {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) if (v !== undefined && v !== '') form.append(k, v);
  form.append(fileField, file, file.name);
  return sendMultipart<T>(path, form, { onBytes: (loaded, total) => onProgress?.(Math.min(100, (loaded / total) * 100)), signal });
}

export interface MultipartOptions {
  /** Bytes of the body that have left the browser, of its total. */
  onBytes?: (loaded: number, total: number) => void;
  signal?: AbortSignal;
  /** No answer within this time: ApiError(0) "Request timeout, please try again" (as apiFetch). */
  timeoutMs?: number;
  /** The message of an ApiError(0) when no answer came (none: an empty message, the caller's own text). */
  fallbackMessage?: string;
  /** Idempotency-Key of this write (contracts idempotency.ts): a caller that sends it again passes the same; default a fresh one. */
  idempotencyKey?: string;
}

/**
 * POSTs a multipart body, reporting its upload progress; resolves with the parsed JSON answer, rejects with ApiError
 * (status 0: no answer, timed out or canceled).
 */
export function sendMultipart<T = unknown>(path: string, form: FormData, { onBytes, signal, timeoutMs, fallbackMessage = '', idempotencyKey }: MultipartOptions = {}): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    if (signal?.aborted) return reject(new ApiError(0, UPLOAD_CANCELED));
    const url = apiUrl(path);
    const own = isOwnOrigin(url);
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.withCredentials = own;
    if (timeoutMs) xhr.timeout = timeoutMs;
    xhr.setRequestHeader('accept', 'application/json');
    const { sessionToken } = useSession.getState();
    if (own && sessionToken) xhr.setRequestHeader(SESSION_HEADER, sessionToken);
    if (own && storage.isPrivateMode()) xhr.setRequestHeader(BROWSER_MODE_HEADER, 'private');
    if (own) xhr.setRequestHeader(IDEMPOTENCY_HEADER, idempotencyKey ?? newIdempotencyKey());

    const onAbort = () => xhr.abort();
    signal?.addEventListener('abort', onAbort);
    const done = () => signal?.removeEventListener('abort', onAbort);

    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onBytes?.(Math.min(e.loaded, e.total), e.total);
    };
    xhr.onload = () => {
      done();
      if (xhr.status === 401) {
        useSession.getState().clear();
        return reject(new ApiError(401, MSG.authRequired));
      }
      if (xhr.status < 200 || xhr.status >= 300) {
        // No {message}: an empty message, so callers fall back to their own text ("Upload failed. Please try again.").
        return reject(new ApiError(xhr.status, messageOf(xhr) ?? '', xhr.responseText));
      }
      onBytes?.(1, 1);
      try {
        resolve((xhr.responseText ? JSON.parse(xhr.responseText) : undefined) as T);
      } catch {
        resolve(xhr.responseText as T);
      }
    };
    xhr.onerror = () => {
      done();
      reject(new ApiError(0, fallbackMessage));
    };
    xhr.ontimeout = () => {
      done();
      reject(new ApiError(0, MSG.loginTimeout));
    };
    xhr.onabort = () => {
      done();
      reject(new ApiError(0, UPLOAD_CANCELED));
    };
    xhr.send(form);
  });
}
