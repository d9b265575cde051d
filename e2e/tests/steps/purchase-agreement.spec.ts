import { test, expect } from '@playwright/test';
import { DEMO_IDS } from '@brokerage/contracts/demo-roster';
import { sidebarStep, signInAs } from '../../support/portal';
import { apiLogin, brokerSession } from '../../support/public';
import { DEMO, DEMO_PASSWORD } from '../../support/session';
import { clientAtStep, PASSWORD } from '../forms/seed';
import { brokerUploads, checkDesktopAndPhone, pdf } from './helpers';

// Seller step 7 "Purchase Agreement" and buyer step 7 "Purchase Contract": the staff's document (the broker's over the
// agent's) downloads, the signed upload completes the step, 1280 and 375 px. The screens without a document moved to
// mfe-seller/test/steps.spec.tsx "seller Purchase Agreement (step 7) without an agreement" ("Purchase Agreement Not
// Available Yet", View Buyer Activity, Previous) and mfe-buyer/test/steps.spec.tsx "buyer Purchase Contract (step 7)
// waiting for the contract" (the summary, the "Waiting…" texts, the legal note, accepted types, Next disabled).

test('a seller sees the agent\'s agreement, then the broker\'s, downloads it and uploads the signed copy', async ({ page, request }) => {
  test.setTimeout(120_000);
  const seller = await clientAtStep(request, 'SELLER', 6, 'Paula Agreement');
  // The agent's agreement shows until the broker supplies one: the broker's is preferred (spec part 2 §6).
  const broker = await brokerSession(request);
  const assign = await request.put(`/api/broker/listings/${seller.listing.id}`, { data: { agentId: DEMO_IDS.agent }, headers: broker.headers });
  expect(assign.status(), await assign.text()).toBe(200);
  const agent = await apiLogin(request, DEMO.AGENT.email, DEMO_PASSWORD);
  const byAgent = await request.post(`/api/agent/listings/${seller.listing.id}/documents`, {
    headers: agent.headers,
    multipart: { documentType: 'PURCHASE_AGREEMENT', file: { name: 'Agent draft agreement.pdf', mimeType: 'application/pdf', buffer: pdf('agent draft') } },
  });
  expect(byAgent.status(), await byAgent.text()).toBe(201);
  // straight to the step: one load of the app, not the home's first
  await signInAs(page, seller.email, PASSWORD, '/seller/purchase-agreement');
  await expect(page.getByText('Agreement Ready')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(/Provided by: Avery Agent \(AGENT\)/)).toBeVisible();
  await expect(page.getByText('Agent draft agreement.pdf')).toBeVisible();

  await brokerUploads(request, seller.listing.id, 'PURCHASE_AGREEMENT', 'Asset purchase agreement.pdf');
  await page.reload();
  await expect(page.getByText('Agreement Ready')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('Agent draft agreement.pdf')).toHaveCount(0);
  await expect(page.getByText(/Provided by: Morgan Broker \(BROKER\)/)).toBeVisible();
  const saving = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download Purchase Agreement' }).click();
  expect((await saving).suggestedFilename()).toBe('Asset purchase agreement.pdf');

  await page.locator('input[type=file]').setInputFiles({ name: 'signed purchase agreement.pdf', mimeType: 'application/pdf', buffer: pdf('signed') });
  await expect(page.getByText('Signed purchase agreement uploaded successfully!')).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('list', { name: 'Your signed purchase agreements' })).toContainText('signed purchase agreement.pdf');
  await expect(sidebarStep(page, 7)).toHaveAttribute('data-state', 'completed', { timeout: 15_000 });
  await expect(page.getByText('Agreement Ready')).toHaveCount(0);
  await expect(page.getByRole('link', { name: /Next/ })).toHaveAttribute('href', '/seller/due-diligence');
  await checkDesktopAndPhone(page, '/seller/purchase-agreement', 'steps-seller-purchase-agreement-375');
});

test('a buyer downloads the contract, uploads, views and deletes the signed contract; Next opens', async ({ page, request }) => {
  test.setTimeout(120_000);
  const buyer = await clientAtStep(request, 'BUYER', 6, 'Carl Contract');
  await brokerUploads(request, buyer.listing.id, 'PURCHASE_CONTRACT', 'Purchase contract.pdf', { buyerId: buyer.id });
  // straight to the step: one load of the app, not the home's first
  await signInAs(page, buyer.email, PASSWORD, '/buyer/purchase-contract');
  await expect(page.getByRole('heading', { level: 1, name: 'Purchase Contract' })).toBeVisible({ timeout: 30_000 });
  const saving = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download Purchase Contract' }).click();
  expect((await saving).suggestedFilename()).toBe('Purchase contract.pdf');
  await expect(page.getByText('Purchase Contract downloaded successfully!')).toBeVisible();

  await page.locator('input[type=file]').setInputFiles({ name: 'signed contract.pdf', mimeType: 'application/pdf', buffer: pdf('signed contract') });
  await expect(page.getByText('Signed Purchase Contract uploaded successfully!')).toBeVisible({ timeout: 15_000 });
  const list = page.getByRole('list', { name: 'Uploaded Signed Contracts' });
  await expect(list).toContainText('signed contract.pdf');
  await expect(list).toContainText(/\d+(\.\d+)? KB/);
  const view = list.getByRole('link', { name: /View \/ Download/ });
  await expect(view).toHaveAttribute('target', '_blank');
  await expect(view).toHaveAttribute('href', /disposition=inline/);
  await expect(sidebarStep(page, 7)).toHaveAttribute('data-state', 'completed', { timeout: 15_000 });
  await expect(page.getByRole('link', { name: /Next/ })).toHaveAttribute('href', '/buyer/due-diligence');
  await checkDesktopAndPhone(page, '/buyer/purchase-contract', 'steps-buyer-purchase-contract-375');

  await list.getByRole('button', { name: /Delete/ }).click();
  await expect(page.getByRole('alertdialog')).toContainText('Are you sure you want to delete this file?');
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('No signed contracts uploaded yet.')).toBeVisible();
});
