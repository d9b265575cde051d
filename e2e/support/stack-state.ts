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
}

/** What the global setup wrote about the running stack (pids of every process, data dir, registry copy). */
export function stackState(): StackState {
  return JSON.parse(fs.readFileSync(process.env.E2E_STATE_FILE!, 'utf8'));
}

/** The repository root (e2e/ lives directly under it). */
export const REPO_ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..', '..');
