import { test, expect } from '@playwright/test';
import { DEMO, signIn, sidebar } from '../support/session';

// Spec part 1 §4 with deviation 2: a stale stored token is restored only from the httpOnly session cookie.
test.describe('session restore', () => {
  test('a stale stored token with a valid session cookie: "Restoring your session..." then the area, with a fresh token', async ({ page }) => {
    await signIn(page, 'SELLER');
    await page.evaluate(() => localStorage.setItem('sessionToken', 'stale-token-that-the-server-does-not-know'));
    // The overlay is up only until the reload 0.5 s after the restore: record that it was shown (survives the reload).
    await page.addInitScript(() => {
      new MutationObserver(() => {
        if (document.body?.innerText.includes('Restoring your session...')) sessionStorage.setItem('sawRestoringOverlay', '1');
      }).observe(document, { subtree: true, childList: true, characterData: true });
    });
    const restore = page.waitForResponse((r) => r.url().endsWith('/api/auth/restore-session'));
    await page.goto('/seller/messages');
    expect((await restore).status()).toBe(200);
    await expect(sidebar(page)).toContainText(DEMO.SELLER.name);
    await expect.poll(() => page.evaluate(() => sessionStorage.getItem('sawRestoringOverlay'))).toBe('1');
    await expect(page).toHaveURL(/\/seller\/messages$/);
    await expect.poll(() => page.evaluate(() => localStorage.getItem('sessionToken'))).toMatch(/^[A-Za-z0-9_-]{22,}$/);
    const token = await page.evaluate(() => localStorage.getItem('sessionToken'));
    expect((await page.request.get('/api/users', { headers: { 'X-Session-Token': token! } })).status()).toBe(200);
  });

  test('no valid cookie: the stored user is cleared and the visitor goes to /login (a user id is no credential)', async ({ page, context }) => {
    await signIn(page, 'BUYER');
    const user = JSON.parse((await page.evaluate(() => localStorage.getItem('user')))!);
    await context.clearCookies();
    // The stored token is replaced by the user's id: it must not be accepted as a credential.
    await page.evaluate((id) => localStorage.setItem('sessionToken', id), user.id);
    await page.goto('/buyer');
    await expect(page).toHaveURL(/\/login$/);
    expect(await page.evaluate(() => [localStorage.getItem('user'), localStorage.getItem('sessionToken')])).toEqual([null, null]);
  });

  test('stored user data without an e-mail is removed on load', async ({ page }) => {
    await page.goto('/');
    await page.evaluate(() => localStorage.setItem('user', JSON.stringify({ id: 'abc', name: 'No Mail', role: 'BUYER' })));
    await page.goto('/about');
    await expect.poll(() => page.evaluate(() => localStorage.getItem('user'))).toBeNull();
  });
});
