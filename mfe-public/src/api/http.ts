/**
 * Error helpers over @brokerage/api-client's ApiError (status 0 = no answer: network failure or timeout).
 * apiFetch already puts the server's {message} into ApiError.message, else the fallbackMessage we pass.
 */
import { ApiError } from '@brokerage/api-client';
import { MSG } from '@brokerage/contracts/messages';

export { ApiError };

/** The server's own message when it sent one, else the fallback (spec §8: "the server message, else …"). */
export function serverMessage(err: unknown, fallback: string): string {
  if (err instanceof ApiError && err.status > 0) {
    const body = err.body as { message?: unknown } | undefined;
    if (body && typeof body === 'object' && typeof body.message === 'string' && body.message.trim()) return body.message;
    return fallback;
  }
  return fallback;
}

/** True when the call never got an HTTP answer (offline, DNS, refused). */
export function isNetworkFailure(err: unknown): boolean {
  return !(err instanceof ApiError) || err.status === 0;
}

/** apiFetch reports a timed-out call as status 0 with the spec's timeout text. */
export function isTimeout(err: unknown): boolean {
  return err instanceof ApiError && err.status === 0 && err.message === MSG.loginTimeout;
}
