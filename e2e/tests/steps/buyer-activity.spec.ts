import { test, expect, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO_IDS } from '@brokerage/contracts/demo-roster';
import { expectNoSeriousViolations, sidebarStep, signInAs } from '../../support/portal';
import { apiLogin, brokerSession, uniqueEmail } from '../../support/public';
import { clientAtStep, PASSWORD } from '../forms/seed';
import { openStaff, signInFast } from '../staff/staff-helpers';
import { brokerUploads, checkPhone, realPdf } from './helpers';

/** axe at 1280 px (toasts gone first, as checkPhone does), then the 375 px checks. */
async function checkDesktopAndPhone(page: Page, what: string, shot: string) {
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 });
  await expectNoSeriousViolations(page, `${what} at 1280px`);
  await checkPhone(page, what, shot);
}

// Seller step 6 "Buyer Activity" with real buyers (deviation 5): stat cards, rows from the server, search, status
// filter, pages of 25, approve / reject behind a confirm, a staff-recorded offer, the automatic completion.

/**
 * A new buyer (broker's admin form) who selects the listing: an interested party. With `stepId`, the broker then
 * completes the buyer's steps before it (staff step route), so that step is the buyer's current one: the listing's
 * files stay locked until the buyer's NDA and the step of the file (issue 18).
 */
async function interestedBuyer(request: APIRequestContext, listingId: string, name: string, stepId = 1) {
  const email = uniqueEmail('ba-buyer');
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

const stat = (page: Page, label: string) => page.getByRole('list', { name: 'Buyer activity summary' }).getByRole('listitem').filter({ hasText: label });
const rows = (page: Page) => page.getByRole('region', { name: 'Buyers of this listing' }).locator('tbody tr');

test('a seller sees the real buyers of the listing, a recorded offer, filters them and rejects one; the step completes on its own', async ({ page, request }) => {
  test.setTimeout(180_000);
  const seller = await clientAtStep(request, 'SELLER', 5, 'Bianca Activity');
  // Ada is past her NDA, at the CBR/CIM step (id 4); Ben has only selected the listing.
  const ada = await interestedBuyer(request, seller.listing.id, 'Ada Offerman', 4);
  await interestedBuyer(request, seller.listing.id, 'Ben Browser');
  // Ada downloads the CBR/CIM (a view in the audit) and the broker records her offer.
  const cim = await brokerUploads(request, seller.listing.id, 'CBR_CIM', 'Roastery CIM.pdf', {}, await realPdf('CIM'));
  const got = await request.get(`/api/buyer/download-document/${cim.id}`, { headers: ada.session.headers });
  expect(got.status(), got.ok() ? '' : await got.text()).toBe(200);
  const broker = await brokerSession(request);
  const offer = await request.post(`/api/broker/buyers/${ada.id}/listings/${seller.listing.id}/offers`, {
    headers: broker.headers,
    data: { amount: '485000', date: '2026-03-05', note: 'Cash offer' },
  });
  expect(offer.status(), await offer.text()).toBe(201);
  expect((await offer.json()).message).toBe('Offer recorded successfully');

  await signInAs(page, seller.email, PASSWORD, '/seller');
  await page.goto('/seller/buyer-activity');
  await expect(page.getByRole('heading', { level: 1, name: 'Buyer Activity' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('Step 6 of 11')).toBeVisible();
  // On load, with the journey at step 6 and the step not completed, it completes on its own (spec part 2 §4).
  await expect(sidebarStep(page, 6)).toHaveAttribute('data-state', 'completed', { timeout: 15_000 });
  await expect(page.getByRole('button', { name: 'Mark Complete' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: /Next/ })).toHaveAttribute('href', '/seller/purchase-agreement');

  await expect(stat(page, 'Total Views')).toContainText('1');
  await expect(stat(page, 'Interested Buyers')).toContainText('2');
  await expect(stat(page, 'Offers Received')).toContainText('1');
  await expect(stat(page, 'Highest Offer')).toContainText('$485K');
  await expect(rows(page)).toHaveCount(2);
  const first = rows(page).nth(0);
  await expect(first).toContainText('B001');
  await expect(first).toContainText('Ada Offerman');
  await expect(first).toContainText(ada.email);
  await expect(first).toContainText('Made an offer');
  await expect(first).toContainText('$485,000.00');
  await expect(first).toContainText('Made an offer');
  await expect(rows(page).nth(1)).toContainText('B002');
  await expect(rows(page).nth(1)).toContainText('Ben Browser');
  await expect(rows(page).nth(1)).toContainText('Interested');
  await expect(rows(page).nth(1)).toContainText('Showed interest in the listing');
  // At 1280 px the whole table is in view beside the sidebar: nothing to scroll sideways (issue 19: it was cut off).
  const table = page.getByRole('region', { name: 'Buyers of this listing' });
  const { scroll, client } = await table.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
  expect(scroll, `buyer table ${scroll}px wide in a ${client}px box`).toBeLessThanOrEqual(client + 1);

  // Search: name, company or number, case-insensitively; the status filter.
  const search = page.getByRole('searchbox', { name: 'Search buyers' });
  await search.fill('b002');
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText('Ben Browser');
  await search.fill('ADA');
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText('B001');
  await search.fill('');
  const status = page.getByLabel('Status');
  await expect(status.locator('option')).toHaveText(['All', 'Interested', 'Not Interested', 'Made an offer']);
  await status.selectOption('Made an offer');
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText('Ada Offerman');
  await status.selectOption('Not Interested');
  await expect(page.getByText('No buyers match your search.')).toBeVisible();
  await status.selectOption('All');

  // Reject Ben behind a confirm: cancel keeps him, confirm rejects.
  await page.getByRole('button', { name: 'Reject Ben Browser' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText('Are you sure you want to reject Ben Browser (B002) for this listing?');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(rows(page).nth(1)).toContainText('Interested');
  await page.getByRole('button', { name: 'Reject Ben Browser' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Reject' }).click();
  await expect(page.getByText('Buyer rejected')).toBeVisible();
  await expect(rows(page).nth(1)).toContainText('Not Interested');
  await expect(stat(page, 'Interested Buyers')).toContainText('1');
  // Approve Ada.
  await page.getByRole('button', { name: 'Approve Ada Offerman' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText('Buyer approved')).toBeVisible();
  await expect(rows(page).nth(0).getByText('Approved')).toBeVisible();

  await checkDesktopAndPhone(page, '/seller/buyer-activity', 'steps-seller-buyer-activity-375');
});

test('pages of 25: the pager moves through the buyers', async ({ page, request }) => {
  test.setTimeout(240_000);
  const seller = await clientAtStep(request, 'SELLER', 5, 'Pavel Pages');
  // 27 buyers: the 15 demo buyers and 12 new ones, set as the listing's buyers by the broker's listing form.
  const broker = await brokerSession(request);
  const buyerIds: string[] = [DEMO_IDS.buyer, ...DEMO_IDS.buyers];
  for (let i = 1; buyerIds.length < 27; i++) {
    const res = await request.post('/api/admin/users', {
      data: { email: uniqueEmail('ba-pager'), password: PASSWORD, name: `Pager Buyer ${String(i).padStart(2, '0')}`, role: 'BUYER' },
      headers: broker.headers,
    });
    expect(res.status(), await res.text()).toBe(201);
    buyerIds.push((await res.json()).user.id as string);
  }
  const put = await request.put(`/api/broker/listings/${seller.listing.id}`, { data: { buyerIds }, headers: broker.headers });
  expect(put.status(), await put.text()).toBe(200);
  await signInAs(page, seller.email, PASSWORD, '/seller');
  await page.goto('/seller/buyer-activity');
  await expect(rows(page)).toHaveCount(25, { timeout: 30_000 });
  await expect(page.getByText('27 buyers · page 1 of 2')).toBeVisible();
  const pager = page.getByRole('navigation', { name: 'Buyer pages' });
  await expect(pager.getByRole('button', { name: /^Page \d+$/ })).toHaveCount(2);
  await expect(pager.getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');
  await expect(pager.getByRole('button', { name: 'Previous' })).toBeDisabled();
  await pager.getByRole('button', { name: 'Page 2' }).click();
  await expect(rows(page)).toHaveCount(2);
  await expect(rows(page).first()).toContainText('B026');
  await expect(pager.getByRole('button', { name: 'Next' })).toBeDisabled();
  await pager.getByRole('button', { name: 'Previous' }).click();
  await expect(rows(page).first()).toContainText('B001');
  await checkDesktopAndPhone(page, '/seller/buyer-activity (paged)', 'steps-seller-buyer-activity-paged-375');
  // A seller before step 6 previews the screen without its automatic completion: mfe-seller/test/screens.spec.tsx.
});

test('the broker records an offer on the buyer\'s progress view (OffersPanel); the seller\'s Buyer Activity shows it', async ({ page, request }) => {
  test.setTimeout(150_000);
  const seller = await clientAtStep(request, 'SELLER', 5, 'Otto Offers');
  const buyer = await interestedBuyer(request, seller.listing.id, 'Olga Offer');
  const staff = page;
  await signInFast(staff, 'BROKER');
  await openStaff(staff, `/broker/buyers/${buyer.id}/${seller.listing.id}`, seller.listing.title);
  const form = staff.getByRole('form', { name: 'Record an offer' });
  await expect(form).toBeVisible();
  await expect(staff.getByText('No offers recorded yet.')).toBeVisible();
  await expect(form.getByRole('button', { name: 'Record Offer' })).toBeDisabled();
  await form.getByLabel(/Offer amount/).fill('0');
  await form.getByRole('button', { name: 'Record Offer' }).click();
  await expect(form.getByText('Offer amount must be a number greater than 0 with at most 2 decimals')).toBeVisible();
  await form.getByLabel(/Offer amount/).fill('512,000');
  await form.getByLabel(/Offer date/).fill('2026-04-02');
  await form.getByLabel(/Note/).fill('Seller financing 10%');
  await form.getByRole('button', { name: 'Record Offer' }).click();
  await expect(form.getByRole('status')).toHaveText('Offer recorded successfully');
  const recorded = staff.getByRole('region', { name: 'Recorded offers' });
  await expect(recorded).toContainText('$512,000.00');
  await expect(recorded).toContainText('2026-04-02');
  await expect(recorded).toContainText('Seller financing 10%');
  await expect(recorded).toContainText('Morgan Broker (BROKER)');

  await signInAs(page, seller.email, PASSWORD, '/seller');
  await page.goto('/seller/buyer-activity');
  await expect(rows(page)).toHaveCount(1, { timeout: 30_000 });
  await expect(rows(page).first()).toContainText('Olga Offer');
  await expect(rows(page).first()).toContainText('Made an offer');
  await expect(rows(page).first()).toContainText('$512,000.00');
  await expect(stat(page, 'Offers Received')).toContainText('1');
  await expect(stat(page, 'Highest Offer')).toContainText('$512K');
});
