import { expect, test } from '@playwright/test';
import { gotoPublic, registerViaApi, resetLinkFor, uniqueEmail } from '../support/public';

// Issue 6 §3 in a real browser: what the gateway's and the reset screen's fixes look like from a page.

test('the reset link token leaves the address bar once the page has loaded, and still sets the password', async ({ page, request }) => {
  const email = uniqueEmail('reset-bar');
  await registerViaApi(request, { name: 'Bar Reset', email, password: 'old-pass-2026' });
  expect((await request.post('/api/auth/reset-password', { data: { email } })).status()).toBe(200);
  const link = new URL(await resetLinkFor(email));
  await gotoPublic(page, `${link.pathname}${link.search}`);
  await expect(page).toHaveURL(/\/reset-password$/);
  expect(await page.evaluate(() => window.location.href)).not.toContain('token');
  const main = page.getByRole('main');
  await main.getByRole('textbox', { name: 'New Password', exact: true }).fill('new-pass-2026');
  await main.getByRole('textbox', { name: 'Confirm New Password', exact: true }).fill('new-pass-2026');
  await main.getByRole('button', { name: 'Reset Password' }).click();
  await expect(main.getByText('Password reset successful! You can now login with your new password.')).toBeVisible({ timeout: 15_000 });
  expect((await request.post('/api/auth/login', { data: { email, password: 'new-pass-2026' } })).status()).toBe(200);
});

test('a cross-site form POST to /api/auth/login plants no session', async ({ page, context, baseURL }) => {
  // another origin (127.0.0.1 instead of localhost) serving an auto-submitting form
  const target = new URL('/api/auth/login', baseURL).toString();
  const evil = baseURL!.replace('localhost', '127.0.0.1');
  await page.route(`${evil}/evil`, (route) => route.fulfill({
    contentType: 'text/html',
    body: `<form method="POST" action="${target}" enctype="text/plain"><input name='{"email":"broker@example.com","password":"demo-pass-2026","x":"' value='"}'></form>
           <script>document.forms[0].submit()</script>`,
  }));
  const answer = page.waitForResponse((r) => r.url() === target);
  await page.goto(`${evil}/evil`);
  const res = await answer;
  expect([403, 415]).toContain(res.status());
  expect(res.headers()['set-cookie']).toBeUndefined();
  expect((await context.cookies(baseURL)).filter((c) => c.name.includes('bb_session'))).toHaveLength(0);
});

test('API answers are not cached (no-store); a same-origin sign-in from the page works', async ({ page }) => {
  await gotoPublic(page, '/login');
  const res = await page.evaluate(async () => {
    const r = await fetch('/api/auth/login', { method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'broker@example.com', password: 'demo-pass-2026' }) });
    return { status: r.status, cacheControl: r.headers.get('cache-control') };
  });
  expect(res).toEqual({ status: 200, cacheControl: 'no-store' });
});
