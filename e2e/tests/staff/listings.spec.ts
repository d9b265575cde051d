import { test, expect, type Page } from '@playwright/test';
import type { ContactsResponse } from '@brokerage/contracts/people';
import { DEMO_IDS } from '@brokerage/contracts/demo-roster';
import { api, brokerListings, openAddListingForm, openStaff, signInFast, unique } from './staff-helpers';

// Broker's Listings Overview (spec part 3 §2, §4, §5, §8) against the real stack: the journey of a new listing from the
// form to the table and the listings service. The screen's states and the form's rules (price typing, "(Assigned)"
// agent, Private Seller's Validation Error, empty price 0, archive/reactivate and the archived section, "Please wait
// for data to load.", an archived buyer kept on edit, edit) are component tests (mfe-staff/test/listings.spec.tsx,
// listing-form-draft.spec.tsx, screens.spec.tsx); the server's are services/listings/test/broker-listings.spec.ts
// (manager as agent, exact price, private seller, PUT, archive remembers the status, paging, the agent's scope).

const listingsTable = (page: Page) => page.getByRole('table', { name: 'Listings', exact: true });
test.describe('broker Listings Overview', () => {
  test('the broker creates a listing for a seller with a buyer; the seller\'s agent is set as "(Assigned)"', async ({ page, request }) => {
    await signInFast(page, 'BROKER');
    const [grace, jordan] = await Promise.all([
      api<ContactsResponse>(request, 'GET', '/users/by-role?role=SELLER').then((r) => r.users.find((u) => u.id === DEMO_IDS.sellers[0])!),
      api<ContactsResponse>(request, 'GET', '/users/by-role?role=BUYER').then((r) => r.users.find((u) => u.id === DEMO_IDS.buyers[0])!),
    ]);
    const manager = grace.manager!;
    expect(manager?.name, 'the demo seller Grace Whitfield has an assigned agent').toBeTruthy();
    const title = unique('Bakery on Main');
    await openStaff(page, '/broker/listings', 'Listings Overview');
    const form = await openAddListingForm(page);
    await form.getByLabel(/^Title/).fill(title);
    await form.getByLabel(/^Description/).fill('Neighbourhood bakery with 20 years of loyal customers.');
    await form.getByLabel(/^Price/).fill('1234.56');
    await form.getByLabel(/^Seller/).selectOption(grace.id);
    await expect(form.getByLabel('Agent')).toHaveValue(`${manager.name} (Assigned)`);
    await form.getByLabel(`${jordan.name} (${jordan.email})`).check();
    await form.getByRole('button', { name: 'Add Listing' }).click();

    await expect(page.getByText('Listing created successfully')).toBeVisible();
    const row = listingsTable(page).getByRole('row').filter({ hasText: title });
    await expect(row).toContainText('$1,234.56');
    await expect(row).toContainText(manager.name);
    await expect(row).toContainText(jordan.name);
    const saved = (await brokerListings(request)).find((l) => l.title === title);
    expect(saved).toMatchObject({ price: 1234.56, status: 'ACTIVE', seller: { id: grace.id }, agent: { id: manager.id }, buyers: [{ id: jordan.id }] });
  });
});
