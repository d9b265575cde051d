import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test, expect, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO_IDS, DEMO_PEOPLE } from '@brokerage/contracts/demo-roster';
import { LISTING_TEXT } from '@brokerage/contracts/listings';
import { brokerCreatesListing, sidebarStep, signInAs } from '../../support/portal';
import { apiLogin, brokerSession, uniqueEmail } from '../../support/public';
import { brokerUploads, pdf, realPdf } from '../steps/helpers';

// One buyer from the public NDA sign-up (POST /api/auth/nda-submit; the /nda screen itself is covered by
// tests/public/accounts.spec.ts) to After The Sale, every step screen walked in the browser in order. The sign-up NDA
// counts (issue 18): the buyer lands with that listing selected and steps Select Listing and Non Disclosure green, the
// signed NDA among their documents. Each other step is "current" (never green) until its own rule is met, then green;
// the step ahead stays in Preview Mode. Staff supply
// the CBR/CIM, the purchase contract, the due-diligence file and the closing documents through the API on the way;
// the NDA and financial-statement PDFs reach the broker; the CIM the buyer downloads is stamped with their name.

const PASSWORD = 'journey-pass-2026';
const SELLER_NAME = DEMO_PEOPLE.find((p) => p.id === DEMO_IDS.seller)!.name;

/** The broker's view of this buyer's documents on the listing (GET /api/broker/buyers/{id}/listings/{id}/documents). */
interface BrokerDoc { id: string; type: string; fileName: string }
async function brokerSees(request: APIRequestContext, buyerId: string, listingId: string): Promise<BrokerDoc[]> {
  const broker = await brokerSession(request);
  const res = await request.get(`/api/broker/buyers/${buyerId}/listings/${listingId}/documents`, { headers: broker.headers });
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).documents as BrokerDoc[];
}

/** The broker downloads a document (GET /api/broker/documents/{id}/download) and gets its PDF text. */
async function brokerReadsPdf(request: APIRequestContext, doc: BrokerDoc, tag: string): Promise<string> {
  const broker = await brokerSession(request);
  const res = await request.get(`/api/broker/documents/${doc.id}/download`, { headers: broker.headers });
  expect(res.status(), `download ${doc.fileName}`).toBe(200);
  const body = await res.body();
  expect(body.subarray(0, 5).toString(), `${doc.fileName} is a PDF`).toBe('%PDF-');
  const file = path.join(os.tmpdir(), `buyer-journey-${doc.type}-${tag}.pdf`);
  fs.writeFileSync(file, body);
  try {
    return pdfText(file).replace(/\s+/g, ' ');
  } finally {
    fs.rmSync(file, { force: true });
  }
}

/** The step's sidebar entry is the current one, not green: the screen's rule has not been met yet. */
async function expectCurrent(page: Page, n: number) {
  await expect(sidebarStep(page, n)).toHaveAttribute('data-state', 'current', { timeout: 15_000 });
  await expect(page.getByTestId('step-status')).toHaveText('In Progress');
}

/** The step after `n` is locked, and opening it shows Preview Mode with "Step Not Yet Available". */
async function expectAheadInPreview(page: Page, n: number, route: string) {
  await expect(sidebarStep(page, n + 1)).toHaveAttribute('data-state', 'locked');
  await page.goto(route);
  const main = page.getByRole('main');
  await expect(main.getByText(`Step ${n + 1} of 11`)).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId('step-status')).toHaveText('Not Available');
  await expect(main.getByText('Preview Mode')).toBeVisible();
  await expect(main.getByRole('alert').filter({ hasText: 'Step Not Yet Available' })).toContainText('Complete previous steps to unlock');
  await expect(main.locator('.bb-dimmed'), 'a locked step is view-only').toHaveAttribute('inert', '');
}

/** Opens a step screen and waits for its heading. */
async function open(page: Page, route: string, heading: string) {
  await page.goto(route);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible({ timeout: 20_000 });
}

/** The text of a PDF (poppler's pdftotext). */
function pdfText(file: string): string {
  return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
}

test('one buyer from the NDA sign-up to After The Sale: every step turns green only through its rule', async ({ page, request }) => {
  test.setTimeout(150_000);
  const tag = Date.now().toString(36);
  const first = 'Jordan';
  const last = `Journey${tag.replace(/\d/g, (d) => 'abcdefghij'[Number(d)]!)}`;
  const name = `${first} ${last}`;
  const email = uniqueEmail('journey');

  // ── NDA sign-up: creates the buyer and attaches them to the listing of interest ───────────────────────────────
  const listing = await brokerCreatesListing(request, { sellerId: DEMO_IDS.seller, buyerIds: [], tag: 'Journey' });
  const signUp = await request.post('/api/auth/nda-submit', {
    data: {
      firstName: first, lastName: last, email, phone: '(916) 555-0190', password: PASSWORD,
      organization: 'Journey Holdings LLC', city: 'Sacramento', state: 'CA', zipCode: '95814',
      listingInterest: listing.id, californiaRegions: ['Greater Sacramento Region'], timeFrameToPurchase: '3-6 months',
      agreementAccepted: true, signature: name,
    },
  });
  expect(signUp.status(), await signUp.text()).toBe(201);
  const buyerId = (await signUp.json()).user.id as string;

  // ── Step 1: Select Listing (done by the sign-up: the listing of interest is selected) ─────────────────────────
  await signInAs(page, email, PASSWORD, '/buyer');
  await expect(page.getByTestId('selected-listing')).toContainText(listing.title, { timeout: 15_000 });
  // The sign-up NDA unlocks the listing: its seller is named, not withheld.
  await expect(page.getByTestId('selected-listing')).toContainText(`Seller: ${SELLER_NAME}`);
  await expect(page.getByTestId('selected-listing')).not.toContainText(LISTING_TEXT.sellerAfterNda);
  await expect(page.getByTestId('listing-picker')).toHaveCount(0);
  await expect(sidebarStep(page, 1)).toHaveAttribute('data-state', 'completed');
  await expect(sidebarStep(page, 2)).toHaveAttribute('data-state', 'current');
  await expect(sidebarStep(page, 3), 'the NDA signed at sign-up is green from the start').toHaveAttribute('data-state', 'completed');
  // The signed NDA PDF reaches the broker at once, naming the buyer.
  let docs: BrokerDoc[] = [];
  await expect
    .poll(async () => (docs = await brokerSees(request, buyerId, listing.id)).map((d) => d.type), {
      timeout: 20_000, message: 'the sign-up NDA of this buyer at the broker',
    })
    .toContain('NDA');
  expect(await brokerReadsPdf(request, docs.find((d) => d.type === 'NDA')!, tag), 'sign-up NDA PDF names the buyer').toContain(name);

  // ── Step 2: Messages (sending completes it); step 4 beyond the signed NDA is locked ──────────────────────────
  await expectAheadInPreview(page, 3, '/buyer/financial-statement');
  await expect(page.getByRole('button', { name: 'Next →' })).toBeDisabled();
  await page.goto('/buyer/messages');
  await expect(page.getByRole('heading', { level: 2, name: 'Messages' })).toBeVisible({ timeout: 20_000 });
  await expectCurrent(page, 2);
  await page.getByRole('button', { name: 'New Message' }).click();
  const compose = page.getByRole('form', { name: 'New Message' });
  const recipients = await compose.getByLabel('Recipient').evaluate((el: HTMLSelectElement) =>
    Array.from(el.options).map((o) => o.textContent ?? '').filter((t) => /\((AGENT|BROKER)\)$/.test(t)));
  expect(recipients.length, 'the buyer can write to the agent or broker of the listing').toBeGreaterThan(0);
  await compose.getByLabel('Recipient').selectOption({ label: recipients[0]! });
  const subject = `Journey question ${tag}`;
  await compose.getByLabel('Subject').fill(subject);
  await compose.getByLabel('Message').fill('Could we schedule a site visit?');
  await compose.getByRole('button', { name: 'Send Message' }).click();
  await expect(compose).toBeHidden({ timeout: 15_000 });
  await expect(page.getByRole('tab', { name: 'Sent' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tabpanel')).toContainText(subject);
  await expect(sidebarStep(page, 2)).toHaveAttribute('data-state', 'completed', { timeout: 15_000 });

  // ── Step 3: Non Disclosure (signed at sign-up: Finished, the sign-up's answers shown, nothing to sign again) ──
  await open(page, '/buyer/non-disclosure', 'Non Disclosure');
  await expect(sidebarStep(page, 3)).toHaveAttribute('data-state', 'completed');
  await expect(page.getByTestId('step-status')).toHaveText('Finished');
  const nda = page.getByRole('form', { name: 'Non-Disclosure Agreement' });
  await expect(nda.getByText(`Signed by ${name} on`, { exact: false })).toBeVisible();
  await expect(nda.getByLabel('First Name')).toHaveValue(first);
  await expect(nda.getByLabel('Last Name')).toHaveValue(last);
  await expect(nda.getByLabel('Email')).toHaveValue(email);
  await expect(nda.getByLabel('Listing of Interest')).toHaveValue(listing.id);
  await expect(page.getByRole('link', { name: 'Next →' })).toHaveAttribute('href', '/buyer/financial-statement');

  // ── Step 4: Financial Statement (Submit completes it) ─────────────────────────────────────────────────────────
  await expectAheadInPreview(page, 4, '/buyer/cbr-cim');
  await open(page, '/buyer/financial-statement', 'Financial Statement');
  await expectCurrent(page, 4);
  const fs4 = page.getByRole('form', { name: 'Personal Financial Statement' });
  const submitFs = fs4.getByRole('button', { name: 'Submit' });
  await expect(submitFs).toBeDisabled();
  await fs4.getByLabel('Checking accounts').fill('85000');
  await fs4.getByLabel('Credit card debt').fill('2500');
  await fs4.getByLabel(/^Name/).fill(name);
  await fs4.getByLabel('Mailing Address').fill('10 Capitol Mall, Sacramento, CA 95814');
  await fs4.getByLabel('Signature (type your full name)').fill(name);
  await fs4.getByLabel('Print Name').fill(name);
  await expect(fs4.getByRole('status', { name: 'Net Worth' })).toHaveText('$82,500');
  await submitFs.click();
  await expect(page.getByText('Financial statement submitted successfully! PDF document has been generated.', { exact: true })).toBeVisible();
  await expect(sidebarStep(page, 4)).toHaveAttribute('data-state', 'completed', { timeout: 15_000 });

  // The NDA and financial statement PDFs reach the broker (documents of this buyer on the listing).
  await expect
    .poll(async () => (docs = await brokerSees(request, buyerId, listing.id)).map((d) => d.type), {
      timeout: 20_000, message: 'NDA and FINANCIAL_STATEMENT of this buyer at the broker',
    })
    .toEqual(expect.arrayContaining(['NDA', 'FINANCIAL_STATEMENT']));
  for (const type of ['NDA', 'FINANCIAL_STATEMENT']) {
    const doc = docs.find((d) => d.type === type)!;
    expect(await brokerReadsPdf(request, doc, tag), `${type} PDF names the buyer`).toContain(name);
  }

  // ── Step 5: CBR/CIM (the broker provides it; the buyer's download is watermarked with their name) ───────────
  await expectAheadInPreview(page, 5, '/buyer/upload-docs');
  const cim = await brokerUploads(request, listing.id, 'CBR_CIM', `Journey CIM ${tag}.pdf`, {}, await realPdf('Confidential Business Review'));
  await open(page, '/buyer/cbr-cim', 'CBR/CIM');
  await expectCurrent(page, 5);
  await expect(page.getByText('Available', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Next →' })).toBeDisabled();
  const saving = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CBR/CIM' }).click();
  const download = await saving;
  expect(download.suggestedFilename()).toBe(cim.fileName);
  const cimFile = path.join(os.tmpdir(), `buyer-journey-cim-${tag}.pdf`);
  await download.saveAs(cimFile);
  try {
    const text = pdfText(cimFile).replace(/\s+/g, ' ');
    expect(text).toContain('Confidential Business Review');
    expect(text).toContain(`Confidential - provided to ${name} <${email}>`);
  } finally {
    fs.rmSync(cimFile, { force: true });
  }
  await expect(page.getByText('CBR/CIM document downloaded successfully!')).toBeVisible();
  await expect(sidebarStep(page, 5)).toHaveAttribute('data-state', 'completed', { timeout: 15_000 });
  await expect(page.getByText('Downloaded', { exact: true })).toBeVisible();
  // The download is recorded in the listing's audit, as a watermarked copy for this buyer.
  const broker = await brokerSession(request);
  const audit = await request.get(`/api/broker/documents/${cim.id}/activity?userId=${buyerId}`, { headers: broker.headers });
  expect(audit.status(), await audit.text()).toBe(200);
  expect((await audit.json()).downloads).toEqual([expect.objectContaining({ watermarked: true })]);

  // ── Step 6: Upload Docs (an upload completes it) ──────────────────────────────────────────────────────────────
  await expectAheadInPreview(page, 6, '/buyer/purchase-contract');
  await open(page, '/buyer/upload-docs', 'Upload Docs');
  await expectCurrent(page, 6);
  await page.getByLabel('Document type', { exact: true }).selectOption({ label: 'Proof of funds letter from your bank' });
  await page.locator('input[type=file]').setInputFiles({ name: 'proof of funds.pdf', mimeType: 'application/pdf', buffer: pdf('funds') });
  await expect(page.getByRole('list', { name: 'Your uploaded documents' }).getByRole('listitem')).toHaveCount(1, { timeout: 15_000 });
  // The file is tagged with the requested document it answers: that item is ticked (issue 12).
  await expect(page.getByRole('region', { name: 'Requested documents' }).getByRole('checkbox', { name: 'Proof of funds letter from your bank' })).toBeChecked();
  await expect(sidebarStep(page, 6)).toHaveAttribute('data-state', 'completed', { timeout: 15_000 });

  // ── Step 7: Purchase Contract (the broker supplies it; the signed upload completes it) ───────────────────────
  await expectAheadInPreview(page, 7, '/buyer/due-diligence');
  await brokerUploads(request, listing.id, 'PURCHASE_CONTRACT', 'Purchase contract.pdf', { buyerId });
  await open(page, '/buyer/purchase-contract', 'Purchase Contract');
  await expectCurrent(page, 7);
  await expect(page.getByRole('button', { name: 'Next →' })).toBeDisabled();
  const contract = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download Purchase Contract' }).click();
  expect((await contract).suggestedFilename()).toBe('Purchase contract.pdf');
  await expect(sidebarStep(page, 7)).toHaveAttribute('data-state', 'current'); // downloading alone does not complete it
  await page.locator('input[type=file]').setInputFiles({ name: 'signed contract.pdf', mimeType: 'application/pdf', buffer: pdf('signed contract') });
  await expect(page.getByText('Signed Purchase Contract uploaded successfully!')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('list', { name: 'Uploaded Signed Contracts' })).toContainText('signed contract.pdf');
  await expect(sidebarStep(page, 7)).toHaveAttribute('data-state', 'completed', { timeout: 15_000 });
  await expect(page.getByRole('link', { name: 'Next →' })).toHaveAttribute('href', '/buyer/due-diligence');

  // ── Step 8: Due Diligence (a request answered by the broker's upload completes it) ───────────────────────────
  await expectAheadInPreview(page, 8, '/buyer/pre-close-checklist');
  await open(page, '/buyer/due-diligence', 'Due Diligence');
  await expectCurrent(page, 8);
  await page.getByRole('checkbox', { name: 'Request Tax Returns (2 years)' }).check();
  await expect(page.getByText('Document requested successfully')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Next →' })).toBeDisabled();
  await expect(sidebarStep(page, 8)).toHaveAttribute('data-state', 'current');
  const dd = await request.post(`/api/broker/listings/${listing.id}/due-diligence/upload`, {
    headers: broker.headers,
    multipart: {
      documentName: 'Tax Returns (2 years)', documentType: 'DUE_DILIGENCE', stepId: '7', buyerId,
      file: { name: 'Tax returns.pdf', mimeType: 'application/pdf', buffer: pdf('tax returns') },
    },
  });
  expect(dd.status(), await dd.text()).toBe(201);
  await page.reload();
  await expect(page.getByRole('row').filter({ hasText: 'Tax returns.pdf' })).toBeVisible({ timeout: 15_000 });
  await expect(sidebarStep(page, 8)).toHaveAttribute('data-state', 'completed', { timeout: 15_000 });
  await expect(page.getByRole('link', { name: 'Next →' })).toHaveAttribute('href', '/buyer/pre-close-checklist');

  // ── Step 9: Pre Close Checklist (Mark as Complete) ───────────────────────────────────────────────────────────
  await expectAheadInPreview(page, 9, '/buyer/closing-docs');
  await open(page, '/buyer/pre-close-checklist', 'Pre Close Checklist');
  await expectCurrent(page, 9);
  const card = page.getByRole('region', { name: 'Mark as Complete' });
  await card.getByRole('button', { name: 'Mark as Complete' }).click();
  await expect(page.getByText('Pre-Close Checklist marked as completed successfully!')).toBeVisible();
  await expect(sidebarStep(page, 9)).toHaveAttribute('data-state', 'completed', { timeout: 15_000 });

  // ── Step 10: Closing Docs (the broker supplies them; starting the download completes it) ─────────────────────
  await expectAheadInPreview(page, 10, '/buyer/after-sale');
  await open(page, '/buyer/closing-docs', 'Closing Docs');
  await expectCurrent(page, 10);
  await expect(page.getByRole('heading', { name: 'Closing Documents Not Available Yet' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Download Closing Documents' })).toBeDisabled();
  await brokerUploads(request, listing.id, 'CLOSING_DOCS', 'Closing statement.pdf', { audience: 'ALL' });
  await page.reload();
  await expect(page.getByRole('list', { name: 'Closing documents' })).toContainText('Closing statement.pdf', { timeout: 15_000 });
  await expect(sidebarStep(page, 10)).toHaveAttribute('data-state', 'current');
  const closing = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download Closing Document' }).click();
  expect((await closing).suggestedFilename()).toBe('Closing statement.pdf');
  await expect(sidebarStep(page, 10)).toHaveAttribute('data-state', 'completed', { timeout: 15_000 });
  await expect(page.getByText(/^Downloaded on /)).toBeVisible();

  // ── Step 11: After The Sale ──────────────────────────────────────────────────────────────────────────────────
  await open(page, '/buyer/after-sale', 'After The Sale');
  await expect(sidebarStep(page, 11)).toHaveAttribute('data-state', 'current');
  await expect(page.getByText('Congratulations on your new business!')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Advice for new owners' }).getByRole('heading')).toHaveCount(8);
  for (let n = 1; n <= 10; n++) await expect(sidebarStep(page, n), `step ${n} green at the end`).toHaveAttribute('data-state', 'completed');
  await page.getByRole('link', { name: 'Return to Dashboard' }).click();
  await expect(page).toHaveURL(/\/buyer$/);

  // The server agrees: ten steps completed, the cursor on After The Sale.
  const me = await apiLogin(request, email, PASSWORD);
  const progress = await (await request.get('/api/buyer/progress', { headers: me.headers })).json();
  expect(progress.selectedListingId).toBe(listing.id);
  expect((progress.steps as Array<{ completed: boolean }>).slice(0, 10).every((s) => s.completed)).toBe(true);
  expect(progress.currentStep).toBe(10);
});
