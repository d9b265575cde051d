import { test, expect, type Page } from '@playwright/test';
import type { ContactsResponse } from '@brokerage/contracts/people';
import type { ListingResponse } from '@brokerage/contracts/listings';
import type { AdminUserResponse } from '@brokerage/contracts/admin';
import { DEMO_IDS } from '@brokerage/contracts/demo-roster';
import { api, brokerListings, openStaff, seedListing, signInFast, unique } from './staff-helpers';

// Broker's Listings Overview (spec part 3 §2, §4, §5, §8) against the real stack.

const listingsTable = (page: Page) => page.getByRole('table', { name: 'Listings', exact: true });
const archivedTable = (page: Page) => page.getByRole('table', { name: 'Archived Listings' });
/** Add Listing opens the form once its data has loaded (before that it answers "Please wait for data to load."). */
async function openAddForm(page: Page) {
  const form = page.getByRole('region', { name: 'Add Listing' });
  await expect(async () => {
    await page.getByRole('button', { name: 'Add Listing' }).click();
    await expect(form).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  return form;
}
const rowOf = (page: Page, title: string) => listingsTable(page).getByRole('row').filter({ hasText: title });

test.describe('broker Listings Overview', () => {
  test.beforeEach(async ({ page }) => {
    await signInFast(page, 'BROKER');
  });

  test('the broker creates a listing for a seller with a buyer; the seller\'s agent is set as "(Assigned)"', async ({ page, request }) => {
    const [grace, jordan] = await Promise.all([
      api<ContactsResponse>(request, 'GET', '/users/by-role?role=SELLER').then((r) => r.users.find((u) => u.id === DEMO_IDS.sellers[0])!),
      api<ContactsResponse>(request, 'GET', '/users/by-role?role=BUYER').then((r) => r.users.find((u) => u.id === DEMO_IDS.buyers[0])!),
    ]);
    const manager = grace.manager!;
    expect(manager?.name, 'the demo seller Grace Whitfield has an assigned agent').toBeTruthy();
    const title = unique('Bakery on Main');
    await openStaff(page, '/broker/listings', 'Listings Overview');
    const form = await openAddForm(page);
    await form.getByLabel(/^Title/).fill(title);
    await form.getByLabel(/^Description/).fill('Neighbourhood bakery with 20 years of loyal customers.');
    // Only digits and one decimal point are kept while typing.
    await form.getByLabel(/^Price/).pressSequentially('12a3-4.5.6');
    await expect(form.getByLabel(/^Price/)).toHaveValue('1234.56');
    await expect(form.getByLabel('Status')).toHaveValue('ACTIVE');
    await form.getByLabel(/^Seller/).selectOption(grace.id);
    const agent = form.getByLabel('Agent');
    await expect(agent).toHaveValue(`${manager.name} (Assigned)`);
    await expect(agent).toHaveAttribute('readonly', '');
    await expect(form).toContainText('agent management');
    await form.getByLabel(`${jordan.name} (${jordan.email})`).check();
    await form.getByRole('button', { name: 'Add Listing' }).click();

    await expect(page.getByText('Listing created successfully')).toBeVisible();
    const row = rowOf(page, title);
    await expect(row).toContainText('$1,234.56');
    await expect(row).toContainText(grace.name);
    await expect(row).toContainText(manager.name);
    await expect(row).toContainText(jordan.name);
    await expect(row).toContainText('ACTIVE');

    const saved = (await brokerListings(request)).find((l) => l.title === title);
    expect(saved).toMatchObject({
      price: 1234.56,
      status: 'ACTIVE',
      seller: { id: grace.id },
      agent: { id: manager.id },
      buyers: [{ id: jordan.id }],
    });
  });

  test('an empty price is saved as 0', async ({ page, request }) => {
    const title = unique('Free Listing');
    await openStaff(page, '/broker/listings', 'Listings Overview');
    const form = await openAddForm(page);
    await form.getByLabel(/^Title/).fill(title);
    await form.getByLabel(/^Description/).fill('A listing without a price yet.');
    await form.getByLabel(/^Seller/).selectOption(DEMO_IDS.sellers[5]!);
    await form.getByRole('button', { name: 'Add Listing' }).click();
    await expect(rowOf(page, title)).toContainText('$0.00');
    expect((await brokerListings(request)).find((l) => l.title === title)?.price).toBe(0);
  });

  test('Private Seller: clears seller and agent, shows the Validation Error box with the spec messages', async ({ page, request }) => {
    const title = unique('Private Deli');
    await openStaff(page, '/broker/listings', 'Listings Overview');
    const form = await openAddForm(page);
    await form.getByLabel(/^Title/).fill(title);
    await form.getByLabel(/^Description/).fill('Deli sold by an owner who has not registered yet.');
    await form.getByLabel(/^Price/).fill('99000');
    await form.getByLabel(/^Seller/).selectOption(DEMO_IDS.sellers[0]!);
    await form.getByLabel('Private Seller').check();
    await expect(form.getByLabel(/^Seller$|^Seller\s*\*$/)).toHaveCount(0);
    await expect(form.getByLabel('Agent')).toHaveCount(0);

    await form.getByRole('button', { name: 'Add Listing' }).click();
    const box = form.getByRole('alert').filter({ hasText: 'Validation Error' });
    await expect(box).toContainText('Private seller name is required. Please update this listing once the seller is registered.');
    await expect(box).toContainText('Private seller email is required. Please update this listing once the seller is registered.');

    await form.getByLabel(/^Seller name/).fill('Pat Owner');
    await form.getByLabel(/^Seller email/).fill('pat-at-example');
    await form.getByRole('button', { name: 'Add Listing' }).click();
    await expect(box).toContainText(
      'Please enter a valid email address for the private seller. Please update this listing once the seller is registered.',
    );
    await expect(box).not.toContainText('Private seller name is required.');

    await form.getByLabel(/^Seller email/).fill('pat.owner@example.com');
    await form.getByRole('button', { name: 'Add Listing' }).click();
    await expect(rowOf(page, title)).toContainText('Pat Owner (private)');
    const saved = (await brokerListings(request)).find((l) => l.title === title);
    expect(saved).toMatchObject({ seller: null, agent: null, privateSeller: { name: 'Pat Owner', email: 'pat.owner@example.com' } });
  });

  test('archive moves a listing to the hidden archived section; reactivate restores its status', async ({ page, request }) => {
    const title = unique('Car Wash');
    await seedListing(request, {
      title, description: 'Self-service car wash.', price: '450000', status: 'UNDER_CONTRACT', sellerId: DEMO_IDS.sellers[1],
    });
    await openStaff(page, '/broker/listings', 'Listings Overview');
    const row = rowOf(page, title);
    await expect(row).toContainText('UNDER CONTRACT');
    await row.getByRole('button', { name: `Archive ${title}` }).click();
    await expect(page.getByText('Listing archived successfully')).toBeVisible();
    await expect(rowOf(page, title)).toHaveCount(0);

    const archivedCount = (await brokerListings(request)).filter((l) => l.status === 'INACTIVE').length;
    const toggle = page.getByRole('button', { name: `Show Archived (${archivedCount})` });
    await expect(archivedTable(page)).toHaveCount(0); // hidden by default
    await toggle.click();
    const archivedRow = archivedTable(page).getByRole('row').filter({ hasText: title });
    await expect(archivedRow).toContainText('INACTIVE');
    await expect(page.getByRole('button', { name: `Hide Archived (${archivedCount})` })).toHaveAttribute('aria-expanded', 'true');

    await archivedRow.getByRole('button', { name: `Reactivate ${title}` }).click();
    await expect(page.getByText('Listing reactivated successfully')).toBeVisible();
    await expect(rowOf(page, title)).toContainText('UNDER CONTRACT');
    expect((await brokerListings(request)).find((l) => l.title === title)?.status).toBe('UNDER_CONTRACT');
  });

  test('the form cannot open before its data has loaded: "Please wait for data to load."', async ({ page }) => {
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route('**/api/users/by-role?role=BUYER', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/broker/listings');
    await page.getByRole('button', { name: 'Add Listing' }).click();
    await expect(page.getByText('Please wait for data to load.')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Add Listing' })).toHaveCount(0);
    release();
    await page.getByRole('button', { name: 'Add Listing' }).click();
    await expect(page.getByRole('region', { name: 'Add Listing' })).toBeVisible();
  });

  test('editing a listing keeps its archived buyer (shown "(inactive)") when another buyer is ticked', async ({ page, request }) => {
    const name = unique('Gone Buyer');
    const { user: gone } = await api<AdminUserResponse>(request, 'POST', '/admin/users', {
      email: `${name.replace(/\s+/g, '.').toLowerCase()}@example.com`, password: 'buyer-pass-1', name, role: 'BUYER',
    });
    const title = unique('Tailor Shop');
    const l = await seedListing(request, { title, description: 'Tailor.', price: 70000, sellerId: DEMO_IDS.sellers[2], buyerIds: [gone.id] });
    await api(request, 'PATCH', `/broker/buyers/${gone.id}/archive`);
    const jordan = (await api<ContactsResponse>(request, 'GET', '/users/by-role?role=BUYER')).users.find((u) => u.id === DEMO_IDS.buyers[0])!;
    await openStaff(page, '/broker/listings', 'Listings Overview');
    const form = page.getByRole('region', { name: 'Edit Listing' });
    await expect(async () => {
      await rowOf(page, title).getByRole('button', { name: `Edit ${title}` }).click();
      await expect(form).toBeVisible({ timeout: 1000 });
    }).toPass({ timeout: 20_000 });
    await expect(form.getByLabel(`${name} (inactive)`)).toBeChecked();
    await form.getByLabel(`${jordan.name} (${jordan.email})`).check();
    await form.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Listing updated successfully')).toBeVisible();
    const saved = await api<ListingResponse>(request, 'GET', `/broker/listings/${l.id}`);
    expect(saved.listing.buyers.map((b) => b.id).sort()).toEqual([gone.id, jordan.id].sort());
  });

  test('editing a listing changes it (price, status, buyers)', async ({ page, request }) => {
    const title = unique('Print Shop');
    const l = await seedListing(request, { title, description: 'Print shop.', price: 80000, sellerId: DEMO_IDS.sellers[2] });
    await openStaff(page, '/broker/listings', 'Listings Overview');
    await rowOf(page, title).getByRole('button', { name: `Edit ${title}` }).click();
    const form = page.getByRole('region', { name: 'Edit Listing' });
    await expect(form.getByLabel(/^Price/)).toHaveValue('80000');
    await form.getByLabel(/^Price/).fill('85000.5');
    await form.getByLabel('Status').selectOption('CLOSED');
    await form.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Listing updated successfully')).toBeVisible();
    await expect(rowOf(page, title)).toContainText('$85,000.50');
    await expect(rowOf(page, title)).toContainText('CLOSED');
    const saved = await api<ListingResponse>(request, 'GET', `/broker/listings/${l.id}`);
    expect(saved.listing).toMatchObject({ price: 85000.5, status: 'CLOSED' });
  });
});
