import { test, expect, type Page } from '@playwright/test';
import type { DemoRole } from '../../support/session';
import { expectNoHorizontalOverflow, expectNoSeriousViolations } from '../../support/portal';
import { openAddListingForm, openStaff, signInFast } from './staff-helpers';

// Every staff screen at 1280 and 375 px (the listing and user forms open over their lists): rendered, fits both
// widths, axe 0 serious/critical. With E2E_SCREENSHOTS=1 screenshots are written to test-results/staff-screens/ for a
// person to look at. Each screen is loaded once and checked at both widths (the
// layout follows the viewport: the sidebar becomes a drawer at 900 px or less). axe reads each screen once, at 375 px
// (the narrow layout, where wrapping and the drawer's controls differ), and the frame at 1280 px once per role (the
// sidebar): the screen's own DOM, names and colours are the same at both widths, and each axe run costs seconds.
// The screens' states and texts are component tests (mfe-staff/test/*.spec.tsx); the progress view's widths and axe
// are checked in tests/staff/progress.spec.ts.

/** The listing form open with its Validation Error box (Private Seller without name or e-mail). */
async function openListingForm(page: Page) {
  const form = await openAddListingForm(page);
  await form.getByLabel('Private Seller').check();
  await form.getByRole('button', { name: 'Add Listing' }).click();
  await expect(form.getByText('Validation Error')).toBeVisible();
}
/** The user form open and the password column shown. */
async function openUserForm(page: Page) {
  await page.getByRole('button', { name: 'Create User' }).click();
  await expect(page.getByRole('region', { name: 'Create User' })).toBeVisible();
  await page.getByLabel('Show password column').check();
}

// `open`: what is opened on the screen before its checks (a form over the list: the checks read both).
const SCREENS: Array<{ role: DemoRole; route: string; heading: string | RegExp; ready?: (p: Page) => Promise<void>; open?: (p: Page) => Promise<void> }> = [
  { role: 'BROKER', route: '/broker', heading: 'Broker Dashboard', ready: (p) => expect(p.getByText('Total Active Listings')).toBeVisible() },
  { role: 'BROKER', route: '/broker/agents', heading: 'Agents Overview', ready: (p) => expect(p.getByRole('table')).toBeVisible() },
  { role: 'BROKER', route: '/broker/listings', heading: 'Listings Overview', ready: (p) => expect(p.getByRole('table').first()).toBeVisible(), open: openListingForm },
  { role: 'BROKER', route: '/broker/sellers', heading: 'Sellers Management', ready: (p) => expect(p.getByRole('list', { name: 'Sellers Management' })).toBeVisible() },
  { role: 'BROKER', route: '/broker/buyers', heading: 'Buyers Management', ready: (p) => expect(p.getByRole('list', { name: 'Buyers Management' })).toBeVisible() },
  { role: 'BROKER', route: '/broker/admin', heading: 'Admin Portal - User Management', ready: (p) => expect(p.getByRole('table')).toBeVisible(), open: openUserForm },
  { role: 'AGENT', route: '/agent', heading: 'Agent Dashboard', ready: (p) => expect(p.getByText('Total Active Listings')).toBeVisible() },
  { role: 'AGENT', route: '/agent/listings', heading: 'My Assigned Listings', ready: (p) => expect(p.getByRole('table')).toBeVisible() },
  { role: 'AGENT', route: '/agent/sellers', heading: 'My Assigned Sellers', ready: (p) => expect(p.getByRole('list', { name: 'My Assigned Sellers' })).toBeVisible() },
  { role: 'AGENT', route: '/agent/buyers', heading: 'My Assigned Buyers', ready: (p) => expect(p.getByRole('list', { name: 'My Assigned Buyers' })).toBeVisible() },
];

const WIDTHS = [1280, 375] as const;
const viewport = (width: number) => ({ width, height: width === 375 ? 812 : 800 });

/** Screenshots for a person to look at: E2E_SCREENSHOTS=1 (each costs a second or more on a loaded CI machine). */
const SCREENSHOTS = process.env.E2E_SCREENSHOTS === '1';

/** At each width: fits (and a screenshot when asked); axe 0 serious/critical at 375 px (and at 1280 px when
 * `wideAxe`: the frame with its sidebar); back at 1280 px after. */
async function checkWidths(page: Page, what: string, shot: string, wideAxe = false) {
  for (const width of WIDTHS) {
    await page.setViewportSize(viewport(width));
    await expectNoHorizontalOverflow(page, `${what} at ${width}px`);
    if (SCREENSHOTS) await page.screenshot({ path: `../test-results/staff-screens/${shot}-${width}.png` });
    if (width === 375 || wideAxe) await expectNoSeriousViolations(page, `${what} at ${width}px`);
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
      const route = s.route;
      await test.step(route, async () => {
        const link = page.locator('aside.bb-sidebar').locator(`a[href="${route}"]`);
        if (i > 0 && (await link.count()) === 1) {
          await link.click();
          await expect(page.getByRole('heading', { level: 1, name: s.heading })).toBeVisible({ timeout: 20_000 });
        } else {
          await openStaff(page, route, s.heading);
        }
        await s.ready?.(page);
        await s.open?.(page);
        await checkWidths(page, route, route.slice(1).replace(/\//g, '-'), i === 0);
      });
    }
  });
}
