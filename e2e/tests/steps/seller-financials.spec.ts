import { test, expect } from '@playwright/test';
import { sidebarStep, signInAs } from '../../support/portal';
import { clientAtStep, PASSWORD } from '../forms/seed';
import { checkPhone, pdf, png } from './helpers';

// Seller step 5 (Upload Docs): several files at once → listed; the first upload turns the step green; a file's Document
// type ticks its item of the 9 requested documents; delete asks first.

test('a seller uploads financial documents, sees them listed, the step turns green, tagged files tick the checklist, and a delete asks first', async ({ page, request }) => {
  test.setTimeout(120_000);
  const seller = await clientAtStep(request, 'SELLER', 4, 'Fiona Financials');
  await signInAs(page, seller.email, PASSWORD, '/seller');
  await page.goto('/seller/financials');
  await expect(page.getByRole('heading', { level: 1, name: 'Upload Docs' })).toBeVisible();
  await expect(sidebarStep(page, 5)).toHaveAttribute('data-state', 'current');
  await expect(page.getByText('No files uploaded yet.')).toBeVisible();
  await expect(page.getByText('Select up to 100 files')).toBeVisible();
  const checklist = page.getByRole('region', { name: 'Requested financial documents' }).getByRole('listitem');
  await expect(checklist).toHaveCount(9);
  await expect(checklist.first()).toContainText('last 3 years');

  await page.locator('input[type=file]').setInputFiles([
    { name: 'P&L 2023-2025.pdf', mimeType: 'application/pdf', buffer: pdf('p and l') },
    { name: 'equipment.png', mimeType: 'image/png', buffer: png() },
  ]);
  const list = page.getByRole('list', { name: 'Uploaded financial documents' });
  await expect(list.getByRole('listitem')).toHaveCount(2, { timeout: 15_000 });
  await expect(list).toContainText('P&L 2023-2025.pdf');
  await expect(list).toContainText('equipment.png');
  await expect(sidebarStep(page, 5)).toHaveAttribute('data-state', 'completed', { timeout: 15_000 });

  // Issue 11: untagged files tick nothing; a file uploaded with a Document type ticks that item; re-tagging a listed file ticks its item.
  const requested = page.getByRole('region', { name: 'Requested financial documents' });
  await expect(requested.getByRole('checkbox', { checked: true })).toHaveCount(0);
  await expect(requested.getByRole('status')).toHaveText('0 of 9 received');
  await page.getByLabel('Document type', { exact: true }).selectOption({ label: 'Premises lease' });
  await page.locator('input[type=file]').setInputFiles({ name: 'lease.pdf', mimeType: 'application/pdf', buffer: pdf('lease') });
  await expect(list.getByRole('listitem')).toHaveCount(3, { timeout: 15_000 });
  await expect(requested.getByRole('checkbox', { name: 'Premises lease' })).toBeChecked();
  await expect(list.getByRole('combobox', { name: 'Document type of lease.pdf' })).toHaveValue('PREMISES_LEASE');
  await list.getByRole('combobox', { name: 'Document type of equipment.png' }).selectOption({ label: 'Pictures of equipment' });
  await expect(requested.getByRole('checkbox', { name: 'Pictures of equipment' })).toBeChecked();
  await expect(requested.getByRole('status')).toHaveText('2 of 9 received');
  await expect(requested.getByRole('checkbox', { name: 'Organization chart' })).not.toBeChecked();
  await page.reload();
  await expect(requested.getByRole('checkbox', { name: 'Premises lease' })).toBeChecked({ timeout: 30_000 });
  await expect(requested.getByRole('checkbox', { name: 'Pictures of equipment' })).toBeChecked();

  // A refused type never reaches the server.
  await page.locator('input[type=file]').setInputFiles({ name: 'setup.exe', mimeType: 'application/x-msdownload', buffer: Buffer.from('MZ') });
  await expect(page.getByText(/setup\.exe: file type not allowed/)).toBeVisible();

  await checkPhone(page, '/seller/financials', 'steps-seller-financials-375');

  // Delete asks; Cancel keeps the file, Delete removes it.
  await list.getByRole('button', { name: 'Delete equipment.png' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(dialog).toContainText('Are you sure you want to delete this file?');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(list.getByRole('listitem')).toHaveCount(3);
  await list.getByRole('button', { name: 'Delete equipment.png' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('File deleted successfully')).toBeVisible();
  await expect(list.getByRole('listitem')).toHaveCount(2);
  // The deleted file was the only picture of equipment: that item is no longer ticked.
  await expect(requested.getByRole('checkbox', { name: 'Pictures of equipment' })).not.toBeChecked();
  await page.reload();
  await expect(page.getByRole('list', { name: 'Uploaded financial documents' }).getByRole('listitem')).toHaveCount(2, { timeout: 30_000 });
  await expect(page.getByText('equipment.png')).toHaveCount(0);
});
