import { expect, test } from '@playwright/test';
import { LISTING_TEXT } from '@brokerage/contracts/listings';
import { JOURNEY_MSG } from '@brokerage/contracts/journeys';
import { brokerCreatesListing, signInAs } from '../../support/portal';
import { apiLogin, brokerSession, registerViaApi, uniqueEmail } from '../../support/public';
import { brokerUploads, realPdf } from '../steps/helpers';

// Issue 18 "Done when": a buyer who registers on the public site and selects any ACTIVE listing sees its public card
// only (title, description, price, status) until their NDA for it is completed: no seller, no CBR/CIM, no checklist.
// The listing, its seller and its CIM are seeded through the API; what the buyer sees is checked in the browser.

const PASSWORD = 'walk-in-pass-2026';

test('a walk-in buyer who selects a listing sees only its public card until their NDA', async ({ page, request }) => {
  const broker = await brokerSession(request);
  const sellerEmail = uniqueEmail('walk-in-seller');
  const sellerName = `Walk-in Seller ${Date.now().toString(36)}`;
  const made = await request.post('/api/admin/users', { headers: broker.headers, data: { email: sellerEmail, password: PASSWORD, name: sellerName, role: 'SELLER' } });
  expect(made.status(), await made.text()).toBe(201);
  const listing = await brokerCreatesListing(request, { sellerId: (await made.json()).user.id, buyerIds: [], tag: 'Walk-in' });
  const cimName = `walk-in-cim-${Date.now().toString(36)}.pdf`;
  await brokerUploads(request, listing.id, 'CBR_CIM', cimName, {}, await realPdf('Walk-in CIM'));

  const email = uniqueEmail('walk-in-buyer');
  await registerViaApi(request, { name: 'Wendy Walk-in', email, password: PASSWORD });
  await signInAs(page, email, PASSWORD, '/buyer');

  // The home offers the active listing; selecting it shows its public card, the seller withheld.
  await page.getByRole('button', { name: `Select ${listing.title}` }).click();
  const card = page.getByTestId('selected-listing');
  await expect(card.getByText(listing.title)).toBeVisible();
  await expect(card.getByText(LISTING_TEXT.sellerAfterNda)).toBeVisible();
  await expect(page.getByText(sellerName)).toHaveCount(0);

  // The server holds the rule: the buyer's own calls answer the lock and carry nothing of the listing.
  const buyer = await apiLogin(request, email, PASSWORD);
  for (const url of ['/api/buyer/cbr-cim', `/api/buyer/listings/${listing.id}/documents`, `/api/buyer/listings/${listing.id}/pre-close-checklist`]) {
    const res = await request.get(url, { headers: buyer.headers });
    const text = await res.text();
    expect(res.status(), `${url}: ${text}`).toBe(409);
    expect(JSON.parse(text)).toEqual({ message: JOURNEY_MSG.notAccessible });
  }
  const own = await (await request.get(`/api/buyer/listings/${listing.id}`, { headers: buyer.headers })).text();
  expect(own).toContain(listing.title);
  for (const secret of [sellerName, sellerEmail, cimName]) expect(own).not.toContain(secret);

  // The CBR/CIM screen shows the step locked and no file.
  await page.goto('/buyer/cbr-cim');
  await expect(page.getByText(JOURNEY_MSG.notAccessible).first()).toBeVisible();
  await expect(page.getByText(cimName)).toHaveCount(0);

  // Once the NDA step is completed (the broker completes Messages and Non Disclosure here), the seller and the CIM appear.
  const me = (await (await request.get('/api/auth/check-session', { headers: buyer.headers })).json()).user.id as string;
  for (const step of [1, 2, 3]) {
    const done = await request.post(`/api/broker/buyers/${me}/listings/${listing.id}/steps/${step}/complete`, { headers: broker.headers });
    expect(done.status(), await done.text()).toBe(200);
  }
  await page.goto('/buyer');
  await expect(page.getByTestId('selected-listing').getByText(`Seller: ${sellerName}`)).toBeVisible();
  await page.goto('/buyer/cbr-cim');
  await expect(page.getByText(cimName).first()).toBeVisible();
});
