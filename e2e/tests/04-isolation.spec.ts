import { test, expect } from '@playwright/test';
import fs from 'node:fs';
import path from 'node:path';
import { signIn, sidebar } from '../support/session';
import { stackState } from '../support/stack-state';

// This stack's served copy of mfe-buyer (global-setup), not the repository's build.
const buyerDist = () => path.join(stackState().staticDir, 'mfe-buyer', 'dist');
const parked = () => `${buyerDist()}.e2e-parked`;

test.describe('a remote that is not served degrades only its own area', () => {
  test.afterEach(() => {
    if (fs.existsSync(parked())) fs.renameSync(parked(), buyerDist());
  });

  test('mfe_buyer stopped: /buyer shows the fallback, public and seller areas work, Retry recovers', async ({ page, browser }) => {
    fs.renameSync(buyerDist(), parked());
    const manifest = await page.request.get('/mfe/mfe_buyer/mf-manifest.json');
    expect(manifest.status()).toBe(404);

    await signIn(page, 'BUYER');
    await expect(page.getByRole('alert')).toContainText('This part of the site is unavailable right now.');
    await expect(page.getByRole('button', { name: 'Retry' })).toBeVisible();

    const other = await browser.newContext();
    const publicPage = await other.newPage();
    await publicPage.goto('/');
    await expect(publicPage.getByRole('link', { name: 'GET STARTED' })).toBeVisible();
    await signIn(publicPage, 'SELLER');
    await expect(sidebar(publicPage)).toContainText('Listing Agreement');
    await other.close();

    fs.renameSync(parked(), buyerDist());
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(sidebar(page)).toContainText('Non Disclosure');
  });
});
