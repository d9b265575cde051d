/**
 * API base address (spec part 1 §7: "chosen by host name").
 *
 * Host-name rule in this product: one gateway origin serves the shell, every remote and the API, on every host
 * (local development, preview and production alike), so the base is always the same-origin path `/api`.
 * The preview/production split of the spec becomes a deployment concern (which gateway answers that host name),
 * not a client one. `configureApiClient({ baseUrl })` overrides it (tests, tools running outside the browser).
 */
export interface ApiClientConfig {
  baseUrl: string;
  /** Called after a 401 on an authenticated call has cleared the session. Default: go to /login unless there. */
  onUnauthorized: () => void;
  /** Base retry delay in ms; attempt n waits n × this (spec: the delay grows by 1000 ms per attempt). */
  retryDelayMs: number;
}

export function defaultRedirectToLogin(): void {
  if (typeof window === 'undefined' || !window.location) return;
  if (window.location.pathname !== '/login') window.location.assign('/login');
}

export const config: ApiClientConfig = {
  baseUrl: '/api',
  onUnauthorized: defaultRedirectToLogin,
  retryDelayMs: 1000,
};

export function configureApiClient(partial: Partial<ApiClientConfig>): void {
  Object.assign(config, partial);
}

export function getApiBase(): string {
  return config.baseUrl;
}
