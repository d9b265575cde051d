import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO_IDS } from '@brokerage/contracts/demo-roster';
import { apiLogin, brokerSession, uniqueEmail } from '../../support/public';
import { brokerCreatesListing, type SeededListing } from '../../support/portal';

export const PASSWORD = 'e2e-pass-2026';

export interface SeededClient {
  id: string;
  email: string;
  name: string;
  listing: SeededListing;
}

/**
 * A fresh client the broker creates (POST /api/admin/users) on a new listing, who selects it; the broker then
 * completes the steps before the form's step (staff step route), so the form's step is the current one.
 */
export async function clientAtStep(request: APIRequestContext, role: 'SELLER' | 'BUYER', stepId: number, name: string): Promise<SeededClient> {
  const email = uniqueEmail(role.toLowerCase());
  const broker = await brokerSession(request);
  const res = await request.post('/api/admin/users', { data: { email, password: PASSWORD, name, role }, headers: broker.headers });
  expect(res.status(), await res.text()).toBe(201);
  const id = (await res.json()).user.id as string;
  const listing = await brokerCreatesListing(request, {
    sellerId: role === 'SELLER' ? id : DEMO_IDS.seller,
    buyerIds: role === 'BUYER' ? [id] : [],
    tag: 'Forms',
  });
  const session = await apiLogin(request, email, PASSWORD);
  const area = role === 'SELLER' ? 'seller' : 'buyer';
  const select = await request.post(`/api/${area}/select-listing`, { data: { listingId: listing.id }, headers: session.headers });
  expect(select.status(), await select.text()).toBe(200);
  const who = role === 'SELLER' ? 'sellers' : 'buyers';
  for (let s = 1; s < stepId; s++) {
    const done = await request.post(`/api/broker/${who}/${id}/listings/${listing.id}/steps/${s}/complete`, { headers: broker.headers });
    expect(done.status(), await done.text()).toBe(200);
  }
  return { id, email, name, listing };
}

/**
 * A new buyer (broker's admin form) who selects the listing: an interested party. With `stepId`, the broker then
 * completes the buyer's steps before it (staff step route), so that step is the buyer's current one: the listing's
 * files stay locked until the buyer's NDA and the step of the file (issue 18).
 */
export async function interestedBuyer(request: APIRequestContext, listingId: string, name: string, stepId = 1) {
  const email = uniqueEmail('buyer');
  const broker = await brokerSession(request);
  const res = await request.post('/api/admin/users', { data: { email, password: PASSWORD, name, role: 'BUYER' }, headers: broker.headers });
  expect(res.status(), await res.text()).toBe(201);
  const id = (await res.json()).user.id as string;
  const session = await apiLogin(request, email, PASSWORD);
  const select = await request.post('/api/buyer/select-listing', { data: { listingId }, headers: session.headers });
  expect(select.status(), await select.text()).toBe(200);
  for (let s = 1; s < stepId; s++) {
    const done = await request.post(`/api/broker/buyers/${id}/listings/${listingId}/steps/${s}/complete`, { headers: broker.headers });
    expect(done.status(), await done.text()).toBe(200);
  }
  return { id, email, name, session };
}

/** Leaves the form for the area's home and waits until its session check has answered (a check cut short by the next navigation signs the user out). */
export async function leaveAndSettle(page: Page, home: '/seller' | '/buyer') {
  const checked = page.waitForResponse((r) => r.url().includes('/api/auth/check-session'));
  await page.goto(home);
  await checked;
  await expect(page.getByRole('main')).toBeVisible();
}
