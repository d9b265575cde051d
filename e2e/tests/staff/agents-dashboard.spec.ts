import { test, expect } from '@playwright/test';
import type { AdminUserResponse } from '@brokerage/contracts/admin';
import type { ListingResponse } from '@brokerage/contracts/listings';
import { api, openStaff, seedListing, signInFast, unique } from './staff-helpers';

// Agents Overview (spec part 3 §2, §8; deviation 5: real stats only) against the real stack: an agent's real counts
// and their deletion reaching listings (identity's user.deleted: the agent's listing returns to the broker). The
// screen's states, the totals as sums, the confirm's Cancel and the failure text are component tests
// (mfe-staff/test/agents.spec.tsx; the dashboards' cards dashboard.spec.tsx); the counts are
// services/listings/test/dashboards-people.spec.ts's, the fall-back services/identity/test/people.spec.ts's and
// services/listings/test/user-events.spec.ts's.

test.describe('broker Agents Overview', () => {
  test.beforeEach(async ({ page }) => {
    await signInFast(page, 'BROKER');
  });

  test('an agent\'s row shows their real counts; deleting them (after the confirm) returns their listing to the broker', async ({ page, request }) => {
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

    await openStaff(page, '/broker/agents', 'Agents Overview');
    const row = page.getByRole('table', { name: 'Agents' }).getByRole('row').filter({ hasText: name });
    await expect(row.getByRole('cell')).toHaveText([name, agent.email, '—', '1', '1', '0', /Delete/]);
    await row.getByRole('button', { name: `Delete ${name}` }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete agent' });
    await expect(dialog).toContainText('This cannot be undone.');
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(row).toHaveCount(0);
    await expect
      .poll(async () => (await api<ListingResponse>(request, 'GET', `/broker/listings/${listing.id}`)).listing.agent, { timeout: 15_000 })
      .toBeNull();
  });
});
