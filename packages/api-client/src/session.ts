import { create } from 'zustand';
import type { LoginResponse, PublicUser } from '@brokerage/contracts/auth';
import { STORAGE_KEYS, storage } from './storage.js';

export interface SessionState {
  user: PublicUser | null;
  /** Opaque session token; sent as X-Session-Token. Never the user id (deviation 4). */
  sessionToken: string | null;
  /** The spec's "auth token" (the same opaque credential in this product). */
  authToken: string | null;
  /** Store the login (or restore) response: user, session token and auth token. */
  setSession(res: Pick<LoginResponse, 'user'> & { sessionToken?: string | null; token?: string | null }): void;
  /** Replace only the stored user (keeps tokens). */
  setUser(user: PublicUser): void;
  /** Remove user, session token and auth token from memory and storage. */
  clear(): void;
  /** Re-read the store from storage (another tab, tests). */
  reload(): void;
}

function readStored(): Pick<SessionState, 'user' | 'sessionToken' | 'authToken'> {
  return {
    user: storage.getJson<PublicUser>(STORAGE_KEYS.user),
    sessionToken: storage.get(STORAGE_KEYS.sessionToken),
    authToken: storage.get(STORAGE_KEYS.authToken),
  };
}

export const useSession = create<SessionState>()((set) => ({
  ...readStored(),
  setSession(res) {
    const sessionToken = res.sessionToken ?? res.token ?? null;
    const authToken = res.token ?? res.sessionToken ?? null;
    storage.set(STORAGE_KEYS.user, JSON.stringify(res.user));
    if (sessionToken) storage.set(STORAGE_KEYS.sessionToken, sessionToken);
    else storage.remove(STORAGE_KEYS.sessionToken);
    if (authToken) storage.set(STORAGE_KEYS.authToken, authToken);
    else storage.remove(STORAGE_KEYS.authToken);
    set({ user: res.user, sessionToken, authToken });
  },
  setUser(user) {
    storage.set(STORAGE_KEYS.user, JSON.stringify(user));
    set({ user });
  },
  clear() {
    storage.remove(STORAGE_KEYS.user);
    storage.remove(STORAGE_KEYS.sessionToken);
    storage.remove(STORAGE_KEYS.authToken);
    set({ user: null, sessionToken: null, authToken: null });
  },
  reload() {
    set(readStored());
  },
}));

// Keep tabs in step: signing out in one tab signs out the others.
if (typeof window !== 'undefined' && typeof window.addEventListener === 'function') {
  window.addEventListener('storage', (e) => {
    if (e.key === null || (Object.values(STORAGE_KEYS) as string[]).includes(e.key)) useSession.getState().reload();
  });
}
