import { test, expect, type Page } from '@playwright/test';
import { sidebarStep, signInAs } from '../../support/portal';
import { brokerSession } from '../../support/public';
import { clientAtStep, interestedBuyer, PASSWORD } from '../forms/seed';
import { openStaff, signInFast } from '../staff/staff-helpers';
import { brokerUploads, checkDesktopAndPhone, realPdf } from './helpers';

// Seller step 6 "Buyer Activity" with real buyers (deviation 5): the stat cards and rows the server computes (a
// download in the audit, a recorded offer), approve / reject stored, a staff-recorded offer, the automatic completion,
// 1280 and 375 px. The screen's own behaviour moved to mfe-seller/test/steps.spec.tsx "seller Buyer Activity table"
// (search by number or name, the status filter and its options, "No buyers match your search.", the reject confirm
// with Cancel, approve/reject calls and alerts; "pages of 25: … the pager moves through the buyers", which made 12
// accounts here) and mfe-seller/test/screens.spec.tsx "seller Buyer Activity" (Preview Mode, the automatic rule once).

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

  // straight to the step: one load of the app, not the home's first
  await signInAs(page, seller.email, PASSWORD, '/seller/buyer-activity');
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
  await expect(rows(page).nth(1)).toContainText('B002');
  await expect(rows(page).nth(1)).toContainText('Ben Browser');
  await expect(rows(page).nth(1)).toContainText('Interested');
  await expect(rows(page).nth(1)).toContainText('Showed interest in the listing');
  // At 1280 px the whole table is in view beside the sidebar: nothing to scroll sideways (issue 19: it was cut off).
  const table = page.getByRole('region', { name: 'Buyers of this listing' });
  const { scroll, client } = await table.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
  expect(scroll, `buyer table ${scroll}px wide in a ${client}px box`).toBeLessThanOrEqual(client + 1);

  // Reject Ben and approve Ada (behind their confirms): stored, the counts follow.
  await page.getByRole('button', { name: 'Reject Ben Browser' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Reject' }).click();
  await expect(page.getByText('Buyer rejected')).toBeVisible();
  await expect(rows(page).nth(1)).toContainText('Not Interested');
  await expect(stat(page, 'Interested Buyers')).toContainText('1');
  await page.getByRole('button', { name: 'Approve Ada Offerman' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByText('Buyer approved')).toBeVisible();
  await expect(rows(page).nth(0).getByText('Approved')).toBeVisible();

  await checkDesktopAndPhone(page, '/seller/buyer-activity', 'steps-seller-buyer-activity-375');
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

  // straight to the step: one load of the app, not the home's first
  await signInAs(page, seller.email, PASSWORD, '/seller/buyer-activity');
  await expect(rows(page)).toHaveCount(1, { timeout: 30_000 });
  await expect(rows(page).first()).toContainText('Olga Offer');
  await expect(rows(page).first()).toContainText('Made an offer');
  await expect(rows(page).first()).toContainText('$512,000.00');
  await expect(stat(page, 'Offers Received')).toContainText('1');
  await expect(stat(page, 'Highest Offer')).toContainText('$512K');
});
