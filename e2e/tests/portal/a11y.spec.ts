import { test, expect, type Locator, type Page } from '@playwright/test';
import { DEMO_IDS } from '@brokerage/contracts/demo-roster';
import type { DemoRole } from '../../support/session';
import { sidebar } from '../../support/session';
import { expectNoHorizontalOverflow, keepScreenshot, sidebarStep } from '../../support/portal';
import { expectAxeClean } from '../steps/helpers';
import { api, signInFast, type ListingDto } from '../staff/staff-helpers';

// axe on every portal screen of every role (issue 19: no serious or critical finding at 1280 and 375 px), one test per
// role (each screen loaded once, checked at both widths), signed in through the API; plus the sidebar steps' contrast
// in every state (axe reads no :hover). axe runs through steps/helpers' expectAxeClean: injected once per document
// (the screens are reached by client-side navigation) and asked for violations only.
// The staff list screens (dashboards, agents, listings, sellers, buyers, admin with its forms) are in
// tests/staff/screens.spec.ts, the first-run homes in home-and-steps.spec.ts; this file holds every other screen.

const CLIENT_SCREENS = {
  SELLER: [
    '/seller', '/seller/messages', '/seller/listing-agreement', '/seller/questionnaire', '/seller/financials', '/seller/buyer-activity',
    '/seller/purchase-agreement', '/seller/due-diligence', '/seller/pre-close-checklist', '/seller/closing-docs', '/seller/after-sale',
  ],
  BUYER: [
    '/buyer', '/buyer/messages', '/buyer/non-disclosure', '/buyer/financial-statement', '/buyer/cbr-cim', '/buyer/upload-docs',
    '/buyer/purchase-contract', '/buyer/due-diligence', '/buyer/pre-close-checklist', '/buyer/closing-docs', '/buyer/after-sale',
  ],
} as const;

/** The staff screens of one listing and its clients (progress views, activity) and the staff Messages. */
async function staffScreens(page: Page, role: 'BROKER' | 'AGENT'): Promise<string[]> {
  const area = role === 'BROKER' ? 'broker' : 'agent';
  const { listings } = await api<{ listings: ListingDto[] }>(
    page.request, 'GET', `/${area}/listings?pageSize=500`, undefined, role === 'BROKER' ? undefined : 'agent@example.com',
  );
  // the demo seller's listing with the demo buyer (seeded), else any listing with a seller and a buyer
  const listing =
    listings.find((l) => l.seller?.id === DEMO_IDS.seller && l.buyers.some((b) => b.id === DEMO_IDS.buyer)) ??
    listings.find((l) => l.seller && l.buyers.length > 0);
  expect(listing, `a ${area} listing with a seller and a buyer`).toBeTruthy();
  return [
    `/${area}/messages`,
    `/${area}/sellers/${listing!.seller!.id}/${listing!.id}`,
    `/${area}/buyers/${listing!.buyers[0]!.id}/${listing!.id}`,
    ...(role === 'BROKER' ? [`/broker/listings/${listing!.id}/activity`] : []),
  ];
}

/** The screen is drawn: its heading, no spinner left in the page (axe leaves the toasts out: nothing waits for them). */
async function ready(page: Page, route: string) {
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1 }).first(), `${route}: heading`).toBeVisible({ timeout: 20_000 });
  await expect(main.locator('.bb-spinner'), `${route}: still loading`).toHaveCount(0, { timeout: 20_000 });
}

const WIDTHS = [1280, 375] as const;
const viewport = (width: number) => ({ width, height: width === 375 ? 812 : 800 });

/**
 * Opens each route (the first with a page load, the next ones through the sidebar link to them when there is one: a
 * client-side navigation, as a user moves, and much faster than loading the app again), then at 1280 and at 375 px
 * (the viewport resized: the layout follows it, the sidebar becoming a drawer) width, axe and (with PORTAL_SCREENS=1)
 * a full-page screenshot under test-results/portal-screens/.
 */
async function checkScreens(page: Page, who: string, routes: readonly string[]) {
  for (const [i, route] of routes.entries()) {
    await page.setViewportSize(viewport(1280));
    const link = sidebar(page).locator(`a[href="${route}"]`);
    if (i > 0 && (await link.count()) === 1) await link.click();
    else await page.goto(route);
    await expect(page).toHaveURL(new RegExp(`${route}$`));
    await ready(page, route);
    for (const width of WIDTHS) {
      await page.setViewportSize(viewport(width));
      await expectNoHorizontalOverflow(page, `${route} at ${width}px`);
      await expectAxeClean(page, `${route} at ${width}px`);
      if (process.env.PORTAL_SCREENS) await keepScreenshot(page, `${who}${route.replace(/\//g, '_')}-${width}`);
    }
  }
}

/** Contrast of a sidebar step's label on what is behind it (the link's own translucent background over the sidebar). */
function labelContrast(link: Locator): Promise<number> {
  return link.evaluate((el) => {
    const rgba = (c: string) => (c.match(/[\d.]+/g) ?? []).map(Number);
    const [sr, sg, sb] = rgba(getComputedStyle(el.closest('.bb-sidebar')!).backgroundColor);
    const [r, g, b, a = 1] = rgba(getComputedStyle(el).backgroundColor);
    const bg = [r!, g!, b!].map((c, i) => c * a + [sr!, sg!, sb!][i]! * (1 - a));
    const fg = rgba(getComputedStyle(el.querySelector('.bb-step__label')!).color);
    const lum = (rgb: number[]) =>
      rgb.map((c) => (c /= 255) <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4).reduce((s, c, i) => s + c * [0.2126, 0.7152, 0.0722][i]!, 0);
    const [hi, lo] = [lum(fg.slice(0, 3)), lum(bg)].sort((x, y) => y - x);
    return (hi! + 0.05) / (lo! + 0.05);
  });
}

// One signed-in page per role: every screen loaded once, checked at both widths.
for (const role of ['SELLER', 'BUYER'] as const) {
  test(`${role.toLowerCase()}: home and every step fit 1280 and 375 px, axe finds nothing serious; the drawer at 375 px`, async ({ page }) => {
    test.setTimeout(30_000 + CLIENT_SCREENS[role].length * 15_000);
    await signInFast(page, role);
    await checkScreens(page, role.toLowerCase(), CLIENT_SCREENS[role]);
    // At 375 px the drawer opens from the menu button and closes on route change.
    await page.setViewportSize(viewport(375));
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.locator('.bb-area')).toHaveAttribute('data-drawer', 'open');
    await expectAxeClean(page, 'open drawer');
    await sidebarStep(page, 2).click();
    await expect(page).toHaveURL(/\/messages$/);
    await expect(page.locator('.bb-area')).toHaveAttribute('data-drawer', 'closed');
    await expect(sidebar(page)).not.toBeInViewport();
  });
}

for (const role of ['BROKER', 'AGENT'] as const satisfies readonly DemoRole[]) {
  test(`${role.toLowerCase()}: messages, a seller's and a buyer's progress, listing activity at 1280 and 375 px`, async ({ page }) => {
    test.setTimeout(120_000);
    await signInFast(page, role);
    await checkScreens(page, role.toLowerCase(), await staffScreens(page, role));
  });
}

test('sidebar steps meet 4.5:1 in every state: normal, hovered, focused, current page; no build id shown', async ({ page }) => {
  await signInFast(page, 'SELLER');
  await page.goto('/seller');
  await ready(page, '/seller');
  const steps = sidebar(page).locator('a.bb-step');
  await expect(steps).toHaveCount(11);
  await expect(sidebar(page)).not.toContainText(/build/i);
  const seen = new Set<string>();
  for (let i = 0; i < 11; i++) {
    const link = steps.nth(i);
    const state = (await link.getAttribute('data-state'))!;
    const current = (await link.getAttribute('aria-current')) === 'page' ? ' (current page)' : '';
    await page.mouse.move(1000, 700);
    expect(await labelContrast(link), `step ${i + 1} ${state}${current}`).toBeGreaterThanOrEqual(4.5);
    await link.hover();
    expect(await labelContrast(link), `step ${i + 1} ${state}${current} hovered`).toBeGreaterThanOrEqual(4.5);
    await link.focus();
    expect(await labelContrast(link), `step ${i + 1} ${state}${current} focused`).toBeGreaterThanOrEqual(4.5);
    seen.add(state + current);
  }
  // the demo seller's journey shows completed (one of them the current page), current and locked steps
  expect([...seen].sort()).toEqual(expect.arrayContaining(['completed', 'completed (current page)', 'current', 'locked']));
});
