import { ApiError } from '@brokerage/api-client';

/** The server's {message} when there is one, else undefined (callers add the spec's fallback text). */
export function serverMessage(err: unknown): string | undefined {
  if (err instanceof ApiError && err.status > 0 && err.message) return err.message;
  return undefined;
}
