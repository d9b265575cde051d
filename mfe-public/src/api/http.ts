/**
 * Error helpers over @brokerage/api-client's ApiError (status 0 = no answer: network failure or timeout).
 * apiFetch puts the server's {message} into ApiError.message, else the fallbackMessage we pass; screens show serverMessageOr.
 */
import { ApiError, serverMessage } from '@brokerage/api-client';
import { MSG } from '@brokerage/contracts/messages';

export { ApiError };

/**
 * The server's own message of a refusal (a 4xx with {message}), else the screen's text (spec §8: "the server message,
 * else …"); a 5xx says only "Something went wrong", so the screen's text says it better.
 */
export function serverMessageOr(err: unknown, fallback: string): string {
  return serverMessage(err) ?? fallback;
}

/** True when the call never got an HTTP answer (offline, DNS, refused). */
export function isNetworkFailure(err: unknown): boolean {
  return !(err instanceof ApiError) || err.status === 0;
}

/** apiFetch reports a timed-out call as status 0 with the spec's timeout text. */
export function isTimeout(err: unknown): boolean {
  return err instanceof ApiError && err.status === 0 && err.message === MSG.loginTimeout;
}
