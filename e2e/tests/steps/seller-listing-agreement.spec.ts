import { test, expect } from '@playwright/test';
import { sidebarStep, signInAs } from '../../support/portal';
import { clientAtStep, PASSWORD } from '../forms/seed';
import { brokerUploads, checkPhone, pdf } from './helpers';

// Seller step 3: no agreement → the spec's text; the broker's agreement (who prepared it, version) downloads; the signed
// upload (POST /seller/listing-agreement) completes the step, shows the signed copy with its date, and enables Next.

test('a seller downloads the listing agreement, uploads the signed copy, and Next opens', async ({ page, request }) => {
  test.setTimeout(120_000);
  const seller = await clientAtStep(request, 'SELLER', 2, 'Lena Listing');
  await signInAs(page, seller.email, PASSWORD, '/seller');
  await page.goto('/seller/listing-agreement');
  await expect(page.getByRole('heading', { level: 1, name: 'Listing Agreement' })).toBeVisible();
  await expect(page.getByText('Please contact broker or agent for available listing agreement.')).toBeVisible();
  await expect(page.getByText('Commission: 10% of the final sale price, due only at closing.')).toBeVisible();
  await expect(page.getByText('Term: 6 months, renewable.')).toBeVisible();
  await expect(page.getByText('No upfront fees.')).toBeVisible();
  await expect(page.getByText('Please upload the signed copy within 48 hours.')).toBeVisible();
  await expect(page.getByText(/Accepted: \.pdf, \.doc, \.docx · up to 10MB/)).toBeVisible();
  await expect(page.getByRole('button', { name: /Next/ })).toBeDisabled();
  const status = page.getByTestId('listing-agreement-status');
  await expect(status).toContainText('Not provided yet');

  await brokerUploads(request, seller.listing.id, 'LISTING_AGREEMENT', 'Exclusive listing agreement.pdf');
  await page.reload();
  await expect(page.getByText(/Prepared by: Morgan Broker \(BROKER\) · Version 1 · /)).toBeVisible({ timeout: 30_000 });
  await expect(status).toContainText('Awaiting your signed copy');
  const saving = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download Listing Agreement' }).click();
  expect((await saving).suggestedFilename()).toBe('Exclusive listing agreement.pdf');
  await expect(page.getByText('Listing agreement downloaded successfully!')).toBeVisible();

  const posted = page.waitForRequest((r) => r.method() === 'POST' && new URL(r.url()).pathname === '/api/seller/listing-agreement');
  await page.locator('input[type=file]').setInputFiles({ name: 'signed agreement.pdf', mimeType: 'application/pdf', buffer: pdf('signed') });
  await posted;
  await expect(page.getByText('Signed listing agreement uploaded successfully!')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('list', { name: 'Your signed copies' })).toContainText('signed agreement.pdf');
  // uploaded through POST /seller/listing-agreement: the agreement object now names the signed copy and its date
  await expect(status.getByText('Signed', { exact: true })).toBeVisible();
  await expect(status).toContainText(/signed agreement\.pdf · Signed on [A-Z][a-z]{2} \d{1,2}, \d{4} \d{1,2}:\d{2} [AP]M/);
  await expect(sidebarStep(page, 3)).toHaveAttribute('data-state', 'completed', { timeout: 15_000 });
  await expect(page.getByRole('link', { name: /Next/ })).toHaveAttribute('href', '/seller/questionnaire');
  await checkPhone(page, '/seller/listing-agreement', 'steps-seller-listing-agreement-375');
});
