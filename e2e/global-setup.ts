import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '@brokerage/embedded-infra';
// @ts-expect-error plain ESM launcher module without types
import { startStack } from '../infra/launcher/stack.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));

/**
 * Starts the whole product (real PostgreSQL, Redis, S3, every service, the worker, the gateway serving the built
 * shell and remotes) on free ports with a fresh data dir and demo data, for the browser tests.
 */
export default async function globalSetup() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'brokerage-e2e-'));
  fs.chmodSync(dataDir, 0o755);
  const registryFile = path.join(dataDir, 'mfe-registry.json');
  fs.copyFileSync(path.join(here, '..', 'infra', 'mfe-registry.json'), registryFile);
  const port = await freePort();
  const stack = await startStack({
    dataDir,
    port,
    quiet: true,
    // The browser tests sign the same demo users in many times a minute; the limit itself is tested in the gateway's suite.
    env: { SEED_DEMO: '1', MFE_REGISTRY_FILE: registryFile, RATE_LIMIT_LOGIN_PER_MINUTE: '1000', RATE_LIMIT_RESET_PER_MINUTE: '100' },
  });
  process.env.E2E_BASE_URL = stack.url;
  // One state file per run (workers inherit the env), so concurrent runs on one machine do not mix stacks.
  const stateFile = path.join(dataDir, 'e2e-state.json');
  process.env.E2E_STATE_FILE = stateFile;
  fs.writeFileSync(stateFile, JSON.stringify({ url: stack.url, dataDir, registryFile, pids: stack.pids }, null, 2));
  (globalThis as any).__STACK__ = stack;
}
