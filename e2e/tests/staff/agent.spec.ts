import { test, expect } from '@playwright/test';
import { DEMO_IDS } from '@brokerage/contracts/demo-roster';
import { DEMO } from '../../support/session';
import type { ListingsResponse } from '@brokerage/contracts/listings';
import { api, brokerListings, openStaff, seedListing, signInFast, unique } from './staff-helpers';

// The agent's views (spec part 3 §2 Agent shell) across roles: only what is assigned to them, compared with the
// broker's view of the same data. The agent's screens (assigned sellers/buyers cards and links, the dashboard's cards,
// no agents or admin page) are component tests (mfe-staff/test/people.spec.tsx, listings.spec.tsx, dashboard.spec.tsx,
// agents.spec.tsx); the scoping itself is services/listings/test/dashboards-people.spec.ts's (the agent's cards,
// sellers and buyers) and broker-listings.spec.ts's (the agent sees only assigned listings).

test.describe('agent sees only assigned listings, sellers and buyers', () => {
  test.beforeEach(async ({ page }) => {
    await signInFast(page, 'AGENT');
  });

  test('My Assigned Listings: Title, Description, Price, Status, Seller, Buyers; only the agent\'s listings', async ({ page, request }) => {
    // Two listings that are not Avery Agent's: one of another agent's seller, one with no agent (the broker's).
    const notMine = [
      await seedListing(request, { title: unique('Other Agent Deli'), description: 'Deli.', price: 1, sellerId: DEMO_IDS.sellers[1] }),
      await seedListing(request, { title: unique('Broker Only Gym'), description: 'Gym.', price: 1, sellerId: DEMO_IDS.sellers[5] }),
    ];
    const all = await brokerListings(request);
    const mine = (await api<ListingsResponse>(request, 'GET', '/agent/listings?pageSize=500', undefined, DEMO.AGENT.email)).listings;
    expect(mine.length, 'the demo data assigns listings to Avery Agent').toBeGreaterThan(0);
    for (const l of mine) expect(all.find((b) => b.id === l.id)?.agent?.id, l.title).toBe(DEMO_IDS.agent);
    const others = all.filter((l) => l.agent?.id !== DEMO_IDS.agent);
    for (const l of notMine) expect(others.map((o) => o.id)).toContain(l.id);

    await openStaff(page, '/agent/listings', 'My Assigned Listings');
    const table = page.getByRole('table', { name: 'Listings assigned to you' });
    for (const h of ['Title', 'Description', 'Price', 'Status', 'Seller', 'Buyers'])
      await expect(table.getByRole('columnheader', { name: h, exact: true })).toBeVisible();
    await expect(table.getByRole('row')).toHaveCount(mine.length + 1);
    for (const l of mine) await expect(table).toContainText(l.title);
    for (const l of others) await expect(table.getByText(l.title, { exact: true })).toHaveCount(0);
  });
});
