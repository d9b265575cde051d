import { test, expect, type Page } from '@playwright/test';
import type { DemoRole } from '../../support/session';
import { expectNoHorizontalOverflow, expectNoSeriousViolations } from '../../support/portal';
import { brokerListings, openStaff, signInFast } from './staff-helpers';

// Every staff screen at 1280 and 375 px: rendered, fits the width, axe 0 serious/critical. Screenshots are written
// to test-results/staff-screens/ for a person to look at.

const SCREENS: Array<{ role: DemoRole; route: string | (() => Promise<string>); heading: string | RegExp; ready?: (p: Page) => Promise<void> }> = [
  { role: 'BROKER', route: '/broker', heading: 'Broker Dashboard', ready: (p) => expect(p.getByText('Total Active Listings')).toBeVisible() },
  { role: 'BROKER', route: '/broker/agents', heading: 'Agents Overview', ready: (p) => expect(p.getByRole('table')).toBeVisible() },
  { role: 'BROKER', route: '/broker/listings', heading: 'Listings Overview', ready: (p) => expect(p.getByRole('table').first()).toBeVisible() },
  { role: 'BROKER', route: '/broker/sellers', heading: 'Sellers Management', ready: (p) => expect(p.getByRole('list', { name: 'Sellers Management' })).toBeVisible() },
  { role: 'BROKER', route: '/broker/buyers', heading: 'Buyers Management', ready: (p) => expect(p.getByRole('list', { name: 'Buyers Management' })).toBeVisible() },
  { role: 'BROKER', route: '/broker/admin', heading: 'Admin Portal - User Management', ready: (p) => expect(p.getByRole('table')).toBeVisible() },
  { role: 'AGENT', route: '/agent', heading: 'Agent Dashboard', ready: (p) => expect(p.getByText('Total Active Listings')).toBeVisible() },
  { role: 'AGENT', route: '/agent/listings', heading: 'My Assigned Listings', ready: (p) => expect(p.getByRole('table')).toBeVisible() },
  { role: 'AGENT', route: '/agent/sellers', heading: 'My Assigned Sellers', ready: (p) => expect(p.getByRole('list', { name: 'My Assigned Sellers' })).toBeVisible() },
  { role: 'AGENT', route: '/agent/buyers', heading: 'My Assigned Buyers', ready: (p) => expect(p.getByRole('list', { name: 'My Assigned Buyers' })).toBeVisible() },
];

for (const width of [1280, 375]) {
  test.describe(`staff screens at ${width} px`, () => {
    test.use({ viewport: { width, height: width === 375 ? 812 : 800 } });

    for (const s of SCREENS) {
      test(`${s.route} renders, fits and has no serious axe violation`, async ({ page }) => {
        await signInFast(page, s.role);
        await openStaff(page, s.route as string, s.heading);
        await s.ready?.(page);
        await expectNoHorizontalOverflow(page, s.route as string);
        await page.screenshot({ path: `../test-results/staff-screens/${s.route.toString().slice(1).replace(/\//g, '-')}-${width}.png`, fullPage: width === 1280 });
        await expectNoSeriousViolations(page, `${s.route} at ${width}px`);
      });
    }

    test('open forms (listing, private seller, user) and the seller progress placeholder', async ({ page, request }) => {
      // Three screens and three axe runs; the last screen is now the full progress view (checklist, panels).
      test.setTimeout(60_000);
      await signInFast(page, 'BROKER');
      await openStaff(page, '/broker/listings', 'Listings Overview');
      const form = page.getByRole('region', { name: 'Add Listing' });
      await expect(async () => {
        await page.getByRole('button', { name: 'Add Listing' }).click();
        await expect(form).toBeVisible({ timeout: 1000 });
      }).toPass({ timeout: 20_000 });
      await form.getByLabel('Private Seller').check();
      await form.getByRole('button', { name: 'Add Listing' }).click();
      await expect(form.getByText('Validation Error')).toBeVisible();
      await expectNoHorizontalOverflow(page, 'listing form');
      await page.screenshot({ path: `../test-results/staff-screens/broker-listing-form-${width}.png`, fullPage: width === 1280 });
      await expectNoSeriousViolations(page, `listing form at ${width}px`);

      await openStaff(page, '/broker/admin', 'Admin Portal - User Management');
      await page.getByRole('button', { name: 'Create User' }).click();
      await page.getByLabel('Show password column').check();
      await expectNoHorizontalOverflow(page, 'user form');
      await page.screenshot({ path: `../test-results/staff-screens/broker-user-form-${width}.png`, fullPage: width === 1280 });
      await expectNoSeriousViolations(page, `user form at ${width}px`);

      const listing = (await brokerListings(request)).find((l) => l.seller)!;
      await openStaff(page, `/broker/sellers/${listing.seller!.id}/${listing.id}`, listing.title);
      await expect(page.getByText(listing.seller!.name)).toBeVisible();
      await expectNoSeriousViolations(page, `seller listing placeholder at ${width}px`);
    });
  });
}
