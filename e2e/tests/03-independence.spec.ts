import { test, expect } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { signIn, sidebar } from '../support/session';
import { REPO_ROOT, deployDist, stackState } from '../support/stack-state';

function hashTree(dir: string): string {
  const h = crypto.createHash('sha256');
  const walk = (d: string) => {
    for (const name of fs.readdirSync(d).sort()) {
      const p = path.join(d, name);
      if (fs.statSync(p).isDirectory()) walk(p);
      else h.update(path.relative(dir, p)).update(fs.readFileSync(p));
    }
  };
  walk(dir);
  return h.digest('hex');
}

/**
 * Builds mfe-seller with a build tag into a folder of its own and deploys that build alone to this stack's gateway. The
 * repository's mfe-seller/dist stays as it is: nothing to rebuild afterwards (that second build cost the run ~5-10 s),
 * and no other build in the same checkout sees a tagged one.
 */
function buildSellerTagged(tag: string) {
  const out = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-mfe-seller-'));
  try {
    execFileSync('npx', ['rspack', 'build', '-c', 'rspack.config.mjs', '--output-path', out], {
      cwd: path.join(REPO_ROOT, 'mfe-seller'), env: { ...process.env, MFE_BUILD_TAG: tag }, stdio: 'pipe', timeout: 120_000,
    });
    deployDist('mfe-seller', stackState().staticDir, out);
  } finally {
    fs.rmSync(out, { recursive: true, force: true });
  }
}

test.describe('a remote rebuilt and redeployed alone is picked up on reload', () => {
  test.setTimeout(240_000);
  test.afterAll(() => deployDist('mfe-seller', stackState().staticDir)); // the stack serves the normal build again

  test('mfe-seller rebuilt with a new text shows it; the shell is untouched', async ({ page, request }) => {
    const shellBefore = hashTree(path.join(stackState().staticDir, 'shell', 'dist'));
    const indexBefore = await (await request.get('/')).text();

    await signIn(page, 'SELLER');
    const tag = `e2e-${crypto.randomBytes(4).toString('hex')}`;
    // The seller remote's build id is in its sidebar's data-build attribute (never shown to users).
    await expect(sidebar(page)).toHaveAttribute('data-build', /.+/);
    await expect(sidebar(page)).not.toHaveAttribute('data-build', tag);

    buildSellerTagged(tag);
    await page.reload();
    await expect(sidebar(page)).toHaveAttribute('data-build', tag);

    expect(hashTree(path.join(stackState().staticDir, 'shell', 'dist'))).toBe(shellBefore);
    expect(await (await request.get('/')).text()).toBe(indexBefore);
  });
});
