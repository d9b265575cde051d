import { test, expect } from '@playwright/test';
import { DEMO_IDS } from '@brokerage/contracts/demo-roster';
import { DEMO } from '../../support/session';
import type { ListingsResponse } from '@brokerage/contracts/listings';
import type { StaffDashboardResponse } from '@brokerage/contracts/dashboards';
import type { BuyersResponse, SellersResponse } from '@brokerage/contracts/staff-views';
import { api, brokerListings, openStaff, seedListing, signInFast, statCard, startingWith, unique } from './staff-helpers';

// The agent's views (spec part 3 §2 Agent shell): only what is assigned to them, compared with the broker's view.

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

  test('My Assigned Sellers: one card per assigned seller with their listings; a listing opens its progress route', async ({ page, request }) => {
    const sellers = (await api<SellersResponse>(request, 'GET', '/agent/sellers', undefined, DEMO.AGENT.email)).sellers;
    const brokerSellers = (await api<SellersResponse>(request, 'GET', '/broker/sellers')).sellers;
    expect(sellers.length).toBeGreaterThan(0);
    expect(sellers.length).toBeLessThan(brokerSellers.length);
    await openStaff(page, '/agent/sellers', 'My Assigned Sellers');
    const cards = page.getByRole('list', { name: 'My Assigned Sellers' }).locator(':scope > li');
    await expect(cards).toHaveCount(sellers.length);
    for (const s of brokerSellers) {
      const heading = page.getByRole('heading', { level: 2, name: s.name, exact: true });
      if (sellers.some((m) => m.id === s.id)) await expect(heading).toBeVisible();
      else await expect(heading).toHaveCount(0);
    }
    const withListing = sellers.find((s) => s.listings.length > 0)!;
    const card = cards.filter({ has: page.getByRole('heading', { name: withListing.name, exact: true }) });
    const n = withListing.listings.length;
    await expect(card).toContainText(`${n} ${n === 1 ? 'listing' : 'listings'}`);
    await card.getByRole('link', { name: startingWith(withListing.listings[0].title) }).click();
    await expect(page).toHaveURL(new RegExp(`/agent/sellers/${withListing.id}/${withListing.listings[0].id}$`));
    await expect(page.getByRole('heading', { level: 1, name: withListing.listings[0].title })).toBeVisible();
  });

  test('My Assigned Buyers: buyers of the agent\'s listings only, with their interested listings', async ({ page, request }) => {
    const buyers = (await api<BuyersResponse>(request, 'GET', '/agent/buyers', undefined, DEMO.AGENT.email)).buyers;
    const brokerBuyers = (await api<BuyersResponse>(request, 'GET', '/broker/buyers')).buyers;
    await openStaff(page, '/agent/buyers', 'My Assigned Buyers');
    const cards = page.getByRole('list', { name: 'My Assigned Buyers' }).locator(':scope > li');
    await expect(cards).toHaveCount(buyers.length);
    for (const b of brokerBuyers) {
      const heading = page.getByRole('heading', { level: 2, name: b.name, exact: true });
      if (buyers.some((m) => m.id === b.id)) await expect(heading).toBeVisible();
      else await expect(heading).toHaveCount(0);
    }
    const withListing = buyers.find((b) => b.buyingListings.length > 0)!;
    const card = cards.filter({ has: page.getByRole('heading', { name: withListing.name, exact: true }) });
    await expect(card).toContainText(`${withListing.buyingListings.length} interested`);
    await card.getByRole('link', { name: startingWith(withListing.buyingListings[0].title) }).click();
    await expect(page).toHaveURL(new RegExp(`/agent/buyers/${withListing.id}/${withListing.buyingListings[0].id}$`));
  });

  test('the agent dashboard shows the five cards with the agent\'s scoped figures', async ({ page, request }) => {
    const { stats } = await api<StaffDashboardResponse>(request, 'GET', '/agent/dashboard', undefined, DEMO.AGENT.email);
    await openStaff(page, '/agent', 'Agent Dashboard');
    const card = (label: string) => statCard(page, 'Your assigned listings at a glance', label);
    await expect(card('Total Active Listings')).toHaveText(String(stats.totalActiveListings));
    await expect(card('Total under contract')).toHaveText(String(stats.totalUnderContract));
    await expect(card('New Listings This Month')).toHaveText(String(stats.newListingsThisMonth));
    await expect(card('Non Disclosure agreement')).toHaveText(String(stats.totalNDA));
    await expect(card('Total Closed Deals (YTD)')).toHaveText(String(stats.totalClosedDeals));
  });

  test('the agent area has no agents or admin page', async ({ page }) => {
    await page.goto('/agent/admin');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible({ timeout: 20_000 });
    await page.goto('/agent/agents');
    await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible({ timeout: 20_000 });
  });
});
