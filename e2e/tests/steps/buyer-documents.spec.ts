import { test, expect } from '@playwright/test';
import { sidebarStep, signInAs } from '../../support/portal';
import { clientAtStep, PASSWORD } from '../forms/seed';
import { brokerUploads, checkPhone, pdf, realPdf } from './helpers';

// Buyer step 5 (CBR/CIM): nothing provided → the spec's text; the broker's CIM downloads under its name, the step turns
// green and reads "Downloaded". Buyer step 6 (Upload Docs): real files up → listed, step green, a tagged file ticks its
// item, delete. The empty screen (10 requested documents, "No files uploaded yet."), own uploads only, the ticks and the
// delete confirm with fetched lists: mfe-buyer/test/steps.spec.tsx "buyer Upload Docs (step 6)".

test('a buyer downloads the CBR/CIM the broker provided and the step turns green', async ({ page, request }) => {
  test.setTimeout(120_000);
  const buyer = await clientAtStep(request, 'BUYER', 4, 'Cora Cim');
  // straight to the step: one load of the app, not the home's first
  await signInAs(page, buyer.email, PASSWORD, '/buyer/cbr-cim');
  await expect(page.getByRole('heading', { level: 1, name: 'CBR/CIM' })).toBeVisible();
  await expect(page.getByText('No CBR/CIM document available for download')).toBeVisible();
  await expect(page.getByText('Available', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: /Next/ })).toBeDisabled();

  const cim = await brokerUploads(request, buyer.listing.id, 'CBR_CIM', 'Roastery CIM.pdf', {}, await realPdf('Confidential Business Review'));
  await page.reload();
  await expect(page.getByText('Roastery CIM.pdf')).toBeVisible();
  await expect(page.getByText('Provided by:')).toContainText('(BROKER)');
  await checkPhone(page, '/buyer/cbr-cim', 'steps-buyer-cbr-cim-375');

  const saving = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download CBR/CIM' }).click();
  const file = await saving;
  expect(file.suggestedFilename()).toBe(cim.fileName);
  await expect(page.getByText('CBR/CIM document downloaded successfully!')).toBeVisible();
  await expect(sidebarStep(page, 5)).toHaveAttribute('data-state', 'completed', { timeout: 15_000 });
  await expect(page.getByText('Downloaded', { exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: /Next/ })).toHaveAttribute('href', '/buyer/upload-docs');
});

test('a buyer uploads own documents, the step turns green, a tagged file ticks its requested document, and a delete asks first', async ({ page, request }) => {
  test.setTimeout(120_000);
  const buyer = await clientAtStep(request, 'BUYER', 5, 'Uma Uploads');
  // straight to the step: one load of the app, not the home's first
  await signInAs(page, buyer.email, PASSWORD, '/buyer/upload-docs');
  await expect(page.getByRole('heading', { level: 1, name: 'Upload Docs' })).toBeVisible({ timeout: 20_000 });

  await page.locator('input[type=file]').setInputFiles([
    { name: 'proof of funds.pdf', mimeType: 'application/pdf', buffer: pdf('funds') },
    { name: 'pre-approval.pdf', mimeType: 'application/pdf', buffer: pdf('loan') },
  ]);
  const list = page.getByRole('list', { name: 'Your uploaded documents' });
  await expect(list.getByRole('listitem')).toHaveCount(2, { timeout: 15_000 });
  await expect(sidebarStep(page, 6)).toHaveAttribute('data-state', 'completed', { timeout: 15_000 });

  // Issue 12: the untagged files tick nothing; a file uploaded as "Proof of funds letter from your bank" ticks that item.
  const requested = page.getByRole('region', { name: 'Requested documents' });
  await expect(requested.getByRole('checkbox', { checked: true })).toHaveCount(0);
  await page.getByLabel('Document type', { exact: true }).selectOption({ label: 'Proof of funds letter from your bank' });
  await page.locator('input[type=file]').setInputFiles({ name: 'bank letter.pdf', mimeType: 'application/pdf', buffer: pdf('bank') });
  await expect(list.getByRole('listitem')).toHaveCount(3, { timeout: 15_000 });
  await expect(requested.getByRole('checkbox', { name: 'Proof of funds letter from your bank' })).toBeChecked();
  await expect(requested.getByRole('status')).toHaveText('1 of 10 received');
  await checkPhone(page, '/buyer/upload-docs', 'steps-buyer-upload-docs-375');

  await list.getByRole('button', { name: 'Delete pre-approval.pdf' }).click();
  await expect(page.getByRole('alertdialog')).toContainText('Are you sure you want to delete this file?');
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('File deleted successfully')).toBeVisible();
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await expect(list).toContainText('proof of funds.pdf');
  await expect(requested.getByRole('checkbox', { name: 'Proof of funds letter from your bank' })).toBeChecked();
});
