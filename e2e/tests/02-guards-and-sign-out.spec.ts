import { test, expect } from '@playwright/test';
import { DEMO, DEMO_PASSWORD, gotoLogin, signIn, sidebar } from '../support/session';

test('an anonymous visitor to a role area is sent to /login', async ({ page }) => {
  for (const area of ['/seller', '/buyer/messages', '/broker/admin', '/agent']) {
    await page.goto(area);
    await expect(page).toHaveURL(/\/login$/);
  }
});

test('sign-in returns to the page asked for when the role may see it, else the role home (deviation 8)', async ({ page }) => {
  test.setTimeout(90_000);
  const signInAs = async (role: 'BUYER') => {
    await expect(page.locator('html[data-remote-ready="mfe_public"]')).toHaveCount(1, { timeout: 15_000 });
    await page.getByLabel('Email').fill(DEMO[role].email);
    await page.getByLabel('Password').fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Sign In' }).click();
  };
  const signOut = () => page.evaluate(() => localStorage.clear()).then(() => page.context().clearCookies());

  // allowed: a page of the buyer's own area, with its query
  await page.goto('/buyer/financial-statement?from=mail');
  await expect(page).toHaveURL(/\/login$/);
  await signInAs('BUYER');
  await expect(page).toHaveURL(/\/buyer\/financial-statement\?from=mail$/);

  // disallowed: another role's area → the role home
  await signOut();
  await page.goto('/broker/admin');
  await expect(page).toHaveURL(/\/login$/);
  await signInAs('BUYER');
  await expect(page).toHaveURL(/\/buyer$/);

  // disallowed: a path to another origin planted in the page's history state → the role home
  for (const from of ['//evil.example/buyer', '/\\evil.example/buyer']) {
    await signOut();
    await gotoLogin(page);
    await page.evaluate((f) => history.replaceState({ usr: { from: f }, key: 'planted', idx: 0 }, '', '/login'), from);
    await page.reload();
    await signInAs('BUYER');
    await expect(page).toHaveURL(/\/buyer$/);
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
