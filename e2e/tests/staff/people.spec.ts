import { test, expect, type APIRequestContext, type Page } from '@playwright/test';
import type { AdminUserResponse, AdminUsersResponse } from '@brokerage/contracts/admin';
import { DEMO_IDS } from '@brokerage/contracts/demo-roster';
import { api, apiSession, brokerListings, openStaff, seedListing, signInFast, startingWith, unique } from './staff-helpers';

// Sellers Management and Buyers Management (spec part 3 §2, §8) against the real stack.

const personItem = (page: Page, kind: string, name: string) =>
  page.getByRole('list', { name: kind }).getByRole('listitem').filter({ has: page.getByRole('heading', { name, exact: true }) });

const pdf = (text: string) => Buffer.from(`%PDF-1.4\n% ${text}\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n`);

async function newPerson(request: APIRequestContext, role: 'SELLER' | 'BUYER') {
  const name = unique(role === 'SELLER' ? 'Sid Seller' : 'Bea Buyer');
  const email = `${name.replace(/\s+/g, '.').toLowerCase()}@example.com`;
  const { user } = await api<AdminUserResponse>(request, 'POST', '/admin/users', { email, password: 'person-pass-1', name, role });
  return user;
}

test.describe('broker Sellers and Buyers Management', () => {
  test.beforeEach(async ({ page }) => {
    await signInFast(page, 'BROKER');
  });

  test('search by name or e-mail; a seller row expands to their listings, which open the progress screen', async ({ page, request }) => {
    const seller = await newPerson(request, 'SELLER');
    const title = unique('Laundromat');
    const listing = await seedListing(request, { title, description: 'Coin laundry.', price: 150000, sellerId: seller.id });
    await openStaff(page, '/broker/sellers', 'Sellers Management');
    const search = page.getByRole('searchbox', { name: 'Search by name or email' });
    await search.fill(seller.email.toUpperCase());
    const list = page.getByRole('list', { name: 'Sellers Management' });
    await expect(list.getByRole('listitem').filter({ has: page.getByRole('heading') })).toHaveCount(1);
    await search.fill(seller.name.split(' ').slice(1).join(' '));
    const item = personItem(page, 'Sellers Management', seller.name);
    await expect(item).toContainText('Active');
    await item.getByRole('button', { name: /Show listings \(1\)/ }).click();
    await item.getByRole('link', { name: startingWith(title) }).click();
    await expect(page).toHaveURL(new RegExp(`/broker/sellers/${seller.id}/${listing.id}$`));
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByText(seller.name)).toBeVisible();
    await page.getByRole('link', { name: 'Back to Seller List' }).click();
    await expect(page).toHaveURL(/\/broker\/sellers$/);
  });

  test('archive and reactivate a seller (Active green / Inactive red)', async ({ page, request }) => {
    const seller = await newPerson(request, 'SELLER');
    await openStaff(page, '/broker/sellers', 'Sellers Management');
    await page.getByRole('searchbox', { name: 'Search by name or email' }).fill(seller.email);
    const item = personItem(page, 'Sellers Management', seller.name);
    await item.getByRole('button', { name: `Archive ${seller.name}` }).click();
    await expect(item.getByText('Inactive', { exact: true })).toBeVisible();
    await expect(item.getByRole('button', { name: `Archive ${seller.name}` })).toHaveCount(0);
    // An archived seller cannot sign in.
    const login = await request.post('/api/auth/login', { data: { email: seller.email, password: 'person-pass-1' } });
    expect(login.status()).toBeGreaterThanOrEqual(400);
    await item.getByRole('button', { name: `Reactivate ${seller.name}` }).click();
    await expect(item.getByText('Active', { exact: true })).toBeVisible();
    await expect(item.getByRole('button', { name: `Delete ${seller.name}` })).toBeVisible();
  });

  test('deleting a seller warns that all their listings are deleted too; the seller and listings are gone', async ({ page, request }) => {
    const seller = await newPerson(request, 'SELLER');
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

  test('buyers: search, archive, delete with confirm; a buyer\'s listing opens /broker/buyers/{buyerId}/{listingId}', async ({ page, request }) => {
    const buyer = await newPerson(request, 'BUYER');
    const title = unique('Coffee Cart');
    const listing = await seedListing(request, {
      title, description: 'Coffee cart.', price: 30000, sellerId: DEMO_IDS.sellers[3], buyerIds: [buyer.id],
    });
    await openStaff(page, '/broker/buyers', 'Buyers Management');
    await page.getByRole('searchbox', { name: 'Search by name or email' }).fill(buyer.name);
    const item = personItem(page, 'Buyers Management', buyer.name);
    await item.getByRole('button', { name: /Show interested listings \(1\)/ }).click();
    await item.getByRole('link', { name: startingWith(title) }).click();
    await expect(page).toHaveURL(new RegExp(`/broker/buyers/${buyer.id}/${listing.id}$`));
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByText(buyer.name)).toBeVisible();
    await page.getByRole('link', { name: 'Back to Buyer List' }).click();

    await page.getByRole('searchbox', { name: 'Search by name or email' }).fill(buyer.email);
    await item.getByRole('button', { name: `Archive ${buyer.name}` }).click();
    await expect(item.getByText('Inactive', { exact: true })).toBeVisible();
    await item.getByRole('button', { name: `Delete ${buyer.name}` }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete buyer' });
    await expect(dialog).toContainText('This cannot be undone.');
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(item).toHaveCount(0);
    const users = (await api<AdminUsersResponse>(request, 'GET', '/admin/users')).users;
    expect(users.some((u) => u.id === buyer.id)).toBe(false);
  });

  test('deleting a seller someone else already deleted says "Failed to delete seller: Seller not found"', async ({ page, request }) => {
    const seller = await newPerson(request, 'SELLER');
    await openStaff(page, '/broker/sellers', 'Sellers Management');
    await page.getByRole('searchbox', { name: 'Search by name or email' }).fill(seller.email);
    const item = personItem(page, 'Sellers Management', seller.name);
    await expect(item).toBeVisible();
    await api(request, 'DELETE', `/broker/sellers/${seller.id}`);
    await item.getByRole('button', { name: `Delete ${seller.name}` }).click();
    await page.getByRole('alertdialog', { name: 'Delete seller' }).getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Failed to delete seller: Seller not found', { exact: true })).toBeVisible();
  });

  test('a seller row\'s listing documents: staff uploads have Delete, the seller\'s own upload is listed apart without it', async ({ page, request }) => {
    const seller = await newPerson(request, 'SELLER');
    const title = unique('Dry Cleaner');
    const listing = await seedListing(request, { title, description: 'Dry cleaner.', price: 120000, sellerId: seller.id });
    const upload = async (who: 'seller' | 'broker', fileName: string, headers: Record<string, string>) => {
      const res = await request.post(`/api/${who}/listings/${listing.id}/documents`, {
        headers,
        multipart: { documentType: 'UPLOADED_DOC', file: { name: fileName, mimeType: 'application/pdf', buffer: pdf(who) } },
      });
      expect(res.status(), `${who} upload: ${await res.text()}`).toBeLessThan(300);
    };
    const sellerFile = `${unique('seller-own').replace(/\s+/g, '-')}.pdf`;
    const staffFile = `${unique('staff-doc').replace(/\s+/g, '-')}.pdf`;
    await upload('seller', sellerFile, (await apiSession(request, seller.email, 'person-pass-1')).headers);
    await upload('broker', staffFile, (await apiSession(request, 'broker@example.com')).headers);

    await openStaff(page, '/broker/sellers', 'Sellers Management');
    await page.getByRole('searchbox', { name: 'Search by name or email' }).fill(seller.email);
    const item = personItem(page, 'Sellers Management', seller.name);
    await item.getByRole('button', { name: /Show listings \(1\)/ }).click();
    await item.getByRole('button', { name: `Documents of ${title}` }).click();
    // Spec part 3 §5: the broker's listing document upload accepts .pdf, .doc, .docx with the hint "up to 10MB", for every type.
    await item.getByLabel('Document type').selectOption({ label: 'Other Document' });
    await expect(item.getByRole('group', { name: `Upload a document for ${title}` })).toContainText('Accepted: .pdf, .doc, .docx · up to 10MB');
    // The documents service lets only the uploader delete a client's upload: no Delete button that always fails.
    const own = item.getByRole('list', { name: `Client uploads of ${title}` }).getByRole('listitem').filter({ hasText: sellerFile });
    await expect(own).toContainText(`by ${seller.name} (SELLER)`);
    await expect(own.getByRole('button', { name: `Delete ${sellerFile}` })).toHaveCount(0);
    const staff = item.getByRole('list', { name: `Documents of ${title}` }).getByRole('listitem');
    await expect(staff).toHaveCount(1);
    await expect(staff.getByRole('button', { name: `Delete ${staffFile}` })).toBeVisible();
  });
});
