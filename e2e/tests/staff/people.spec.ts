import { test, expect, type APIRequestContext, type Page } from '@playwright/test';
import type { AdminUserResponse } from '@brokerage/contracts/admin';
import { api, brokerListings, openStaff, seedListing, signInFast, unique } from './staff-helpers';

// Sellers Management (spec part 3 §2, §8) against the real stack: what crosses services only — a seller deleted from
// the screen takes their listings with them (identity's user.deleted reaches listings through the queue). The screens'
// states, search, archive/reactivate, the warnings and failure texts and the listing links are component tests
// (mfe-staff/test/people.spec.tsx, documents.spec.tsx, screens.spec.tsx); the server's rules are
// services/identity/test/people.spec.ts (archive blocks sign-in, delete, 404 for one already deleted) and
// services/listings/test/user-events.spec.ts (a deleted seller's listings go).

const personItem = (page: Page, kind: string, name: string) =>
  page.getByRole('list', { name: kind }).getByRole('listitem').filter({ has: page.getByRole('heading', { name, exact: true }) });

async function newSeller(request: APIRequestContext) {
  const name = unique('Sid Seller');
  const email = `${name.replace(/\s+/g, '.').toLowerCase()}@example.com`;
  const { user } = await api<AdminUserResponse>(request, 'POST', '/admin/users', { email, password: 'person-pass-1', name, role: 'SELLER' });
  return user;
}

test.describe('broker Sellers Management', () => {
  test('deleting a seller (after the warning) removes them and, through the queue, their listings', async ({ page, request }) => {
    await signInFast(page, 'BROKER');
    const seller = await newSeller(request);
    const listing = await seedListing(request, { title: unique('Nail Salon'), description: 'Salon.', price: 60000, sellerId: seller.id });
    await openStaff(page, '/broker/sellers', 'Sellers Management');
    await page.getByRole('searchbox', { name: 'Search by name or email' }).fill(seller.email);
    await personItem(page, 'Sellers Management', seller.name).getByRole('button', { name: `Delete ${seller.name}` }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete seller' });
    await expect(dialog).toContainText('All of their listings will be deleted too. This cannot be undone.');
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(personItem(page, 'Sellers Management', seller.name)).toHaveCount(0);
    // The cascade runs through a durable event: the listing disappears shortly after.
    await expect.poll(async () => (await brokerListings(request)).some((l) => l.id === listing.id), { timeout: 15_000 }).toBe(false);
  });
});
