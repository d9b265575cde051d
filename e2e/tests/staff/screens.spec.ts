import { test, expect, type Page } from '@playwright/test';
import type { DemoRole } from '../../support/session';
import { expectNoHorizontalOverflow, expectNoSeriousViolations } from '../../support/portal';
import { brokerListings, openStaff, signInFast } from './staff-helpers';

// Every staff screen at 1280 and 375 px: rendered, fits the width, axe 0 serious/critical. Screenshots are written
// to test-results/staff-screens/ for a person to look at. Each screen is loaded once and checked at both widths (the
// layout follows the viewport: the sidebar becomes a drawer at 900 px or less).

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

const WIDTHS = [1280, 375] as const;
const viewport = (width: number) => ({ width, height: width === 375 ? 812 : 800 });

/** At each width: fits, a screenshot for a person to look at, axe 0 serious/critical; back at 1280 px after. */
async function checkWidths(page: Page, what: string, shot: string) {
  for (const width of WIDTHS) {
    await page.setViewportSize(viewport(width));
    await expectNoHorizontalOverflow(page, `${what} at ${width}px`);
    await page.screenshot({ path: `../test-results/staff-screens/${shot}-${width}.png`, fullPage: width === 1280 });
    await expectNoSeriousViolations(page, `${what} at ${width}px`);
  }
  await page.setViewportSize(viewport(1280));
}

// One signed-in page per role visits all its screens (through the sidebar, as a user moves, once the app is loaded)
// and checks each at both widths: the sign-in and the app's first load are paid once per role, not per screen.
for (const role of ['BROKER', 'AGENT'] as const) {
  test(`${role.toLowerCase()} screens render, fit 1280 and 375 px and have no serious axe violation`, async ({ page }) => {
    const screens = SCREENS.filter((s) => s.role === role);
    test.setTimeout(30_000 + screens.length * 20_000);
    await page.setViewportSize(viewport(1280));
    await signInFast(page, role);
    for (const [i, s] of screens.entries()) {
      const route = s.route as string;
      await test.step(route, async () => {
        const link = page.locator('aside.bb-sidebar').locator(`a[href="${route}"]`);
        if (i > 0 && (await link.count()) === 1) {
          await link.click();
          await expect(page.getByRole('heading', { level: 1, name: s.heading })).toBeVisible({ timeout: 20_000 });
        } else {
          await openStaff(page, route, s.heading);
        }
        await s.ready?.(page);
        await checkWidths(page, route, route.slice(1).replace(/\//g, '-'));
      });
    }
  });
}

test('open forms (listing, private seller, user) and the seller progress placeholder at 1280 and 375 px', async ({ page, request }) => {
  // Three screens, each at two widths with axe; the last screen is now the full progress view (checklist, panels).
  test.setTimeout(90_000);
  await page.setViewportSize(viewport(1280));
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
  await checkWidths(page, 'listing form', 'broker-listing-form');

  await openStaff(page, '/broker/admin', 'Admin Portal - User Management');
  await page.getByRole('button', { name: 'Create User' }).click();
  await page.getByLabel('Show password column').check();
  await checkWidths(page, 'user form', 'broker-user-form');

  const listing = (await brokerListings(request)).find((l) => l.seller)!;
  await openStaff(page, `/broker/sellers/${listing.seller!.id}/${listing.id}`, listing.title);
  await expect(page.getByText(listing.seller!.name)).toBeVisible();
  for (const width of WIDTHS) {
    await page.setViewportSize(viewport(width));
    await expectNoSeriousViolations(page, `seller listing placeholder at ${width}px`);
  }
});
