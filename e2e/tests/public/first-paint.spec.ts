import { test, expect, type Page } from '@playwright/test';
import { CALLBACK_SUCCESS, CONTACT_SUCCESS, RESET_REQUEST_ACCEPTED } from '@brokerage/contracts';
import { apiLogin, byLabel, callbackButton, recordDialogs, expectAlertShown, registerViaApi, uniqueEmail } from '../../support/public';

// Issue 19 §1: every prerendered form does, when submitted at first paint (its scripts not yet run), exactly what it
// does once the page is live: the gateway's inline early-submit script holds the submit, the hydrated page replays it.
// Never a native request to the page's URL (a POST /login with the password, or a GET with the fields in the URL).

const NDA_REQUIRED = 'Please fill in all required fields and accept the agreement.';

/**
 * Opens `path` with every script held back (the shell, the remote, paint-first.js): the page shows its prerendered
 * markup only. `live()` lets the scripts through and waits until the public remote is hydrated. `documents` lists
 * every document request of the tab (a native form submission would add one).
 */
async function openAtFirstPaint(page: Page, path: string) {
  let release!: () => void;
  const held = new Promise<void>((r) => { release = r; });
  await page.route(/\.js(\?|$)/, async (route) => { await held; await route.continue(); });
  const documents: string[] = [];
  page.on('request', (r) => { if (r.isNavigationRequest() && r.frame() === page.mainFrame()) documents.push(`${r.method()} ${r.url()}`); });
  await page.goto(path, { waitUntil: 'commit' }); // deferred scripts would hold DOMContentLoaded back
  await expect(page.locator('#root[data-prerendered="mfe_public"]')).toHaveCount(1);
  await expect(page.locator('html[data-remote-ready]')).toHaveCount(0);
  return {
    documents,
    async live() {
      release();
      await expect(page.locator('html[data-remote-ready="mfe_public"]')).toHaveCount(1, { timeout: 15_000 });
    },
    /** The only document the tab loaded is the page itself (GET, no query): nothing was submitted natively. */
    expectNoNativeSubmit() {
      expect(documents, 'no native form submission (POST to a page, or the fields in a URL)').toEqual([`GET ${new URL(path, page.url()).href}`]);
    },
  };
}

/** The held form reads busy until the page is live, and no script has run yet (nothing else handled it). */
async function expectHeld(page: Page) {
  await expect(page.locator('form[data-early-submit][aria-busy="true"]')).toHaveCount(1);
  await expect(page.locator('html[data-remote-ready]')).toHaveCount(0);
}

test('sign-in submitted at first paint (Enter in the password) lands on the role home', async ({ page, request }) => {
  const email = uniqueEmail('first-paint-login');
  const password = 'first-paint-1';
  await registerViaApi(request, { name: 'Early Signin', email, password, role: 'BUYER' });
  const p = await openAtFirstPaint(page, '/login');
  await byLabel(page, 'Email').fill(email);
  await byLabel(page, 'Password').fill(password);
  await byLabel(page, 'Password').press('Enter');
  await expectHeld(page);
  await p.live();
  await expect(page).toHaveURL(/\/buyer$/, { timeout: 15_000 });
  p.expectNoNativeSubmit();
});

test('registration submitted at first paint creates the account', async ({ page, request }) => {
  const email = uniqueEmail('first-paint-register');
  const password = 'first-paint-2';
  const p = await openAtFirstPaint(page, '/registration');
  const form = page.getByRole('form', { name: /registration/i });
  await form.getByRole('radio', { name: /^BUYER/ }).check();
  await form.getByLabel(/^(full )?name\s*\*?$/i).fill('Early Register');
  await byLabel(form, 'Email').fill(email);
  await form.getByLabel(/^phone/i).fill('(916) 555-0190');
  await byLabel(form, 'Password').fill(password);
  await form.getByLabel(/confirm password/i).fill(password);
  await form.getByRole('button', { name: /^register$/i }).click();
  await expectHeld(page);
  await p.live();
  // the success screen, which moves on to /login after 3 s (a slow machine may only see the latter)
  await expect.poll(async () => page.url().endsWith('/login')
    || (await page.getByText('Registration complete').first().isVisible().catch(() => false)), { timeout: 15_000 }).toBe(true);
  await apiLogin(request, email, password);
  p.expectNoNativeSubmit();
});

test('NDA sign-up submitted at first paint gives the form\'s own answer, and what was typed stays in its state', async ({ page, request }) => {
  const listings = ((await (await request.get('/api/auth/available-listings')).json()) as { listings: Array<{ id: string | number }> }).listings;
  expect(listings.length, 'demo data offers listings').toBeGreaterThan(0);
  const email = uniqueEmail('first-paint-nda');
  const password = 'first-paint-3';
  const p = await openAtFirstPaint(page, '/nda');
  const form = page.getByRole('main').locator('form');
  await byLabel(form, 'First Name').fill('Early');
  await byLabel(form, 'Last Name').fill('Nda');
  await byLabel(form, 'Email').fill(email);
  await form.getByLabel(/^phone/i).fill('(916) 555-0191');
  await form.getByLabel(/^password/i).fill(password);
  await form.getByRole('checkbox', { name: /accept|agree/i }).check();
  await form.getByLabel(/signature/i).fill('Early Nda');
  // the listing picker fills in once the page is live: submitted without it, the form answers as it would live
  await form.getByRole('button', { name: /submit|sign/i }).last().click();
  await expectHeld(page);
  await p.live();
  await expect(form.getByRole('alert')).toHaveText(NDA_REQUIRED, { timeout: 15_000 });
  // the early values went into the form's state: choosing the listing is all that is left
  await expect(form.getByLabel(/listing/i)).toBeEnabled({ timeout: 15_000 });
  await form.getByLabel(/listing/i).selectOption(String(listings[0]!.id));
  await form.getByRole('button', { name: /submit|sign/i }).last().click();
  await expect(page.getByRole('link', { name: 'Go to Login', exact: true })).toBeVisible({ timeout: 15_000 });
  await apiLogin(request, email, password);
  p.expectNoNativeSubmit();
});

test('contact form submitted at first paint shows its success text', async ({ page }) => {
  const p = await openAtFirstPaint(page, '/contact');
  const form = page.getByRole('main').locator('form');
  await byLabel(form, 'First Name').fill('Early');
  await byLabel(form, 'Last Name').fill('Contact');
  await byLabel(form, 'Email').fill(uniqueEmail('first-paint-contact'));
  await form.getByLabel(/^phone/i).fill('(916) 555-0192');
  await byLabel(form, 'Subject').fill('Sent at first paint');
  await byLabel(form, 'Message').fill('Typed before the scripts ran.');
  await form.getByRole('button', { name: 'Send Message' }).click();
  await expectHeld(page);
  await p.live();
  await expect(form.getByText(CONTACT_SUCCESS)).toBeVisible({ timeout: 15_000 });
  p.expectNoNativeSubmit();
});

test('"Request a Call Back" pressed at first paint opens the call-back form once live; it sends and says so', async ({ page }) => {
  // the call-back form is not in the prerendered markup (it loads when the button is pressed): the press is held
  const seen = recordDialogs(page);
  const p = await openAtFirstPaint(page, '/about');
  await callbackButton(page).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await p.live();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible({ timeout: 15_000 });
  await byLabel(dialog, 'First Name').fill('Early');
  await byLabel(dialog, 'Last Name').fill('Callback');
  await byLabel(dialog, 'Email').fill(uniqueEmail('first-paint-callback'));
  await dialog.getByRole('button', { name: /send/i }).click();
  await expectAlertShown(page, seen, CALLBACK_SUCCESS);
  p.expectNoNativeSubmit();
});

test('reset-password request submitted at first paint shows its text', async ({ page, request }) => {
  const email = uniqueEmail('first-paint-reset');
  await registerViaApi(request, { name: 'Early Reset', email, password: 'first-paint-4' });
  const p = await openAtFirstPaint(page, '/reset-password');
  await byLabel(page.getByRole('main'), 'Email').fill(email);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expectHeld(page);
  await p.live();
  await expect(page.getByText(RESET_REQUEST_ACCEPTED)).toBeVisible({ timeout: 15_000 });
  p.expectNoNativeSubmit();
});
