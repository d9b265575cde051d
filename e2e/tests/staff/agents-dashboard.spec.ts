import { test, expect } from '@playwright/test';
import type { AdminUserResponse } from '@brokerage/contracts/admin';
import type { StaffDashboardResponse } from '@brokerage/contracts/dashboards';
import type { ListingResponse } from '@brokerage/contracts/listings';
import type { AgentsWithStatsResponse } from '@brokerage/contracts/staff-views';
import { api, openStaff, seedListing, signInFast, statCard, unique } from './staff-helpers';

// Broker dashboard and Agents Overview (spec part 3 §2, §8; deviation 5: real stats only).

test.describe('broker dashboard and Agents Overview', () => {
  test.beforeEach(async ({ page }) => {
    await signInFast(page, 'BROKER');
  });

  test('the dashboard shows the five cards with the server\'s figures', async ({ page, request }) => {
    const { stats } = await api<StaffDashboardResponse>(request, 'GET', '/broker/dashboard');
    await openStaff(page, '/broker', 'Broker Dashboard');
    const card = (label: string) => statCard(page, 'Brokerage at a glance', label);
    await expect(card('Total Active Listings')).toHaveText(String(stats.totalActiveListings));
    await expect(card('Total under contract')).toHaveText(String(stats.totalUnderContract));
    await expect(card('New Listings This Month')).toHaveText(String(stats.newListingsThisMonth));
    await expect(card('Non Disclosure agreement')).toHaveText(String(stats.totalNDA));
    await expect(card('Total Closed Deals (YTD)')).toHaveText(String(stats.totalClosedDeals));
  });

  test('agents with their stats and totals as sums; delete with confirm returns the agent\'s listing to the broker', async ({ page, request }) => {
    const name = unique('Drew Agent');
    const { user: agent } = await api<AdminUserResponse>(request, 'POST', '/admin/users', {
      email: `${name.replace(/\s+/g, '.').toLowerCase()}@example.com`, password: 'agent-pass-1', name, role: 'AGENT',
    });
    const { user: seller } = await api<AdminUserResponse>(request, 'POST', '/admin/users', {
      email: `seller.of.${name.replace(/\s+/g, '.').toLowerCase()}@example.com`, password: 'seller-pass-1', name: `Seller of ${name}`,
      role: 'SELLER', managerId: agent.id,
    });
    const listing = await seedListing(request, {
      title: unique('Florist'), description: 'Florist.', price: 90000, status: 'UNDER_CONTRACT', sellerId: seller.id,
    });
    expect(listing.agent?.id).toBe(agent.id);

    const { agents } = await api<AgentsWithStatsResponse>(request, 'GET', '/broker/agents-with-stats');
    const sum = (k: 'numberOfListings' | 'numberUnderContract' | 'closingsToDate') => agents.reduce((n, a) => n + a.stats[k], 0);
    await openStaff(page, '/broker/agents', 'Agents Overview');
    const total = (label: string) => statCard(page, 'Totals over all agents', label);
    await expect(total('Agents')).toHaveText(String(agents.length));
    await expect(total('Total Listings')).toHaveText(String(sum('numberOfListings')));
    await expect(total('Total Under Contract')).toHaveText(String(sum('numberUnderContract')));
    await expect(total('Total Closings to Date')).toHaveText(String(sum('closingsToDate')));

    const row = page.getByRole('table', { name: 'Agents' }).getByRole('row').filter({ hasText: name });
    await expect(row.getByRole('cell')).toHaveText([name, agent.email, '—', '1', '1', '0', /Delete/]);
    await row.getByRole('button', { name: `Delete ${name}` }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete agent' });
    await expect(dialog).toContainText('This cannot be undone.');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(row).toHaveCount(1);
    await row.getByRole('button', { name: `Delete ${name}` }).click();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(row).toHaveCount(0);
    await expect
      .poll(async () => (await api<ListingResponse>(request, 'GET', `/broker/listings/${listing.id}`)).listing.agent, { timeout: 15_000 })
      .toBeNull();
  });

  test('deleting an agent someone else already deleted says "Failed to delete agent: Agent not found"', async ({ page, request }) => {
    const name = unique('Gone Agent');
    const { user } = await api<AdminUserResponse>(request, 'POST', '/admin/users', {
      email: `${name.replace(/\s+/g, '.').toLowerCase()}@example.com`, password: 'agent-pass-1', name, role: 'AGENT',
    });
    await openStaff(page, '/broker/agents', 'Agents Overview');
    const row = page.getByRole('table', { name: 'Agents' }).getByRole('row').filter({ hasText: name });
    await expect(row).toHaveCount(1);
    await api(request, 'DELETE', `/broker/agent/${user.id}`);
    await row.getByRole('button', { name: `Delete ${name}` }).click();
    await page.getByRole('alertdialog', { name: 'Delete agent' }).getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Failed to delete agent: Agent not found', { exact: true })).toBeVisible();
  });
});
