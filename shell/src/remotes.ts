import type { ComponentType } from 'react';
import { getInstance } from '@module-federation/enhanced/runtime';
import { fetchRegistry, takeRegistry, type Registry } from './registry-fetch';

export type { Registry };

/** Remote names the shell knows how to mount (CONVENTIONS.md "Frontend"). */
export type RemoteName = 'mfe_public' | 'mfe_seller' | 'mfe_buyer' | 'mfe_staff';

let registryPromise: Promise<Registry> | null = null;

function register(reg: Registry, force: boolean) {
  const mf = getInstance();
  if (!mf) throw new Error('Module Federation runtime not initialised');
  const remotes = Object.entries(reg.remotes)
    .filter((e): e is [string, string] => typeof e[1] === 'string')
    .map(([name, entry]) => ({ name, entry: new URL(entry, window.location.href).href }));
  mf.registerRemotes(remotes, { force });
}

/** Fetch /mfe-registry.json and register every remote's manifest with the MF runtime (once). */
export function loadRegistry(): Promise<Registry> {
  if (!registryPromise) {
    registryPromise = takeRegistry().then((reg) => {
      register(reg, false);
      return reg;
    });
    // A failed registry fetch is retried on the next call (Retry button).
    registryPromise.catch(() => {
      registryPromise = null;
    });
  }
  return registryPromise;
}

/**
 * Re-read the registry and re-register one remote with `force`, dropping whatever the runtime cached for it
 * (a failed remoteEntry, an old manifest) so the next loadRemote really loads again.
 */
export async function resetRemote(name: RemoteName): Promise<void> {
  registryPromise = null;
  const reg = await fetchRegistry();
  registryPromise = Promise.resolve(reg);
  const entry = reg.remotes[name];
  if (entry) register({ remotes: { [name]: entry } }, true);
}

/** Load `<name>/App` (default export: the area's root component). */
export async function loadRemoteApp(name: RemoteName): Promise<{ default: ComponentType }> {
  const reg = await loadRegistry();
  if (!reg.remotes[name]) throw new Error(`Remote ${name} is not in the registry`);
  const mf = getInstance();
  if (!mf) throw new Error('Module Federation runtime not initialised');
  const mod = await mf.loadRemote<{ default?: ComponentType } | ComponentType>(`${name}/App`);
  if (!mod) throw new Error(`Remote ${name} returned nothing`);
  const Comp = typeof mod === 'function' ? mod : mod.default;
  if (!Comp) throw new Error(`Remote ${name} has no default export`);
  return { default: Comp };
}
