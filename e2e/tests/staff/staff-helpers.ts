import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO, DEMO_PASSWORD, type DemoRole } from '../../support/session';
// The portal helpers' axe and width checks, under the names the staff and documents tests use.
export { expectNoSeriousViolations as expectNoSeriousAxe, expectNoHorizontalOverflow } from '../../support/portal';

/**
 * Helpers of the staff-area browser tests (e2e/tests/staff). Data is seeded through the API as the demo broker; the
 * browser signs in through the API too (cookie + stored session) except in the tests of the sign-in itself.
 */

export interface Session {
  token: string;
  user: { id: string; name: string; email: string; role: string };
  headers: Record<string, string>;
}

const sessions = new Map<string, Session>();

/** Signs in through POST /api/auth/login (cached per e-mail: sign-in is rate limited). */
export async function apiSession(request: APIRequestContext, email: string, password = DEMO_PASSWORD, fresh = false): Promise<Session> {
  const hit = sessions.get(email);
  if (hit && !fresh) return hit;
  const res = await request.post('/api/auth/login', { data: { email, password } });
  expect(res.status(), `login of ${email}: ${await res.text()}`).toBe(200);
  const body = await res.json();
  const s = { token: body.sessionToken, user: body.user, headers: { 'X-Session-Token': body.sessionToken } };
  sessions.set(email, s);
  return s;
}

/** An API call as `email` (the demo broker by default); fails the test unless the answer is 2xx. */
export async function api<T>(
  request: APIRequestContext,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  data?: unknown,
  email: string = DEMO.BROKER.email,
): Promise<T> {
  const call = async (s: Session) => request.fetch(`/api${url}`, { method, headers: s.headers, data });
  let res = await call(await apiSession(request, email));
  if (res.status() === 401) res = await call(await apiSession(request, email, DEMO_PASSWORD, true));
  const text = await res.text();
  expect(res.ok(), `${method} ${url}: ${res.status()} ${text}`).toBe(true);
  return (text ? JSON.parse(text) : undefined) as T;
}

/** Puts a demo user's session into the page (cookie + stored user and token), as a sign-in would. */
export async function signInFast(page: Page, role: DemoRole) {
  const res = await page.request.post('/api/auth/login', { data: { email: DEMO[role].email, password: DEMO_PASSWORD } });
  expect(res.status()).toBe(200);
  const body = await res.json();
  await page.addInitScript(
    ([user, token]) => {
      if (localStorage.getItem('sessionToken')) return;
      localStorage.setItem('user', user);
      localStorage.setItem('sessionToken', token);
      localStorage.setItem('authToken', token);
    },
    [JSON.stringify(body.user), body.sessionToken] as const,
  );
}

/** Opens a staff route and waits for its page heading. */
export async function openStaff(page: Page, route: string, heading: string | RegExp) {
  // What went wrong in the browser, for the failure message (a blank page says nothing by itself).
  const problems: string[] = [];
  const onError = (e: Error) => problems.push(`pageerror: ${e.message}`);
  const onConsole = (m: { type(): string; text(): string }) => void (m.type() === 'error' && problems.push(`console: ${m.text()}`));
  const onFailed = (r: { url(): string; failure(): { errorText: string } | null }) => problems.push(`request failed: ${r.url()} ${r.failure()?.errorText}`);
  const pending = new Map<object, string>();
  const onRequest = (r: { url(): string }) => void pending.set(r, `${new Date().toISOString().slice(11, 19)} ${r.url()}`);
  const onDone = (r: object) => void pending.delete(r);
  page.on('pageerror', onError);
  page.on('console', onConsole);
  page.on('requestfailed', onFailed);
  page.on('request', onRequest);
  page.on('requestfinished', onDone);
  try {
    await page.goto(route);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible({ timeout: 20_000 });
  } catch (e) {
    const still = [...pending.values()].map((u) => `pending since ${u}`);
    throw new Error(`${route} did not show its heading\n${[...problems, ...still].join('\n')}\n${String(e)}`, { cause: e });
  } finally {
    page.off('pageerror', onError);
    page.off('console', onConsole);
    page.off('requestfailed', onFailed);
    page.off('request', onRequest);
    page.off('requestfinished', onDone);
  }
}

let seq = 0;
/** Unique text per call so that tests never depend on each other's data. */
export function unique(tag: string): string {
  seq += 1;
  return `${tag} ${Date.now().toString(36)}${seq}`;
}

export interface ListingDto {
  id: string;
  title: string;
  price: number;
  status: string;
  seller: { id: string; name: string } | null;
  privateSeller: { name: string; email: string; phone: string | null } | null;
  buyers: Array<{ id: string; name: string }>;
  agent: { id: string; name: string } | null;
}

/** Every listing as the broker sees it (one page of 500, newest first). */
export async function brokerListings(request: APIRequestContext): Promise<ListingDto[]> {
  return (await api<{ listings: ListingDto[] }>(request, 'GET', '/broker/listings?pageSize=500')).listings;
}

/** Creates a listing through the API as the broker. */
export async function seedListing(request: APIRequestContext, body: Record<string, unknown>): Promise<ListingDto> {
  return (await api<{ listing: ListingDto }>(request, 'POST', '/broker/listings', body)).listing;
}

/** A name that starts with `text` (a link's accessible name also holds what follows the title). */
export function startingWith(text: string): RegExp {
  return new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);
}

/** Add Listing opens the form once its data has loaded (before that it answers "Please wait for data to load."). */
export async function openAddListingForm(page: Page) {
  const form = page.getByRole('region', { name: 'Add Listing' });
  await expect(async () => {
    await page.getByRole('button', { name: 'Add Listing' }).click();
    await expect(form).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  return form;
}
