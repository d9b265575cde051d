import { test, expect, type APIRequestContext } from '@playwright/test';
import { brokerSession, uniqueEmail } from '../../support/public';
import { signInAs } from '../../support/portal';
import { clientAtStep, PASSWORD } from '../forms/seed';
import { brokerUploads } from './helpers';

// Buyer screens of a buyer with no listing selected (spec part 2 §4 "Listing selection", §8 "No Listing Selected",
// §5 "Please select a listing first"), and a failed read of the current listing, which is not the same thing.

async function freshBuyer(request: APIRequestContext, name: string) {
  const email = uniqueEmail('buyer-nolisting');
  const broker = await brokerSession(request);
  const res = await request.post('/api/admin/users', { data: { email, password: PASSWORD, name, role: 'BUYER' }, headers: broker.headers });
  expect(res.status(), await res.text()).toBe(201);
  return { email };
}

test('without a selected listing the NDA and financial statement say "No Listing Selected", not "Failed to load data"', async ({ page, request }) => {
  test.setTimeout(90_000);
  const buyer = await freshBuyer(request, 'Nico Noselection');
  await signInAs(page, buyer.email, PASSWORD, '/buyer');
  // The home's quick links lead there first (spec part 2 §2 "Buyer home").
  for (const [link, heading] of [['Non-Disclosure Agreement', 'Non Disclosure'], ['Personal Financial Statement', 'Financial Statement']] as const) {
    await page.goto('/buyer');
    await page.getByRole('main').getByRole('link', { name: link }).click();
    const main = page.getByRole('main');
    await expect(main.getByRole('heading', { level: 1, name: heading })).toBeVisible({ timeout: 20_000 });
    const notice = main.getByTestId('no-listing-selected');
    await expect(notice).toBeVisible({ timeout: 15_000 });
    await expect(notice).toContainText('No Listing Selected');
    await expect(notice).toContainText('Please select a listing first');
    await expect(main.getByText('Failed to load data')).toHaveCount(0);
    await expect(main.getByRole('button', { name: 'Retry' })).toHaveCount(0);
  }
});

test('a failed read of the buyer\'s current listing on the pre-close checklist says "Failed to load data", not "select a listing"', async ({ page, request }) => {
  test.setTimeout(90_000);
  const buyer = await freshBuyer(request, 'Fern Failread');
  await signInAs(page, buyer.email, PASSWORD, '/buyer');
  await page.route('**/api/buyer/current-listing', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ message: 'Something went wrong' }) }));
  await page.goto('/buyer/pre-close-checklist');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: 'Pre Close Checklist' })).toBeVisible({ timeout: 20_000 });
  // After the query's retries (about 3 s).
  await expect(main.getByText('Failed to load data')).toBeVisible({ timeout: 20_000 });
  await expect(main.getByRole('button', { name: 'Retry' })).toBeVisible();
  await expect(main.getByText('Please select a listing first to access the pre-close checklist.')).toHaveCount(0);
});

test('a failed read of the buyer\'s current listing on the purchase contract says "Failed to load data", not that there is no contract', async ({ page, request }) => {
  test.setTimeout(120_000);
  const buyer = await clientAtStep(request, 'BUYER', 6, 'Pia Failread');
  await brokerUploads(request, buyer.listing.id, 'PURCHASE_CONTRACT', 'Purchase contract.pdf', { buyerId: buyer.id });
  await signInAs(page, buyer.email, PASSWORD, '/buyer');
  let failing = true;
  await page.route('**/api/buyer/current-listing', (route) =>
    failing
      ? route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ message: 'Something went wrong' }) })
      : route.continue());
  await page.goto('/buyer/purchase-contract');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: 'Purchase Contract' })).toBeVisible({ timeout: 20_000 });
  // After the query's retries (about 3 s): no download button that would answer "No Purchase Contract available for download".
  await expect(main.getByText('Failed to load data')).toBeVisible({ timeout: 20_000 });
  await expect(main.getByRole('button', { name: 'Download Purchase Contract' })).toHaveCount(0);
  failing = false;
  await main.getByRole('button', { name: 'Retry' }).click();
  await expect(main.getByRole('button', { name: 'Download Purchase Contract' })).toBeVisible({ timeout: 15_000 });
  await expect(main.getByText('Failed to load data')).toHaveCount(0);
});
