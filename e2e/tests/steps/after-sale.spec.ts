import { test, expect } from '@playwright/test';
import { sidebarStep, signInAs } from '../../support/portal';
import { clientAtStep, PASSWORD } from '../forms/seed';
import { apiLogin } from '../../support/public';
import { checkPhone } from './helpers';

// Step 11: the seller's tabs and Complete Journey → "Journey Complete"; the buyer's banner, advice and Return to Dashboard.

test('a seller reads the after-sale tabs and completes the journey', async ({ page, request }) => {
  test.setTimeout(150_000);
  const seller = await clientAtStep(request, 'SELLER', 10, 'Abe Aftersale');
  await signInAs(page, seller.email, PASSWORD, '/seller');
  await page.goto('/seller/after-sale');
  await expect(page.getByRole('heading', { level: 1, name: 'After The Sale' })).toBeVisible();
  for (const t of ['Installment Sale', 'Qualified Small Business Stock', '1031 Like-Kind Exchange', 'Charitable Remainder Trust']) {
    await expect(page.getByRole('heading', { name: t })).toBeVisible();
  }
  await page.getByRole('tab', { name: 'Professional Resources' }).click();
  for (const t of ['Tax Professional', 'Financial Planning', 'Tax Software', 'Legal Resources']) await expect(page.getByRole('heading', { name: t })).toBeVisible();
  await page.getByRole('tab', { name: 'Next Steps' }).click();
  await expect(page.getByText('See a tax professional within 30 days of closing.')).toBeVisible();
  await expect(page.getByText('Reserve about 20-25% of capital gains for tax.')).toBeVisible();
  await expect(page.getByText('Example (sample figures)')).toBeVisible();
  // Spec part 2 §3: the fixed sample figures (sale price, net proceeds, original basis, holding period, capital gain, tax liability).
  const sample = page.getByTestId('after-sale-sample');
  for (const [term, value] of [['Sale Price', '$485,000.00'], ['Net Proceeds', '$460,000.00'], ['Original Basis', '$150,000.00'], ['Holding Period', '5 years'], ['Capital Gain', '$310,000.00'], ['Tax Liability', '$62,000.00']]) {
    await expect(sample.locator('div').filter({ has: page.getByRole('term').filter({ hasText: term }) }).getByRole('definition')).toHaveText(value);
  }
  await checkPhone(page, '/seller/after-sale', 'steps-seller-after-sale-375');

  await page.getByRole('button', { name: 'Complete Journey' }).click();
  await expect(page.getByText('Journey Complete')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Complete Journey' })).toHaveCount(0);
  await expect(sidebarStep(page, 11)).toHaveAttribute('data-state', 'completed');
  await page.getByRole('link', { name: 'Return to Dashboard' }).click();
  await expect(page).toHaveURL(/\/seller$/);
});

test('a buyer sees the congratulations, the eight advice groups and returns to the dashboard', async ({ page, request }) => {
  test.setTimeout(120_000);
  const buyer = await clientAtStep(request, 'BUYER', 10, 'Bea Aftersale');
  await signInAs(page, buyer.email, PASSWORD, '/buyer');
  await page.goto('/buyer/after-sale');
  await expect(page.getByText('Congratulations on your new business!')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Advice for new owners' }).getByRole('heading')).toHaveCount(8);
  await expect(page.getByRole('button', { name: 'Contact Support' })).toBeVisible();
  await checkPhone(page, '/buyer/after-sale', 'steps-buyer-after-sale-375');

  // Share Your Success Story sends a message (to the listing's agent, else a broker: messaging's email-agent rule).
  await page.getByRole('button', { name: 'Share Your Success Story' }).click();
  const form = page.getByRole('form', { name: 'Share Your Success Story' });
  await expect(form.getByLabel('Subject')).toHaveValue('My success story');
  await form.getByRole('button', { name: 'Send to your broker' }).click();
  await expect(form.getByText('Message is required')).toBeVisible();
  const story = `We doubled the catering orders (${Date.now()})`;
  await form.getByLabel('Message').fill(story);
  await form.getByRole('button', { name: 'Send to your broker' }).click();
  await expect(page.getByText('Message sent successfully')).toBeVisible();
  await expect(form).toBeHidden();
  const session = await apiLogin(request, buyer.email, PASSWORD);
  const sent = (await (await request.get('/api/messages/sent', { headers: session.headers })).json()).messages as Array<{ subject: string; content: string; receiverName: string }>;
  const mine = sent.find((m) => m.content === story);
  expect(mine?.subject).toBe('My success story');
  expect(mine?.receiverName).toBeTruthy();
  await page.getByRole('link', { name: 'Return to Dashboard' }).click();
  await expect(page).toHaveURL(/\/buyer$/);
});
