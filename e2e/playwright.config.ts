import fs from 'node:fs';
import { defineConfig } from '@playwright/test';

// Debian's Chromium (apt, never downloaded). Its headless shell (Debian package chromium-headless-shell: the same source
// and version as /usr/bin/chromium, without the desktop browser's window machinery) when installed: a page there costs
// about a third of the CPU and half the time (8 contexts x 2 page loads: 11.6 s against 21.1 s, 4 s of Chromium CPU
// against 11), which is most of what the browser tests spend. E2E_CHROMIUM=/usr/bin/chromium runs them in the full one.
const CHROMIUM = process.env.E2E_CHROMIUM
  || (fs.existsSync('/usr/bin/chromium-headless-shell') ? '/usr/bin/chromium-headless-shell' : '/usr/bin/chromium');

// Browser tests drive Debian's Chromium against the real stack (gateway, services, remotes) that global-setup starts.
export default defineConfig({
  testDir: './tests',
  globalSetup: './global-setup.ts',
  globalTeardown: './global-teardown.ts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [['list'], ['json', { outputFile: process.env.PW_JSON_OUTPUT || '../test-results/e2e.json' }]],
  outputDir: '../test-results/e2e-artifacts',
  use: {
    baseURL: process.env.E2E_BASE_URL,
    // A trace records every action of every test: in CI (CI=true, one run on two cores) it cost ~15-25 % of the run
    // (side by side on 33 tests: 278 s and 332 s with it, 236 s without). A failure still leaves its screenshot and
    // error context (page snapshot); E2E_TRACE=1 records traces in CI too, and local runs keep them for failures.
    trace: process.env.CI && process.env.E2E_TRACE !== '1' ? 'off' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: CHROMIUM,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
        '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    },
  },
  projects: [
    { name: 'desktop', use: { viewport: { width: 1280, height: 800 } } },
  ],
});
