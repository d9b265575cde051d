/**
 * Idempotency keys (issue 20 §1): a write the client may send again (message send, uploads, form submits) carries
 * `Idempotency-Key: <random id>`, the same on every attempt of that one action. A service answers a repeat of a key it
 * has answered (same caller, method and path, within IDEMPOTENCY_TTL_SECONDS) with the stored answer and does nothing
 * again; the gateway may then repeat such a write on another replica.
 */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const IDEMPOTENCY_TTL_SECONDS = 24 * 3600;
/** Longest key accepted (a UUID is 36). */
export const IDEMPOTENCY_KEY_MAX = 200;

export const IDEMPOTENCY_MSG = {
  /** 503: the first request with this key is still being handled (the client retries later). */
  inProgress: 'This request is still being processed. Please try again shortly.',
  /** 400 */
  badKey: 'Idempotency-Key must be 1 to 200 visible characters.',
} as const;
