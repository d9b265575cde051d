import fs from 'node:fs';
import path from 'node:path';
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { DEMO, DEMO_PASSWORD } from './session';
import { stackState } from './stack-state';

/**
 * Helpers for the public-site tests (e2e/tests/public). Texts the spec fixes are written out in the tests themselves;
 * these helpers only drive the browser, the API and the stack's mailbox.
 */

/** A unique e-mail per call, so tests never depend on each other's data. */
let seq = 0;
export function uniqueEmail(tag: string): string {
  seq += 1;
  return `e2e-${tag}-${Date.now()}-${seq}@example.com`;
}

/** The public routes of spec part 1 §2 that render a screen (redirect-only routes excluded). */
export const PUBLIC_PAGES = [
  '/', '/about', '/selling/your-business', '/selling/faqs', '/buying/business', '/buying/faqs',
  '/buying/nda', '/nda', '/contact', '/blog', '/login', '/reset-password', '/registration',
] as const;

/**
 * Opens a public route and waits until its page is live: the prerendered heading is there at once, the handlers only
 * once the shell has hydrated the remote (html[data-remote-ready]).
 */
export async function gotoPublic(page: Page, route: string) {
  await page.goto(route);
  await expect(page.locator('html[data-remote-ready="mfe_public"]')).toHaveCount(1, { timeout: 15_000 });
  await expect(page.getByRole('main').getByRole('heading', { level: 1 }).first()).toBeVisible({ timeout: 15_000 });
}

/** The site's main menu (the navigation landmark named "Main"). */
export function mainMenu(page: Page): Locator {
  return page.getByRole('navigation', { name: 'Main' });
}

/** Floating "Request a Call Back" button. */
export function callbackButton(page: Page): Locator {
  return page.getByRole('button', { name: 'Request a Call Back' });
}

/**
 * Collects every window.alert/confirm text (accepting it), so a test can assert an "Alert" of the spec's catalogue
 * whether the app shows it as a browser alert or as an in-page alert.
 */
export function recordDialogs(page: Page): string[] {
  const seen: string[] = [];
  page.on('dialog', (d) => {
    seen.push(d.message());
    void d.accept().catch(() => undefined);
  });
  return seen;
}

/** Waits until `text` was shown as a browser alert or is visible in the page. */
export async function expectAlertShown(page: Page, seen: string[], text: string, timeout = 15_000) {
  await expect
    .poll(
      async () => seen.includes(text) || (await page.getByText(text, { exact: true }).first().isVisible().catch(() => false)),
      { timeout, message: `expected the alert "${text}" (browser alerts seen: ${JSON.stringify(seen)})` },
    )
    .toBe(true);
}

export interface ApiSession { token: string; headers: Record<string, string> }

/** Signs in through the API (POST /api/auth/login) and returns the session header for authenticated calls. */
export async function apiLogin(request: APIRequestContext, email: string, password: string): Promise<ApiSession> {
  const res = await request.post('/api/auth/login', { data: { email, password } });
  expect(res.status(), `login of ${email}: ${await res.text()}`).toBe(200);
  const body = await res.json();
  expect(typeof body.sessionToken).toBe('string');
  return { token: body.sessionToken, headers: { 'X-Session-Token': body.sessionToken } };
}

/** One broker session per worker (sign-in is rate limited per e-mail); renewed when the server stops accepting it. */
let brokerCache: ApiSession | null = null;
export async function brokerSession(request: APIRequestContext, fresh = false): Promise<ApiSession> {
  if (!brokerCache || fresh) brokerCache = await apiLogin(request, DEMO.BROKER.email, DEMO_PASSWORD);
  return brokerCache;
}

/** GET as the demo broker, signing in again once if the cached session was rejected. */
async function brokerGet(request: APIRequestContext, url: string) {
  let res = await request.get(url, { headers: (await brokerSession(request)).headers });
  if (res.status() === 401) res = await request.get(url, { headers: (await brokerSession(request, true)).headers });
  expect(res.status(), `${url}: ${await res.text()}`).toBe(200);
  return res.json();
}

export interface BrokersInbox {
  contactMessages: Array<{ firstName: string; lastName: string; email: string; phone: string; subject: string; message: string }>;
  callbackRequests: Array<{ firstName: string; lastName: string; email: string; message: string }>;
}

/** The brokers' inbox of contact messages and callback requests (GET /api/messages/contact-requests as the broker). */
export async function brokersInbox(request: APIRequestContext): Promise<BrokersInbox> {
  return brokerGet(request, '/api/messages/contact-requests');
}

/** Users of one role as the broker sees them (GET /api/users/by-role?role=…). */
export async function usersByRole(request: APIRequestContext, role: string): Promise<Array<{ id: string; email: string }>> {
  return (await brokerGet(request, `/api/users/by-role?role=${role}`)).users;
}

export interface Mail { to: string; subject: string; text: string; html: string; sentAt?: string; file: string }

/** Every message in the stack's mailbox (<dataDir>/mailbox/*.json) addressed to `to`, oldest first. */
export function mailTo(to: string): Mail[] {
  const dir = path.join(stackState().dataDir, 'mailbox');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .map((f) => {
      const file = path.join(dir, f);
      try {
        return { ...JSON.parse(fs.readFileSync(file, 'utf8')), file } as Mail;
      } catch {
        return null; // being written
      }
    })
    .filter((m): m is Mail => !!m && String(m.to).toLowerCase() === to.toLowerCase())
    .sort((a, b) => String(a.sentAt ?? '').localeCompare(String(b.sentAt ?? '')));
}

/** Waits for the password-reset e-mail to `to` and returns the link it carries. */
export async function resetLinkFor(to: string): Promise<string> {
  let link = '';
  await expect
    .poll(
      () => {
        const mail = mailTo(to).filter((m) => /reset/i.test(m.subject)).pop();
        link = mail?.text.match(/https?:\/\/\S*reset-password\S*/)?.[0] ?? '';
        return link;
      },
      { timeout: 15_000, message: `a reset e-mail with a link for ${to} in the mailbox` },
    )
    .not.toBe('');
  return link;
}

/** Registers an account through the API (POST /api/auth/register) for tests that need one to exist. */
export async function registerViaApi(
  request: APIRequestContext,
  who: { name: string; email: string; password: string; role?: 'BUYER' | 'SELLER' },
) {
  const res = await request.post('/api/auth/register', {
    data: {
      name: who.name, email: who.email, phone: '(916) 555-0100', password: who.password,
      confirmPassword: who.password, role: who.role ?? 'BUYER',
    },
  });
  expect(res.ok(), `register ${who.email}: ${res.status()} ${await res.text()}`).toBe(true);
}

/** Whether a visible element is drawn underlined (text-decoration or a bottom border/underline bar). */
export async function looksUnderlined(el: Locator): Promise<boolean> {
  return el.evaluate((node) => {
    const s = getComputedStyle(node);
    if (s.textDecorationLine.includes('underline')) return true;
    const border = parseFloat(s.borderBottomWidth) > 0 && s.borderBottomStyle !== 'none' &&
      s.borderBottomColor !== 'transparent' && !/rgba\(.*,\s*0\)$/.test(s.borderBottomColor);
    if (border) return true;
    const after = getComputedStyle(node, '::after');
    return after.content !== 'none' && after.content !== 'normal' && parseFloat(after.height) > 0 &&
      parseFloat(after.height) <= 6 && after.backgroundColor !== 'rgba(0, 0, 0, 0)';
  });
}

/**
 * A form control by its visible label, whether or not the label carries a required marker (" *").
 * (Playwright's getByLabel exact match compares the label's whole text, marker included.)
 */
export function byLabel(scope: Page | Locator, label: string): Locator {
  const esc = label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return scope.getByLabel(new RegExp(`^\\s*${esc}\\s*\\*?\\s*$`));
}
