import { test, expect, type APIRequestContext, type Page } from '@playwright/test';
import type { DocumentListResponse } from '@brokerage/contracts/documents';
import type { BuyersResponse, SellersResponse } from '@brokerage/contracts/staff-views';
import { DEMO } from '../../support/session';
import {
  api,
  apiSession,
  expectNoHorizontalOverflow,
  expectNoSeriousAxe,
  openStaff,
  signInFast,
  unique,
} from '../staff/staff-helpers';
import { realPdf } from '../steps/helpers';

// Listing documents from Sellers Management and the listing's Activity screen (issue 8 §2, §6; spec part 3 §3, §5, §8),
// against the real stack: the gateway, the documents service, S3.

const pdf = (text: string) => Buffer.from(`%PDF-1.4\n% ${text}\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n`);

async function demoSellerListing(request: APIRequestContext) {
  const { sellers } = await api<SellersResponse>(request, 'GET', '/broker/sellers');
  const seller = sellers.find((s) => s.email === DEMO.SELLER.email);
  expect(seller?.listings.length, 'the demo seller has a listing').toBeGreaterThan(0);
  return { seller: seller!, listing: seller!.listings[0]! };
}

/** Sellers Management → the demo seller's row → the documents panel of their listing. */
async function openDocumentsPanel(page: Page, sellerName: string, listingTitle: string) {
  await openStaff(page, '/broker/sellers', 'Sellers Management');
  await page.getByRole('searchbox', { name: 'Search by name or email' }).fill(DEMO.SELLER.email);
  const row = page
    .getByRole('list', { name: 'Sellers Management' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name: sellerName, exact: true }) });
  await row.getByRole('button', { name: /Show listings/ }).click();
  const docs = row.getByRole('list', { name: `Listing documents of ${sellerName}` }).getByRole('listitem').filter({ hasText: listingTitle }).first();
  await docs.getByRole('button', { name: `Documents of ${listingTitle}` }).click();
  return docs;
}

async function download(request: APIRequestContext, url: string, email: string) {
  const s = await apiSession(request, email);
  const res = await request.get(url, { headers: s.headers });
  expect(res.status(), `download ${url} as ${email}`).toBe(200);
  return res.body();
}

test.describe('listing documents from Sellers Management', () => {
  test.beforeEach(async ({ page }) => {
    await signInFast(page, 'BROKER');
  });

  test('the broker uploads a listing agreement, the seller downloads it, Activity lists the downloads; delete asks first', async ({ page, request }, info) => {
    test.setTimeout(90_000); // upload, two downloads, Activity at two widths with axe, delete
    const { seller, listing } = await demoSellerListing(request);
    const fileName = `${unique('Listing Agreement').replace(/\s+/g, '-')}.pdf`;
    const panel = await openDocumentsPanel(page, seller.name, listing.title);
    const input = panel.locator('input[type=file]');

    // No type chosen yet: the spec's message, nothing stored.
    await input.setInputFiles({ name: fileName, mimeType: 'application/pdf', buffer: pdf('no type') });
    await expect(panel.getByRole('alert').filter({ hasText: 'Please select a document type.' })).toBeVisible();

    // A refused type names the file and the allowed types.
    await panel.getByLabel('Document type').selectOption({ label: 'Listing Agreement' });
    await expect(panel.getByRole('group', { name: `Upload a document for ${listing.title}` })).toContainText('Accepted: .pdf, .doc, .docx · up to 10MB');
    await input.setInputFiles({ name: 'setup.exe', mimeType: 'application/x-msdownload', buffer: Buffer.from('MZ') });
    await expect(panel.getByRole('alert').filter({ hasText: 'setup.exe: file type not allowed (allowed: .pdf, .doc, .docx)' })).toBeVisible();

    await input.setInputFiles({ name: fileName, mimeType: 'application/pdf', buffer: pdf('signed agreement') });
    await expect(page.getByText(`Successfully uploaded ${fileName} for listing`)).toBeVisible();
    const list = panel.getByRole('list', { name: `Documents of ${listing.title}` });
    const item = list.getByRole('listitem').filter({ hasText: fileName });
    await expect(item).toContainText('Listing Agreement');
    await expect(item).toContainText('by Morgan Broker (BROKER)');
    await expect(item.getByRole('link', { name: new RegExp(`View / Download ${fileName}`) })).toHaveAttribute('target', '_blank');
    await page.screenshot({ path: info.outputPath('sellers-documents-1280.png'), fullPage: true });
    // The shell's rich-colour success toast fails colour contrast on its own (reported); axe reads the screen after it.
    await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 });
    await expectNoSeriousAxe(page, 'Sellers Management with a listing\'s documents open');

    // The seller downloads it (through the API: the seller's screen is another task), then the broker too.
    const { documents } = await api<DocumentListResponse>(request, 'GET', `/broker/listings/${listing.id}/documents`);
    const doc = documents.find((d) => d.fileName === fileName)!;
    expect(doc.type).toBe('LISTING_AGREEMENT');
    const asSeller = await download(request, `/api/seller/download-document/${doc.id}`, DEMO.SELLER.email);
    expect(asSeller.toString('latin1')).toContain('signed agreement');
    await download(request, doc.url, DEMO.BROKER.email);

    // Activity: newest first, filter by person.
    await panel.getByRole('link', { name: `Activity of ${listing.title}` }).click();
    await expect(page).toHaveURL(new RegExp(`/broker/listings/${listing.id}/activity$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Activity' })).toBeVisible();
    const table = page.getByRole('table', { name: `Downloads of ${listing.title}` });
    const rows = table.locator('tbody tr').filter({ hasText: fileName });
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(0)).toContainText('Morgan Broker');
    await expect(rows.nth(1)).toContainText('Sam Seller');
    await expect(rows.nth(1)).toContainText('Listing Agreement');
    await page.getByLabel('Filter by person').selectOption({ label: 'Sam Seller (SELLER)' });
    await expect(table.locator('tbody tr').filter({ hasText: 'Morgan Broker' })).toHaveCount(0);
    await expect(rows).toHaveCount(1);
    await expect(rows.first()).toContainText(DEMO.SELLER.email);
    await page.screenshot({ path: info.outputPath('activity-1280.png'), fullPage: true });
    await expectNoSeriousAxe(page, 'Activity');
    await page.setViewportSize({ width: 375, height: 800 });
    await page.reload(); // the phone layout from the start (no drawer sliding shut in the screenshot); the filter resets
    await expect(page.getByRole('heading', { level: 1, name: 'Activity' })).toBeVisible();
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(1).locator('td').first()).toBeVisible();
    await expectNoHorizontalOverflow(page, 'Activity at 375 px');
    await page.screenshot({ path: info.outputPath('activity-375.png'), fullPage: true });
    await expectNoSeriousAxe(page, 'Activity at 375 px');

    // Delete: Cancel keeps it; confirming removes it.
    await page.getByRole('button', { name: 'Back' }).click();
    const again = await openDocumentsPanel(page, seller.name, listing.title);
    const again375 = again.getByRole('list', { name: `Documents of ${listing.title}` }).getByRole('listitem').filter({ hasText: fileName });
    await expectNoHorizontalOverflow(page, 'Sellers Management documents at 375 px');
    await page.screenshot({ path: info.outputPath('sellers-documents-375.png'), fullPage: true });
    await again375.getByRole('button', { name: `Delete ${fileName}` }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete document' });
    await expect(dialog).toContainText('Are you sure you want to delete this document?');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(again375).toHaveCount(1);
    await again375.getByRole('button', { name: `Delete ${fileName}` }).click();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Document deleted successfully')).toBeVisible();
    await expect(again375).toHaveCount(0);
    const after = await api<DocumentListResponse>(request, 'GET', `/broker/listings/${listing.id}/documents`);
    expect(after.documents.some((d) => d.id === doc.id)).toBe(false);
  });

  test('a server refusal reads "Upload failed: {server message}" (content that is not the PDF it claims)', async ({ page, request }) => {
    const { seller, listing } = await demoSellerListing(request);
    const panel = await openDocumentsPanel(page, seller.name, listing.title);
    // A seller's listing offers its buyers as the optional related buyer.
    const { listing: full } = await api<{ listing: { buyers: Array<{ name: string }> } }>(request, 'GET', `/broker/listings/${listing.id}`);
    await expect(panel.getByLabel('Related buyer (optional)').locator('option')).toHaveText(['No specific buyer', ...full.buyers.map((b) => b.name)]);
    await expect(panel.getByLabel('Document type').locator('option')).toHaveText([
      'Select a document type', 'Listing Agreement', 'Purchase Agreement', 'Closing Documents', 'Other Document',
    ]);
    await panel.getByLabel('Document type').selectOption({ label: 'Other Document' });
    await panel.locator('input[type=file]').setInputFiles({ name: 'disguised.pdf', mimeType: 'application/pdf', buffer: Buffer.from('MZ\x90\x00 not a pdf at all') });
    await expect(panel.getByRole('alert').filter({ hasText: "Upload failed: disguised.pdf: the file's content does not match its extension" })).toBeVisible();
  });
});

test.describe('listing documents from Buyers Management', () => {
  test.beforeEach(async ({ page }) => {
    await signInFast(page, 'BROKER');
  });

  test('a document uploaded from a buyer\'s row is meant for that buyer and listed under their row', async ({ page, request }) => {
    const { buyers } = await api<BuyersResponse>(request, 'GET', '/broker/buyers');
    const buyer = buyers.find((b) => b.email === DEMO.BUYER.email)!;
    const listing = buyer.buyingListings[0]!;
    const fileName = `${unique('CIM').replace(/\s+/g, '-')}.pdf`;
    await openStaff(page, '/broker/buyers', 'Buyers Management');
    await page.getByRole('searchbox', { name: 'Search by name or email' }).fill(buyer.email);
    const row = page
      .getByRole('list', { name: 'Buyers Management' })
      .getByRole('listitem')
      .filter({ has: page.getByRole('heading', { name: buyer.name, exact: true }) });
    await row.getByRole('button', { name: /Show interested listings/ }).click();
    const panel = row.getByRole('list', { name: `Listing documents of ${buyer.name}` }).getByRole('listitem').filter({ hasText: listing.title }).first();
    await panel.getByRole('button', { name: `Documents of ${listing.title}` }).click();
    const type = panel.getByLabel('Document type');
    await expect(type.locator('option')).toHaveText([
      'Select a document type', 'NDA', 'Financial Statement', 'CBR/CIM', 'Purchase Contract', 'Due Diligence', 'Pre-Close Checklist',
      'Closing Documents', 'Other Document',
    ]);
    await expect(panel.getByLabel('Related buyer (optional)')).toHaveCount(0);
    await type.selectOption({ label: 'CBR/CIM' });
    // A CBR/CIM must be a PDF a PDF library can open (each buyer's copy is stamped): one that only looks like a PDF is
    // refused at upload (issue 18 §3), nothing stored.
    await panel.locator('input[type=file]').setInputFiles({ name: fileName, mimeType: 'application/pdf', buffer: pdf('cim') });
    const refused = panel.getByRole('list', { name: 'Uploads' }).getByRole('listitem').filter({ hasText: fileName });
    await expect(refused.getByRole('alert')).toHaveText('Upload failed: This PDF could not be read; please upload another copy');
    await panel.locator('input[type=file]').setInputFiles({ name: fileName, mimeType: 'application/pdf', buffer: await realPdf('cim') });
    await expect(page.getByText(`Successfully uploaded ${fileName} for listing`)).toBeVisible();
    await expect(panel.getByRole('list', { name: `Documents of ${listing.title}` }).getByRole('listitem').filter({ hasText: fileName })).toContainText('CBR/CIM');
    const { documents } = await api<DocumentListResponse>(request, 'GET', `/broker/listings/${listing.id}/documents`);
    expect(documents.filter((d) => d.fileName === fileName)).toHaveLength(1); // the refused copy was not stored
    expect(documents.find((d) => d.fileName === fileName)?.buyerId).toBe(buyer.id);
  });
});
