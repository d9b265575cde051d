import { test, expect as baseExpect, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import type { AdminUserResponse } from '@brokerage/contracts/admin';
import { DEMO_IDS, demoListingId } from '@brokerage/contracts/demo-roster';
import type { DocumentListResponse } from '@brokerage/contracts/documents';
import type { StaffProgressView } from '@brokerage/contracts/staff-views';
import { DEMO, type DemoRole } from '../../support/session';
import {
  api,
  apiSession,
  expectNoHorizontalOverflow,
  expectNoSeriousAxe,
  openStaff,
  seedListing,
  signInFast,
  startingWith,
  unique,
} from './staff-helpers';

// The broker's and agent's progress views of one seller or one buyer on one listing (spec part 3 §2 "Seller and
// Buyer progress screens", §3, §7 "Progress monitoring", §8; issue 10 §4), against the real stack. Data is seeded
// through the API; each describe block shares one signed-in page (one login per role for the file).

test.describe.configure({ mode: 'serial' });
// A progress screen makes about ten reads after each (re)load; on the shared 2-core machine they can take longer than
// the suite's 7 s default.
const expect = baseExpect.configure({ timeout: 15_000 });

const PERSON_PASSWORD = 'person-pass-1';
const pdf = (text: string) => Buffer.from(`%PDF-1.4\n% ${text}\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n`);
const fileNameOf = (tag: string) => `${unique(tag).replace(/\s+/g, '-')}.pdf`;

async function newPerson(request: APIRequestContext, role: 'SELLER' | 'BUYER') {
  const name = unique(role === 'SELLER' ? 'Pia Progress Seller' : 'Pat Progress Buyer');
  const email = `${name.replace(/\s+/g, '.').toLowerCase()}@example.com`;
  const { user } = await api<AdminUserResponse>(request, 'POST', '/admin/users', { email, password: PERSON_PASSWORD, name, role });
  return user;
}

/** A client's own upload through the API (the client's screens are tested elsewhere). */
async function clientUploads(request: APIRequestContext, who: 'seller' | 'buyer', email: string, listingId: string, fileName: string) {
  const s = await apiSession(request, email, PERSON_PASSWORD);
  const res = await request.post(`/api/${who}/listings/${listingId}/documents`, {
    headers: s.headers,
    multipart: { documentType: 'UPLOADED_DOC', file: { name: fileName, mimeType: 'application/pdf', buffer: pdf(`${who} upload`) } },
  });
  expect(res.status(), `${who} upload: ${await res.text()}`).toBeLessThan(300);
}

async function sharedPage(browser: Browser, role: DemoRole): Promise<Page> {
  const context = await browser.newContext({ baseURL: process.env.E2E_BASE_URL, viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await signInFast(page, role);
  return page;
}

/** The step row of step N (1-based, as shown) in a progress panel. */
const stepRow = (page: Page, who: 'Seller' | 'Buyer', n: number) =>
  page.getByRole('list', { name: `${who} steps` }).locator(`li[data-step-id="${n - 1}"]`);

/**
 * Opens a section folded below the steps (issue 19 §3: the checklist, the due-diligence table and the download audit are
 * folded so that the page fits in two screens); a reload folds them again.
 */
async function openSection(page: Page, summary: 'Pre-close checklist' | 'Due diligence' | 'Downloads') {
  const details = page.locator('details.staff-more').filter({ has: page.locator('summary', { hasText: summary }) });
  if (!(await details.evaluate((d) => (d as HTMLDetailsElement).open))) await details.locator('summary').click();
}

/** Issue 19 §3: with everything loaded (sections folded) the progress view fits in two screens at 1280 × 800. */
async function expectTwoScreens(page: Page) {
  await expect(page.getByText(/^Loading .*\.\.\.$/)).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeLessThanOrEqual(1600);
}

/** The success toast has its own contrast finding (see documents tests): axe reads the screen once toasts are gone. */
async function noToasts(page: Page) {
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 });
}

async function checkPhoneAndAxe(page: Page, what: string, heading: string, shot: string) {
  await noToasts(page);
  await expectNoSeriousAxe(page, `${what} at 1280 px`);
  await page.setViewportSize({ width: 375, height: 800 });
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible({ timeout: 20_000 });
  await openSection(page, 'Pre-close checklist');
  // Everything loaded (the checklist's items, every panel) before the width check, the screenshot and axe.
  await expect(page.getByRole('region', { name: 'Pre-Close Checklist' })).toContainText('Overall progress');
  await expect(page.getByText(/^Loading .*\.\.\.$/)).toHaveCount(0);
  await expectNoHorizontalOverflow(page, `${what} at 375 px`);
  await page.screenshot({ path: shot, fullPage: true });
  await expectNoSeriousAxe(page, `${what} at 375 px`);
  await page.setViewportSize({ width: 1280, height: 800 });
}

test.describe('broker progress views', () => {
  let page: Page;
  test.beforeAll(async ({ browser }) => {
    page = await sharedPage(browser, 'BROKER');
  });
  test.afterAll(async () => {
    await page.context().close();
  });

  test('seller view from Sellers Management: header, notice, complete and reopen a step (kept on reload), files, upload, checklist', async ({ request }, info) => {
    test.setTimeout(180_000);
    const seller = await newPerson(request, 'SELLER');
    const title = unique('Progress Bakery');
    const listing = await seedListing(request, { title, description: 'Bakery.', price: 275000, sellerId: seller.id });

    // Sellers Management → the seller's row → the listing opens the progress screen.
    await openStaff(page, '/broker/sellers', 'Sellers Management');
    await page.getByRole('searchbox', { name: 'Search by name or email' }).fill(seller.email);
    const row = page
      .getByRole('list', { name: 'Sellers Management' })
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: seller.name, exact: true }) });
    await row.getByRole('button', { name: /Show listings \(1\)/ }).click();
    await row.getByRole('link', { name: startingWith(title) }).click();
    await expect(page).toHaveURL(new RegExp(`/broker/sellers/${seller.id}/${listing.id}$`));
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();

    // Header: seller name and e-mail, price; Back to Seller List.
    const header = page.locator('header.staff-progress__header');
    await expect(header).toContainText(seller.name);
    await expect(header).toContainText(seller.email);
    await expect(header).toContainText('$275,000.00');
    await expect(page.getByRole('link', { name: 'Back to Seller List' })).toHaveAttribute('href', '/broker/sellers');
    // The seller has not selected this listing (a new seller selected nothing).
    await expect(page.getByText('This seller has not selected this listing yet.')).toBeVisible();

    // Steps: 11, the seller's titles, step 1 current.
    const steps = page.getByRole('region', { name: 'Seller Progress' });
    await expect(page.getByRole('list', { name: 'Seller steps' }).getByRole('listitem')).toHaveCount(11);
    await expect(stepRow(page, 'Seller', 1)).toContainText('Home');
    await expect(stepRow(page, 'Seller', 3)).toContainText('Listing Agreement');
    await expect(stepRow(page, 'Seller', 1)).toHaveAttribute('data-state', 'current');
    await expect(steps).toContainText('Step 1 of 11');
    // Compact rows (issue 19 §3): one action per row, the current step's Complete; none on a step not available.
    await expect(stepRow(page, 'Seller', 3)).toHaveAttribute('data-state', 'locked');
    await expect(stepRow(page, 'Seller', 3)).toContainText('Not available');
    await expect(stepRow(page, 'Seller', 3).getByRole('button')).toHaveCount(0);
    await expect(steps.getByRole('button', { name: /^Complete step/ })).toHaveCount(1);
    await expectTwoScreens(page);

    // Complete step 1: it is recorded, step 2 becomes current, and a reload shows the same.
    await steps.getByRole('button', { name: 'Complete step 1: Home' }).click();
    await expect(page.getByText('Step marked as completed')).toBeVisible();
    await expect(stepRow(page, 'Seller', 1)).toHaveAttribute('data-state', 'completed');
    await expect(stepRow(page, 'Seller', 2)).toHaveAttribute('data-state', 'current');
    await page.reload();
    await expect(stepRow(page, 'Seller', 1)).toHaveAttribute('data-state', 'completed');
    // who and when (issue 18: the broker's change is recorded): "Completed by Morgan Broker on Nov 27, 2026 9:15 AM"
    await expect(stepRow(page, 'Seller', 1)).toContainText(/Completed by Morgan Broker on [A-Z][a-z]{2} \d{1,2}, \d{4} \d{1,2}:\d{2} (AM|PM)/);
    await expect(steps).toContainText('Step 2 of 11');
    const after = await api<StaffProgressView>(request, 'GET', `/broker/listings/${listing.id}/progress`);
    expect(after.steps[0]!.completed).toBe(true);
    expect(after.currentStep).toBe(1);

    // Reopen it: current again, kept on reload.
    await steps.getByRole('button', { name: 'Reopen step 1: Home' }).click();
    await expect(page.getByText('Step marked as incomplete')).toBeVisible();
    await expect(stepRow(page, 'Seller', 1)).toHaveAttribute('data-state', 'current');
    await page.reload();
    await expect(stepRow(page, 'Seller', 1)).toHaveAttribute('data-state', 'current');
    await expect(steps.getByRole('button', { name: 'Complete step 1: Home' })).toBeVisible();
    expect((await api<StaffProgressView>(request, 'GET', `/broker/listings/${listing.id}/progress`)).steps[0]!.completed).toBe(false);

    // Seller Uploaded Files: empty, then the seller uploads and Refresh shows it.
    const files = page.getByRole('region', { name: 'Seller Uploaded Files' });
    await expect(files).toContainText('The seller has not uploaded any files yet.');
    const sellerFile = fileNameOf('seller-file');
    await clientUploads(request, 'seller', seller.email, listing.id, sellerFile);
    await files.getByRole('button', { name: 'Refresh' }).click();
    await expect(files.getByRole('list', { name: 'Seller Uploaded Files' }).getByRole('listitem').filter({ hasText: sellerFile })).toBeVisible();

    // Upload panel: the seller-side type options of part 3 §3 and the optional related buyer; a listing agreement.
    const upload = page.getByRole('region', { name: 'Upload Documents' });
    await expect(upload.getByLabel('Document type').locator('option')).toHaveText([
      'Select a document type', 'Listing Agreement', 'Questionnaire', 'Purchase Agreement', 'Purchase Contract', 'Closing Documents',
      'NDA', 'Financial Statement', 'CBR/CIM', 'Due Diligence', 'Other Document',
    ]);
    await expect(upload.getByLabel('Related buyer (optional)').locator('option')).toHaveText(['No specific buyer']);
    const staffFile = fileNameOf('listing-agreement');
    const input = upload.locator('input[type=file]');
    await input.setInputFiles({ name: staffFile, mimeType: 'application/pdf', buffer: pdf('no type') });
    await expect(upload.getByRole('alert').filter({ hasText: 'Please select a document type.' })).toBeVisible();
    await upload.getByLabel('Document type').selectOption({ label: 'Listing Agreement' });
    await input.setInputFiles({ name: staffFile, mimeType: 'application/pdf', buffer: pdf('agreement') });
    await expect(page.getByText(`Successfully uploaded ${staffFile} for listing`)).toBeVisible();
    const staffItem = upload.getByRole('list', { name: 'Documents uploaded by staff' }).getByRole('listitem').filter({ hasText: staffFile });
    await expect(staffItem).toContainText('Listing Agreement');
    await expect(staffItem).toContainText('by Morgan Broker (BROKER)');
    const { documents } = await api<DocumentListResponse>(request, 'GET', `/broker/listings/${listing.id}/documents`);
    expect(documents.find((d) => d.fileName === staffFile)?.type).toBe('LISTING_AGREEMENT');

    // The shared checklist as the broker, and the (empty) download audit of this seller (folded below the steps).
    await openSection(page, 'Pre-close checklist');
    await openSection(page, 'Downloads');
    const checklist = page.getByRole('region', { name: 'Pre-Close Checklist' });
    await expect(checklist).toContainText('Overall progress');
    await expect(checklist.getByRole('table')).toHaveCount(4);
    await expect(page.getByRole('region', { name: 'Download Activity' })).toContainText('No downloads yet.');

    await page.screenshot({ path: info.outputPath('seller-progress-1280.png'), fullPage: true });
    await checkPhoneAndAxe(page, 'seller progress view', title, info.outputPath('seller-progress-375.png'));
  });

  test('buyer view: buyer and seller in the header, steps, files, upload for this buyer, checklist, due diligence, offers, download audit', async ({ request }, info) => {
    test.setTimeout(180_000);
    const buyer = await newPerson(request, 'BUYER');
    const title = unique('Progress Car Wash');
    const listing = await seedListing(request, {
      title, description: 'Car wash.', price: 640000, sellerId: DEMO_IDS.sellers[3], buyerIds: [buyer.id],
    });
    await openStaff(page, `/broker/buyers/${buyer.id}/${listing.id}`, title);

    const header = page.locator('header.staff-progress__header');
    await expect(header).toContainText(buyer.name);
    await expect(header).toContainText(buyer.email);
    await expect(header).toContainText('Derek Fontaine');
    await expect(header).toContainText('derek.fontaine@example.com');
    await expect(header).toContainText('$640,000.00');
    await expect(page.getByRole('link', { name: 'Back to Buyer List' })).toHaveAttribute('href', '/broker/buyers');
    await expect(page.getByText('This buyer has not selected this listing yet.')).toBeVisible();

    // Steps: the buyer's titles; staff may complete any step, also one not reached yet (the cursor stays).
    const steps = page.getByRole('region', { name: 'Buyer Progress' });
    await expect(page.getByRole('list', { name: 'Buyer steps' }).getByRole('listitem')).toHaveCount(11);
    await expect(stepRow(page, 'Buyer', 1)).toContainText('Select Listing');
    await expect(stepRow(page, 'Buyer', 8)).toContainText('Due Diligence');
    await expectTwoScreens(page);
    // A step not reached has no action on the screen (issue 19 §3); staff completing one through the API is recorded.
    await expect(stepRow(page, 'Buyer', 3)).toHaveAttribute('data-state', 'locked');
    await expect(stepRow(page, 'Buyer', 3).getByRole('button')).toHaveCount(0);
    await api(request, 'POST', `/broker/buyers/${buyer.id}/listings/${listing.id}/steps/2/complete`);
    await page.reload();
    await expect(stepRow(page, 'Buyer', 3)).toHaveAttribute('data-state', 'completed');
    await expect(steps.getByRole('button', { name: 'Reopen step 3: Non Disclosure' })).toBeVisible();
    await expect(stepRow(page, 'Buyer', 1)).toHaveAttribute('data-state', 'current');
    const progress = await api<StaffProgressView>(request, 'GET', `/broker/buyers/${buyer.id}/listings/${listing.id}/progress`);
    expect(progress.steps[2]!.completed).toBe(true);

    // Upload panel: the buyer-side options, no related-buyer choice (the upload is for this buyer).
    const upload = page.getByRole('region', { name: 'Upload Documents' });
    await expect(upload.getByLabel('Document type').locator('option')).toHaveText([
      'Select a document type', 'NDA', 'Financial Statement', 'CBR/CIM', 'Purchase Contract', 'Due Diligence', 'Pre-Close Checklist',
      'Closing Documents', 'After Sale', 'Other Document',
    ]);
    await expect(upload.getByLabel('Related buyer (optional)')).toHaveCount(0);
    const staffFile = fileNameOf('buyer-cim');
    await upload.getByLabel('Document type').selectOption({ label: 'Other Document' });
    await upload.locator('input[type=file]').setInputFiles({ name: staffFile, mimeType: 'application/pdf', buffer: pdf('for the buyer') });
    await expect(page.getByText(`Successfully uploaded ${staffFile} for listing`)).toBeVisible();
    await expect(upload.getByRole('list', { name: 'Documents uploaded by staff' }).getByRole('listitem').filter({ hasText: staffFile })).toBeVisible();
    const { documents } = await api<DocumentListResponse>(request, 'GET', `/broker/listings/${listing.id}/documents`);
    const doc = documents.find((d) => d.fileName === staffFile)!;
    expect(doc.buyerId).toBe(buyer.id);

    // The buyer uploads a file and downloads the staff's one: Refresh lists the former, the audit the latter.
    const files = page.getByRole('region', { name: 'Buyer Uploaded Files' });
    await expect(files).toContainText('The buyer has not uploaded any files yet.');
    // A client writes only to a step they reached (issue 18: an upload is Upload Docs', a request Due Diligence's): the
    // broker completes the buyer's steps before Due Diligence through the API (the NDA above through the screen).
    for (const step of [0, 1, 3, 4, 5, 6]) await api(request, 'POST', `/broker/buyers/${buyer.id}/listings/${listing.id}/steps/${step}/complete`);
    expect((await api<StaffProgressView>(request, 'GET', `/broker/buyers/${buyer.id}/listings/${listing.id}/progress`)).currentStep).toBe(7);
    const buyerFile = fileNameOf('buyer-file');
    await clientUploads(request, 'buyer', buyer.email, listing.id, buyerFile);
    const s = await apiSession(request, buyer.email, PERSON_PASSWORD);
    const dl = await request.get(`/api/buyer/download-document/${doc.id}`, { headers: s.headers });
    expect(dl.status()).toBe(200);
    await files.getByRole('button', { name: 'Refresh' }).click();
    const fileList = files.getByRole('list', { name: 'Buyer Uploaded Files' });
    await expect(fileList.getByRole('listitem').filter({ hasText: buyerFile })).toBeVisible();
    await expect(fileList.getByRole('listitem').filter({ hasText: staffFile })).toHaveCount(0);
    await page.reload();
    await openSection(page, 'Downloads');
    const audit = page.getByRole('region', { name: 'Download Activity' });
    await expect(audit.getByRole('table', { name: 'Downloads by this client' }).locator('tbody tr').filter({ hasText: staffFile })).toHaveCount(1);

    // Below: the shared checklist and the due-diligence table in broker mode (counts, staff note, no request boxes).
    await openSection(page, 'Pre-close checklist');
    await openSection(page, 'Due diligence');
    await expect(page.getByRole('region', { name: 'Pre-Close Checklist' })).toContainText('Overall progress');
    // The buyer asked for their tax returns (through the API): Requested 1, Pending 1; the broker uploads the file in
    // that row and it is Available.
    const dd = page.getByRole('region', { name: 'Due Diligence Documents', exact: true });
    const counts = dd.getByRole('list', { name: 'Due diligence counts' });
    const count = (label: string) => counts.getByRole('listitem').filter({ hasText: label });
    await expect(dd).toContainText('Upload a file for any document; the buyer sees it at once.');
    await expect(dd.getByRole('checkbox')).toHaveCount(0);
    const ddRows = dd.getByRole('table', { name: 'Due diligence documents' }).locator('tbody tr');
    await expect(ddRows).toHaveCount(16);
    await api(request, 'POST', `/buyer/listings/${listing.id}/due-diligence/request`, { documentName: 'Tax Returns (2 years)', requested: true }, buyer.email);
    await page.reload();
    await openSection(page, 'Due diligence');
    const taxRow = ddRows.filter({ hasText: 'Tax Returns (2 years)' });
    await expect(taxRow).toContainText('Requested');
    await expect(count('Pending')).toContainText('1');
    const ddFile = fileNameOf('tax-returns');
    await dd.getByLabel('File for Tax Returns (2 years)').setInputFiles({ name: ddFile, mimeType: 'application/pdf', buffer: pdf('tax returns') });
    await expect(dd.getByText('File uploaded successfully')).toBeVisible();
    await expect(taxRow).toContainText('Available');
    await expect(taxRow).toContainText(ddFile);
    await expect(count('Available')).toContainText('1');
    await expect(count('Pending')).toContainText('0');

    // The offers panel of this buyer: record one.
    const offers = page.getByRole('region', { name: 'Offers' });
    await offers.getByLabel('Offer amount (USD)').fill('615000');
    await offers.getByRole('button', { name: 'Record Offer' }).click();
    await expect(offers.getByRole('table', { name: 'Recorded offers' })).toContainText('$615,000.00');

    await page.screenshot({ path: info.outputPath('buyer-progress-1280.png'), fullPage: true });
    await checkPhoneAndAxe(page, 'buyer progress view', title, info.outputPath('buyer-progress-375.png'));
  });

  test('the seller\'s submitted questionnaire (generated PDF) is listed with the seller\'s files', async ({ request }) => {
    test.setTimeout(90_000);
    const seller = await newPerson(request, 'SELLER');
    const title = unique('Questionnaire Deli');
    const listing = await seedListing(request, { title, description: 'Deli.', price: 99000, sellerId: seller.id });
    // The seller selects the listing (step 1), staff complete steps 2 and 3, the seller submits the questionnaire (step 4).
    const s = await apiSession(request, seller.email, PERSON_PASSWORD);
    expect((await request.post('/api/seller/select-listing', { headers: s.headers, data: { listingId: listing.id } })).status()).toBe(200);
    for (const step of [1, 2]) await api(request, 'POST', `/broker/sellers/${seller.id}/listings/${listing.id}/steps/${step}/complete`);
    const submit = await request.post('/api/seller/questionnaire/submit', { headers: s.headers, data: { questionnaire: {} } });
    expect(submit.status(), await submit.text()).toBe(200);
    // The PDF worker files it as a GENERATED document of the listing.
    let fileName = '';
    await expect
      .poll(async () => {
        const { documents } = await api<DocumentListResponse>(request, 'GET', `/broker/listings/${listing.id}/documents`);
        fileName = documents.find((d) => d.category === 'GENERATED')?.fileName ?? '';
        return fileName;
      }, { timeout: 30_000 })
      .not.toBe('');

    await openStaff(page, `/broker/sellers/${seller.id}/${listing.id}`, title);
    const files = page.getByRole('region', { name: 'Seller Uploaded Files' });
    await expect(files.getByRole('list', { name: 'Seller Uploaded Files' }).getByRole('listitem').filter({ hasText: fileName })).toContainText('Questionnaire');
  });

  test('the demo buyer on their selected listing: no "not selected" notice', async () => {
    await openStaff(page, `/broker/buyers/${DEMO_IDS.buyer}/${demoListingId(1)}`, /.+/);
    await expect(page.getByRole('region', { name: 'Buyer Progress' })).toBeVisible();
    await expect(page.locator('header.staff-progress__header')).toContainText(DEMO.BUYER.email);
    await expect(page.getByText('has not selected this listing yet')).toHaveCount(0);
  });
});

test.describe('agent progress views', () => {
  let page: Page;
  test.beforeAll(async ({ browser }) => {
    page = await sharedPage(browser, 'AGENT');
  });
  test.afterAll(async () => {
    await page.context().close();
  });

  test('an assigned client\'s view works for the agent; an unassigned one reads "Listing not found"', async ({ request }) => {
    test.setTimeout(120_000);
    const seller = await newPerson(request, 'SELLER');
    const buyer = await newPerson(request, 'BUYER');
    const mine = await seedListing(request, {
      title: unique('Agent Florist'), description: 'Florist.', price: 98000, sellerId: seller.id, agentId: DEMO_IDS.agent, buyerIds: [buyer.id],
    });
    const other = await newPerson(request, 'SELLER');
    const notMine = await seedListing(request, { title: unique('Broker Bike Shop'), description: 'Bikes.', price: 1, sellerId: other.id, buyerIds: [buyer.id] });

    await openStaff(page, `/agent/sellers/${seller.id}/${mine.id}`, mine.title);
    await expect(page.locator('header.staff-progress__header')).toContainText(seller.email);
    await expect(page.getByRole('link', { name: 'Back to Seller List' })).toHaveAttribute('href', '/agent/sellers');
    const steps = page.getByRole('region', { name: 'Seller Progress' });
    // read-only for the agent (issue 18: completing or reopening a client's step is the broker's alone)
    await expect(stepRow(page, 'Seller', 1)).toHaveAttribute('data-state', 'current');
    await expect(steps.getByRole('button', { name: /^(Complete|Reopen) step/ })).toHaveCount(0);
    await openSection(page, 'Pre-close checklist');
    await expect(page.getByRole('region', { name: 'Pre-Close Checklist' })).toContainText('Overall progress');
    await noToasts(page);
    await expectNoSeriousAxe(page, 'agent seller progress view');

    await openStaff(page, `/agent/buyers/${buyer.id}/${mine.id}`, mine.title);
    await expect(page.locator('header.staff-progress__header')).toContainText(buyer.email);
    await expect(page.getByRole('region', { name: 'Buyer Progress' })).toBeVisible();

    // Not assigned to the agent: the server answers 404 and the screen says so, for the seller and the buyer route.
    await openStaff(page, `/agent/sellers/${other.id}/${notMine.id}`, 'Listing not found');
    await expect(page.getByText('This listing or client could not be found.')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Seller Progress' })).toHaveCount(0);
    await openStaff(page, `/agent/buyers/${buyer.id}/${notMine.id}`, 'Listing not found');
    await page.getByRole('link', { name: 'Back to Buyer List' }).click();
    await expect(page).toHaveURL(/\/agent\/buyers$/);
  });
});
