import fs from 'node:fs';
import path from 'node:path';
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { brokerSession, type ApiSession } from './public';
import { DEMO, DEMO_PASSWORD } from './session';
import { REPO_ROOT } from './stack-state';

/**
 * Helpers for the seller and buyer portal tests (e2e/tests/portal): seeding through the real API as the broker,
 * signing in any account through /login, reading the step sidebar, axe and screenshots.
 */

export interface SeededListing { id: string; title: string; description: string; price: number }

let seq = 0;
/** A listing the broker creates through POST /api/broker/listings (unique title per call). */
export async function brokerCreatesListing(
  request: APIRequestContext,
  o: { sellerId: string; buyerIds: string[]; price?: string; tag: string },
): Promise<SeededListing> {
  seq += 1;
  const title = `E2E ${o.tag} ${Date.now().toString(36)}-${seq}`;
  const data = {
    title,
    description: `A ${o.tag} business created by the browser tests.`,
    price: o.price ?? '425000',
    sellerId: o.sellerId,
    buyerIds: o.buyerIds,
  };
  const post = (s: ApiSession) => request.post('/api/broker/listings', { data, headers: s.headers });
  let res = await post(await brokerSession(request));
  if (res.status() === 401) res = await post(await brokerSession(request, true));
  expect(res.status(), `create listing: ${await res.text()}`).toBe(201);
  const { listing } = await res.json();
  return { id: listing.id, title, description: data.description, price: Number(data.price) };
}

/**
 * Signs an account in through the API from the page's own context (POST /api/auth/login sets the session cookie) and
 * stores what the login screen stores (user, session token), then opens the area. The portal tests use this so that
 * they depend on the portal, not on the public sign-in screen (tested in tests/public and 01-sign-in).
 */
export async function signInAs(page: Page, email: string, password: string, home: string) {
  const res = await page.request.post('/api/auth/login', { data: { email, password } });
  expect(res.status(), `login of ${email}: ${await res.text()}`).toBe(200);
  const body = await res.json();
  await page.goto('/mfe-registry.json');
  await page.evaluate(([user, token]) => {
    localStorage.clear();
    localStorage.setItem('user', user!);
    localStorage.setItem('sessionToken', token!);
    localStorage.setItem('authToken', token!);
  }, [JSON.stringify(body.user), body.sessionToken as string]);
  await page.goto(home);
  await expect(page.getByRole('main')).toBeVisible({ timeout: 30_000 }); // first load of shell + remote, under load
  await expect(page).toHaveURL(new RegExp(`${home}$`));
}

/** A demo client signed in through the API (see signInAs). */
export function signInDemo(page: Page, role: 'SELLER' | 'BUYER') {
  return signInAs(page, DEMO[role].email, DEMO_PASSWORD, DEMO[role].home);
}

/** The sidebar link of step N (1-based, as shown). */
export function sidebarStep(page: Page, n: number): Locator {
  return page.locator('aside.bb-sidebar').locator(`a.bb-step[data-step-id="${n - 1}"]`);
}

/** Background colour of a sidebar step's icon (green completed, yellow current, greys otherwise). */
export function iconColour(step: Locator): Promise<string> {
  return step.locator('.bb-step__icon').evaluate((el) => getComputedStyle(el).backgroundColor);
}

/** The home's figure tile with this label (StatCard: label, value, hint). */
export function statTile(page: Page, label: string): Locator {
  return page.getByRole('list', { name: 'Your figures' }).getByRole('listitem').filter({ hasText: label });
}

const AXE_SOURCE = fs.readFileSync(path.join(REPO_ROOT, 'node_modules', 'axe-core', 'axe.min.js'), 'utf8');

/**
 * No axe violation of impact serious or critical on the page (or inside `include`; with `excludeToasts` the toasts
 * left out: their colours are packages/ui's sonner theme, not the screen's). The rules of axe-core (a direct
 * dependency; @axe-core/playwright's AxeBuilder ran the same ones), run the cheap way: axe is put into the document once (a client-side navigation keeps
 * it) and asked for violations only. AxeBuilder injects it again on every call and finishes each run in a new blank
 * page: ~2x the time of the run itself on CI. The pages have no iframes for AxeBuilder's frame walk to reach into.
 */
export async function expectNoSeriousViolations(page: Page, what: string, o: { include?: string; excludeToasts?: boolean } = {}) {
  if (!(await page.evaluate(() => typeof (window as { axe?: { run?: unknown } }).axe?.run === 'function'))) await page.evaluate(AXE_SOURCE);
  const bad = await page.evaluate(async ({ include, excludeToasts }) => {
    type Violation = { id: string; impact?: string | null; help: string; nodes: Array<{ target: string[]; failureSummary?: string }> };
    const axe = (window as unknown as { axe: { run(c: unknown, o: unknown): Promise<{ violations: Violation[] }> } }).axe;
    const context = { ...(include ? { include: [[include]] } : {}), exclude: excludeToasts ? [['[data-sonner-toaster]']] : [] };
    const { violations } = await axe.run(context, { resultTypes: ['violations'] });
    return violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `- [${v.impact}] ${v.id}: ${v.help}\n${v.nodes.slice(0, 5).map((n) => `    ${n.target.join(' ')}: ${n.failureSummary?.replace(/\s+/g, ' ') ?? ''}`).join('\n')}`);
  }, o);
  expect(bad, `${what}: axe serious/critical violations\n${bad.join('\n')}`).toEqual([]);
}

/** Nothing wider than the viewport (no sideways scrolling). */
export async function expectNoHorizontalOverflow(page: Page, what: string) {
  const { scroll, width, wide } = await page.evaluate(() => {
    const w = window.innerWidth;
    // the innermost elements that reach past the viewport's right edge: where to look when this fails
    const past = [...document.querySelectorAll('body *')].filter((el) => el.getBoundingClientRect().right > w + 1
      && getComputedStyle(el).position !== 'fixed' && !el.closest('[aria-hidden="true"], [inert]'));
    const innermost = past.filter((el) => !past.some((o) => o !== el && el.contains(o)));
    return { scroll: document.documentElement.scrollWidth, width: w,
      wide: innermost.slice(0, 5).map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].join('.')} (${Math.round(el.getBoundingClientRect().right)}px)`) };
  });
  expect(scroll, `${what}: page is ${scroll}px wide in a ${width}px viewport; past the edge: ${wide.join(', ')}`).toBeLessThanOrEqual(width);
}

/** Full-page screenshot kept under test-results/portal-screens/ for a human to look at. */
export async function keepScreenshot(page: Page, name: string) {
  const dir = path.join(REPO_ROOT, 'test-results', 'portal-screens');
  fs.mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true });
}
