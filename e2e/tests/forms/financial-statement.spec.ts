import { test, expect } from '@playwright/test';
import { expectNoHorizontalOverflow, keepScreenshot, sidebarStep, signInAs } from '../../support/portal';
import { expectAxeClean } from '../steps/helpers';
import { clientAtStep, leaveAndSettle, PASSWORD } from './seed';

// Buyer step 4: money fields keep digits and one point and read as whole dollars, totals and net worth follow,
// Submit waits for the four required fields; saved, restored, submitted → green.

test('a buyer fills the financial statement with live totals, saves, returns, submits and step 4 turns green', async ({ page, request }) => {
  test.setTimeout(120_000);
  const buyer = await clientAtStep(request, 'BUYER', 3, 'Felix Figures');
  await signInAs(page, buyer.email, PASSWORD, '/buyer');
  await page.goto('/buyer/financial-statement');
  await expect(page.getByRole('heading', { level: 1, name: 'Financial Statement' })).toBeVisible();
  await expect(sidebarStep(page, 4)).toHaveAttribute('data-state', 'current');

  const form = page.getByRole('form', { name: 'Personal Financial Statement' });
  await expect(form.getByText('Personal financial statements must be current within 90 days.')).toBeVisible();
  const today = await page.evaluate(() => new Date().toLocaleDateString('en-CA'));
  await expect(form.getByLabel('Prepared On')).toHaveValue(today);
  const submit = form.getByRole('button', { name: 'Submit' });
  await expect(submit).toBeDisabled();

  const checking = form.getByLabel('Checking accounts');
  await checking.fill('$12,000.4.9x');
  await expect(checking).toHaveValue('12000.49');
  await form.getByLabel('Real estate (market value)').fill('450000');
  await form.getByLabel('Credit card debt').fill('1500.5');
  await form.getByLabel('Real property mortgages').fill('300000');
  await form.getByLabel(/^Name/).click();
  await expect(checking).toHaveValue('$12,000');
  await expect(form.getByRole('status', { name: 'Total Assets' })).toHaveText('$462,000');
  await expect(form.getByRole('status', { name: 'Total Liabilities' })).toHaveText('$301,501');
  await expect(form.getByRole('status', { name: 'Net Worth' })).toHaveText('$160,500');

  await form.getByLabel(/^Name/).fill('Felix Figures');
  await form.getByLabel('Mailing Address').fill('1 Main St, Davis, CA 95616');
  await form.getByRole('button', { name: 'Save for Later' }).click();
  await expect(page.getByText('Financial statement saved successfully!')).toBeVisible();

  await leaveAndSettle(page, '/buyer');
  await page.goto('/buyer/financial-statement');
  await expect(form.getByLabel('Checking accounts')).toHaveValue('$12,000');
  await expect(form.getByLabel('Mailing Address')).toHaveValue('1 Main St, Davis, CA 95616');
  await expect(form.getByRole('status', { name: 'Net Worth' })).toHaveText('$160,500');
  await expect(submit).toBeDisabled();

  await form.getByLabel('Signature (type your full name)').fill('Felix Figures');
  await expect(submit).toBeDisabled();
  await form.getByLabel('Print Name').fill('Felix Figures');
  await expect(submit).toBeEnabled();

  await page.setViewportSize({ width: 375, height: 800 });
  await expectNoHorizontalOverflow(page, '/buyer/financial-statement at 375px');
  await expectAxeClean(page, '/buyer/financial-statement at 375px');
  if (process.env.PORTAL_SCREENS) await keepScreenshot(page, 'forms-financial-statement-375');
  await page.setViewportSize({ width: 1280, height: 800 });

  await submit.click();
  await expect(page.getByText('Financial statement submitted successfully! PDF document has been generated.', { exact: true })).toBeVisible();
  await expect(sidebarStep(page, 4)).toHaveAttribute('data-state', 'completed', { timeout: 15_000 });
});
