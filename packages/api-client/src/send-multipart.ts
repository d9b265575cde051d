import { MSG } from '@brokerage/contracts/messages';
import { ApiError, apiUrl, errorFromBody, isOwnOrigin, newIdempotencyKey, ownHeaders, unauthorized } from './http.js';

/** The message of the ApiError(0) of a canceled sendMultipart. */
export const UPLOAD_CANCELED = 'Upload canceled';

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
 * POSTs a multipart body over XMLHttpRequest (fetch reports no upload progress), with apiFetch's rules (http.ts): the
 * address joined to the API base, the session token, cookies and Idempotency-Key only to our own origin, a 401 clears
 * the session and calls onUnauthorized. Resolves with the parsed JSON answer; rejects with ApiError: the server's
 * {message}, else an empty message (callers then say it their way); status 0: no answer, timed out or canceled.
 */
export function sendMultipart<T = unknown>(path: string, form: FormData, { onBytes, signal, timeoutMs, fallbackMessage = '', idempotencyKey }: MultipartOptions = {}): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    if (signal?.aborted) return reject(new ApiError(0, UPLOAD_CANCELED));
    const url = apiUrl(path);
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.withCredentials = isOwnOrigin(url);
    if (timeoutMs) xhr.timeout = timeoutMs;
    xhr.setRequestHeader('accept', 'application/json');
    for (const [k, v] of Object.entries(ownHeaders(url, { auth: true, idempotencyKey: idempotencyKey ?? newIdempotencyKey() }))) xhr.setRequestHeader(k, v);

    const onAbort = () => xhr.abort();
    signal?.addEventListener('abort', onAbort);
    const done = () => signal?.removeEventListener('abort', onAbort);

    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onBytes?.(Math.min(e.loaded, e.total), e.total);
    };
    xhr.onload = () => {
      done();
      if (xhr.status === 401) return reject(unauthorized());
      if (xhr.status < 200 || xhr.status >= 300) return reject(errorFromBody(xhr.status, xhr.responseText, ''));
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
