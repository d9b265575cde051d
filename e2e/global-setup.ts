import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '@brokerage/embedded-infra';
import { startStack } from '../infra/launcher/stack.mjs';
import { startStackControl } from './support/stack-control-server';
import { SERVED_FOLDERS, deployDist } from './support/stack-state';

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
  // This stack serves its own copy of the built shell and remotes: a test that redeploys or removes a remote changes
  // only this run's copy (the browser tests run in shards side by side, one stack each).
  const staticDir = path.join(dataDir, 'static');
  for (const folder of SERVED_FOLDERS) deployDist(folder, staticDir);
  const port = await freePort();
  const stack = await startStack({
    dataDir,
    port,
    staticDir,
    quiet: true,
    // The browser tests sign the same demo users in many times a minute and fill the public forms from one address;
    // the limits themselves are tested in the gateway's suite.
    env: {
      SEED_DEMO: '1', MFE_REGISTRY_FILE: registryFile, RATE_LIMIT_LOGIN_PER_MINUTE: '1000', RATE_LIMIT_RESET_PER_MINUTE: '100',
      RATE_LIMIT_LOGIN_IP_PER_MINUTE: '5000', RATE_LIMIT_ACCOUNT_FAILURES: '1000', RATE_LIMIT_FORMS_PER_MINUTE: '1000',
      RATE_LIMIT_SIGNUPS_PER_HOUR: '10000', RATE_LIMIT_BAD_TOKENS_PER_MINUTE: '10000',
      // argon2id at OWASP's minimum (as identity's own tests and the chaos round): the hundreds of sign-ins here measure
      // the portal, not the hash (argon2's defaults take both cores for each one); identity's tests cover the hashing.
      ARGON2_MEMORY_KIB: '19456', ARGON2_TIME_COST: '2', ARGON2_PARALLELISM: '1',
    },
  });
  process.env.E2E_BASE_URL = stack.url;
  const control = await startStackControl(stack);
  // One state file per run (workers inherit the env), so concurrent runs on one machine do not mix stacks.
  const stateFile = path.join(dataDir, 'e2e-state.json');
  process.env.E2E_STATE_FILE = stateFile;
  fs.writeFileSync(stateFile, JSON.stringify({ url: stack.url, dataDir, registryFile, pids: stack.pids, controlUrl: control.url, staticDir }, null, 2));
  // Handed to global-teardown, which runs in this same process.
  Object.assign(globalThis, { __STACK__: stack, __STACK_CONTROL__: control });
  await waitForGo();
}

/**
 * `npm test` starts Playwright while its last Jest jobs still run, so the stack starts on the core they leave idle;
 * the tests wait until it writes E2E_GO_FILE (scripts/test-all.mjs), so they never share the machine with them.
 */
async function waitForGo(): Promise<void> {
  const goFile = process.env.E2E_GO_FILE;
  if (!goFile) return;
  const until = Date.now() + 60 * 60_000;
  while (!fs.existsSync(goFile)) {
    if (Date.now() > until) throw new Error(`E2E_GO_FILE ${goFile} was never written`);
    await new Promise((r) => setTimeout(r, 250));
  }
}
