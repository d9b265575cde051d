import fs from 'node:fs';
import path from 'node:path';

export interface StackState {
  url: string;
  dataDir: string;
  registryFile: string;
  /** At start; a restarted service has new ones (restartService answers them). */
  pids: Record<string, number>;
  /** The runner's stack control (support/stack-control.ts). */
  controlUrl: string;
  /** What this stack's gateway serves: a copy of shell/dist and each remote's dist (STATIC_DIR), so the browser-test
   *  shards (each with its own stack) can redeploy or take down a remote without touching each other's. */
  staticDir: string;
}

/** What the global setup wrote about the running stack (pids of every process, data dir, registry copy). */
export function stackState(): StackState {
  return JSON.parse(fs.readFileSync(process.env.E2E_STATE_FILE!, 'utf8'));
}

/** The repository root (e2e/ lives directly under it). */
export const REPO_ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..', '..');

/** The folders the gateway serves files from (gateway REMOTES plus the shell). */
export const SERVED_FOLDERS = ['shell', 'mfe-public', 'mfe-seller', 'mfe-buyer', 'mfe-staff'] as const;

/** Copies `<folder>/dist` of the repository (or `from`) to `<staticDir>/<folder>/dist`, replacing what was there in one rename. */
export function deployDist(folder: string, staticDir: string, from = path.join(REPO_ROOT, folder, 'dist')): void {
  const target = path.join(staticDir, folder, 'dist');
  const incoming = `${target}.incoming`;
  const old = `${target}.old`;
  fs.rmSync(incoming, { recursive: true, force: true });
  fs.cpSync(from, incoming, { recursive: true });
  if (fs.existsSync(target)) fs.renameSync(target, old);
  fs.renameSync(incoming, target);
  fs.rmSync(old, { recursive: true, force: true });
}
