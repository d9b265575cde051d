import { apiPath } from '@brokerage/contracts/api/path';
import { MSG } from '@brokerage/contracts/messages';
import type {
  CheckSessionResponse,
  LoginRequest,
  LoginResponse,
  RestoreSessionResponse,
} from '@brokerage/contracts/auth';
import type { RegistrationPayload } from '@brokerage/contracts/registration';
import { ApiError, apiFetch } from './api-fetch.js';
import { browserTimeZone } from './browser-time-zone.js';
import { useSession } from './session.js';
import { config } from './config.js';

/** Login and reset: 15 s timeout, 2 attempts with a 1 s growing delay (spec part 1 §7, §9). Other writes: 1 attempt. */
const LOGIN_LIKE = { timeoutMs: 15_000, attempts: 2 } as const;

/** POST /auth/reset-password (both steps of a reset: the link request and the new password). */
function resetPassword(body: { email: string } | { token: string; newPassword: string }): Promise<{ message?: string }> {
  return apiFetch(apiPath('POST', '/auth/reset-password'), {
    method: 'POST',
    json: body,
    auth: false,
    ...LOGIN_LIKE,
    fallbackMessage: MSG.resetFailed,
  });
}

export const authApi = {
  /**
   * POST /auth/login. Does not store anything: the caller checks the role (normalizeRole) and then calls
   * `useSession.getState().setSession(res)` — an unknown role shows 'Invalid user role: {role}' and stores nothing.
   */
  login(body: LoginRequest): Promise<LoginResponse> {
    // the browser's time zone: the e-mail digest's 7:00 until the user picks one on Settings
    return apiFetch<LoginResponse>(apiPath('POST', '/auth/login'), {
      method: 'POST',
      json: { ...body, timeZone: body.timeZone ?? browserTimeZone() ?? undefined },
      auth: false,
      ...LOGIN_LIKE,
      fallbackMessage: MSG.loginFailed,
    });
  },

  /** POST /auth/logout (best effort; the caller clears the session whatever happens — see signOut). */
  logout(): Promise<unknown> {
    return apiFetch(apiPath('POST', '/auth/logout'), { method: 'POST', handle401: false });
  },

  /** Sign out as the spec says: logout call, then clear everything, then /login — even if the call fails. */
  async signOut(): Promise<void> {
    try {
      await authApi.logout();
    } catch {
      /* go on: sign-out never fails for the user */
    }
    useSession.getState().clear();
    config.onUnauthorized();
  },

  /** GET /auth/check-session → {authenticated}. A 401 is an answer here, not a reason to sign out. */
  async checkSession(): Promise<CheckSessionResponse> {
    try {
      return await apiFetch<CheckSessionResponse>(apiPath('GET', '/auth/check-session'), { handle401: false });
    } catch (e) {
      if (e instanceof ApiError && e.status === 401) return { authenticated: false };
      throw e;
    }
  },

  /** POST /auth/restore-session {userId, email}; the server restores only from a valid cookie (deviation 2). */
  restoreSession(body: { userId: string; email: string }): Promise<RestoreSessionResponse> {
    return apiFetch<RestoreSessionResponse>(apiPath('POST', '/auth/restore-session'), {
      method: 'POST',
      json: body,
      handle401: false,
      fallbackMessage: MSG.authRequired,
    });
  },

  /** POST /auth/register (never retried). */
  register(body: RegistrationPayload): Promise<unknown> {
    return apiFetch(apiPath('POST', '/auth/register'), {
      method: 'POST',
      json: body,
      auth: false,
      fallbackMessage: MSG.registrationFailed,
    });
  },

  /** POST /auth/reset-password {email}: e-mails a single-use link (deviation 1). */
  requestReset: (body: { email: string }) => resetPassword(body),

  /** POST /auth/reset-password {token, newPassword}: sets the new password from the link. */
  confirmReset: (body: { token: string; newPassword: string }) => resetPassword(body),

  /** GET /users as a session-validity probe: true unless the server answers 401. */
  async probeSession(): Promise<boolean> {
    try {
      await apiFetch(apiPath('GET', '/users'), { handle401: false, responseType: 'text' });
      return true;
    } catch (e) {
      if (e instanceof ApiError && e.status === 401) return false;
      if (e instanceof ApiError && e.status >= 400 && e.status < 500) return true; // e.g. 403: signed in, not allowed
      throw e;
    }
  },
};
