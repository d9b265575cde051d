import { STORAGE_KEYS, storage } from './storage.js';
import { useSession } from './session.js';
import { authApi } from './auth-api.js';
import { config } from './config.js';
import { ApiError } from './api-fetch.js';
import type { PublicUser } from '@brokerage/contracts/auth';

export type RestoreOutcome = 'no-user' | 'valid' | 'restored' | 'failed' | 'unreachable';

export interface RestoreHooks {
  /** Called when a restore request starts (show the 'Restoring your session...' overlay). */
  onRestoring?: () => void;
  /** Called after a successful restore and re-verification; default reloads the page after 0.5 s. */
  onRestored?: () => void;
  /** Called when the session is lost; default clears is done already, then go to /login unless there. */
  onFailed?: () => void;
}

/** Dashboard paths (contain broker, agent, buyer or seller) check at once; other pages after 1 s (spec part 1 §4). */
export function restoreDelayFor(pathname: string): number {
  return /broker|agent|buyer|seller/i.test(pathname) ? 0 : 1000;
}

/**
 * Session restore (spec part 1 §4, with deviation 2).
 * 1. A stored user lacking an id or an e-mail is removed.
 * 2. A stored user with both: the session is tested (GET /auth/check-session).
 * 3. Test passes → nothing more.
 * 4. Test fails → POST /auth/restore-session; on success store the user, verify again (GET /users probe),
 *    reload after 0.5 s; if that verification fails, clear and go to /login.
 * 5. Restore fails or anything unexpected → clear user, tokens; /login unless already there. A check that got no
 *    answer at all (offline, page unloading) is no verdict: the session is kept ('unreachable').
 */
export async function runSessionRestore(hooks: RestoreHooks = {}): Promise<RestoreOutcome> {
  const fail = () => {
    useSession.getState().clear();
    (hooks.onFailed ?? config.onUnauthorized)();
    return 'failed' as const;
  };
  const stored = storage.getJson<Partial<PublicUser>>(STORAGE_KEYS.user);
  if (!stored || !stored.id || !stored.email) {
    if (storage.get(STORAGE_KEYS.user) !== null) {
      storage.remove(STORAGE_KEYS.user);
      useSession.getState().reload();
    }
    return 'no-user';
  }
  let check;
  try {
    check = await authApi.checkSession();
  } catch (e) {
    // No answer at all (offline, or the page navigated away and cancelled the call) says nothing about the session:
    // keep it, the next page load checks again. Any answer from the server decides as below.
    if (e instanceof ApiError && e.status === 0) return 'unreachable';
    return fail();
  }
  try {
    if (check.authenticated) return 'valid';
    hooks.onRestoring?.();
    const res = await authApi.restoreSession({ userId: stored.id, email: stored.email });
    if (!res || !res.user) return fail();
    useSession.getState().setSession({
      user: res.user,
      sessionToken: res.sessionToken ?? useSession.getState().sessionToken,
      token: res.token ?? useSession.getState().authToken,
    });
    const ok = await authApi.probeSession();
    if (!ok) return fail();
    (hooks.onRestored ?? (() => setTimeout(() => window.location.reload(), 500)))();
    return 'restored';
  } catch {
    return fail();
  }
}
