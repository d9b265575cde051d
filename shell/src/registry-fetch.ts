/**
 * The runtime map of remotes (/mfe-registry.json). Fetched as early as possible: the entry starts it before the
 * async boundary loads the shared chunks (react, router…), so the two overlap instead of running one after another.
 */
export interface Registry {
  remotes: Partial<Record<string, string>>;
}

let early: Promise<Registry> | null = null;

export async function fetchRegistry(): Promise<Registry> {
  const res = await fetch('/mfe-registry.json', { cache: 'no-cache', credentials: 'same-origin' });
  if (!res.ok) throw new Error(`Registry unavailable (${res.status})`);
  const data = (await res.json()) as Registry;
  if (!data || typeof data.remotes !== 'object') throw new Error('Registry malformed');
  return data;
}

/** Called once by the entry, before anything else. */
export function startRegistryFetch(): void {
  early = fetchRegistry();
  early.catch(() => undefined); // reported when it is consumed
}

/** The early fetch the first time (if one was started), a fresh fetch after that (Retry). */
export function takeRegistry(): Promise<Registry> {
  const p = early ?? fetchRegistry();
  early = null;
  return p;
}
