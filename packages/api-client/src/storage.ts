/**
 * Browser storage for the session (spec part 1 §3: user, session token and auth token are kept in browser storage).
 * Keys: `user`, `sessionToken`, `authToken`. When localStorage is unavailable (private browsing, disabled storage,
 * Node), values live in memory and every call carries `x-browser-mode: private` (spec part 1 §7).
 */
export const STORAGE_KEYS = { user: 'user', sessionToken: 'sessionToken', authToken: 'authToken' } as const;

const memory = new Map<string, string>();
let probed: Storage | null | undefined;

function local(): Storage | null {
  if (probed !== undefined) return probed;
  try {
    const ls = (globalThis as { localStorage?: Storage }).localStorage;
    if (!ls) return (probed = null);
    const k = '__bb_probe__';
    ls.setItem(k, '1');
    ls.removeItem(k);
    return (probed = ls);
  } catch {
    return (probed = null);
  }
}

export const storage = {
  /** True when localStorage cannot be used and the in-memory fallback is active. */
  isPrivateMode(): boolean {
    return local() === null;
  },
  get(key: string): string | null {
    const ls = local();
    if (!ls) return memory.has(key) ? (memory.get(key) as string) : null;
    try {
      return ls.getItem(key);
    } catch {
      return memory.get(key) ?? null;
    }
  },
  set(key: string, value: string): void {
    const ls = local();
    if (!ls) {
      memory.set(key, value);
      return;
    }
    try {
      ls.setItem(key, value);
    } catch {
      memory.set(key, value);
    }
  },
  remove(key: string): void {
    memory.delete(key);
    const ls = local();
    if (!ls) return;
    try {
      ls.removeItem(key);
    } catch {
      /* ignore */
    }
  },
  getJson<T>(key: string): T | null {
    const raw = this.get(key);
    if (!raw) return null;
    try {
      return JSON.parse(raw) as T;
    } catch {
      return null;
    }
  },
  /** Test hook: forget which backend was detected (e.g. after replacing globalThis.localStorage). */
  _reset(): void {
    probed = undefined;
    memory.clear();
  },
};
