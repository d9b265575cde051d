import { test, expect } from '@playwright/test';
import { signIn, sidebar } from '../support/session';

test('an anonymous visitor to a role area is sent to /login', async ({ page }) => {
  for (const area of ['/seller', '/buyer/messages', '/broker/admin', '/agent']) {
    await page.goto(area);
    await expect(page).toHaveURL(/\/login$/);
  }
});

test('a seller opening the broker or buyer area is sent to /seller', async ({ page }) => {
  await signIn(page, 'SELLER');
  await page.goto('/broker');
  await expect(page).toHaveURL(/\/seller$/);
  await page.goto('/buyer/due-diligence');
  await expect(page).toHaveURL(/\/seller$/);
});

test('an agent opening /broker is sent to /agent', async ({ page }) => {
  await signIn(page, 'AGENT');
  await page.goto('/broker/admin');
  await expect(page).toHaveURL(/\/agent$/);
});

test('sign out asks first, then clears the session on the server and in the browser', async ({ page }) => {
  await signIn(page, 'BROKER');
  const token = await page.evaluate(() => localStorage.getItem('sessionToken'));
  await sidebar(page).getByRole('button', { name: 'Sign out' }).click();
  const dialog = page.getByRole('alertdialog').or(page.getByRole('dialog'));
  await expect(dialog).toContainText('Are you sure you want to logout?');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL(/\/broker$/);

  // Sign-out moves to /login once, inside the page: a marker set on this document must still be there on /login once
  // the network is quiet (a second, full-page navigation would drop it — or destroy the context mid-evaluate).
  await page.evaluate(() => ((window as unknown as { signedOutInPlace: boolean }).signedOutInPlace = true));
  await sidebar(page).getByRole('button', { name: 'Sign out' }).click();
  await dialog.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(await page.evaluate(() => (window as unknown as { signedOutInPlace?: boolean }).signedOutInPlace)).toBe(true);
  expect(await page.evaluate(() => [localStorage.getItem('user'), localStorage.getItem('sessionToken')])).toEqual([null, null]);
  // The old token is revoked: the session probe now answers 401.
  const probe = await page.request.get('/api/users', { headers: { 'X-Session-Token': token! } });
  expect(probe.status()).toBe(401);
  await page.goto('/broker');
  await expect(page).toHaveURL(/\/login$/);
});

test('unknown routes show a not-found page', async ({ page }) => {
  await page.goto('/no-such-page-here');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('We couldn’t find that page');
});
