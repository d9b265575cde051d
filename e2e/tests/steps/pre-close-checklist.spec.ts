import { test, expect, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { apiLogin, brokerSession, uniqueEmail } from '../../support/public';
import { brokerCreatesListing, sidebarStep, signInAs, type SeededListing } from '../../support/portal';
import { PASSWORD } from '../forms/seed';
import { checkDesktopAndPhone } from './helpers';

// Step 9 (id 8), Pre Close Checklist: the seller and the buyer of one listing share the checklist live (each sees the
// other's tick without reload, through the checklists relay and the gateway's /api/events); each marks the step
// complete on the real journey; 1280 and 375 px; axe. The screens' own states moved to component tests:
// mfe-seller/test/steps.spec.tsx "seller Pre Close Checklist toggle (step 9)" (Mark as Complete / Incomplete with their
// alerts and status, Previous/Next; the preview before step 9 without the toggle), mfe-buyer/test/steps.spec.tsx
// "buyer Pre Close Checklist Mark as Complete (step 9)" (the card's texts, "Step is already completed."),
// mfe-buyer/test/screens.spec.tsx "no listing selected" (a buyer without a selected listing), and
// packages/ui/test/checklist.spec.tsx (categories, progress, who ticked, a failed tick).

interface Party { id: string; email: string; name: string }
interface Deal { listing: SeededListing; seller: Party; buyer: Party }

async function createClient(request: APIRequestContext, role: 'SELLER' | 'BUYER', name: string): Promise<Party> {
  const email = uniqueEmail(`preclose-${role.toLowerCase()}`);
  const broker = await brokerSession(request);
  const res = await request.post('/api/admin/users', { data: { email, password: PASSWORD, name, role }, headers: broker.headers });
  expect(res.status(), await res.text()).toBe(201);
  return { id: (await res.json()).user.id as string, email, name };
}

/** A fresh seller and buyer on one new listing, each having selected it, both journeys moved to `step` (8) by the broker. */
async function dealAtPreClose(request: APIRequestContext, tag: string, step = 8): Promise<Deal> {
  const seller = await createClient(request, 'SELLER', `Sela ${tag}`);
  const buyer = await createClient(request, 'BUYER', `Bram ${tag}`);
  const listing = await brokerCreatesListing(request, { sellerId: seller.id, buyerIds: [buyer.id], tag: 'Preclose' });
  const broker = await brokerSession(request);
  for (const [who, area, party] of [['sellers', 'seller', seller], ['buyers', 'buyer', buyer]] as const) {
    const session = await apiLogin(request, party.email, PASSWORD);
    const select = await request.post(`/api/${area}/select-listing`, { data: { listingId: listing.id }, headers: session.headers });
    expect(select.status(), await select.text()).toBe(200);
    for (let s = 1; s < step; s++) {
      const done = await request.post(`/api/broker/${who}/${party.id}/listings/${listing.id}/steps/${s}/complete`, { headers: broker.headers });
      expect(done.status(), await done.text()).toBe(200);
    }
    const progress = await (await request.get(`/api/${area}/progress`, { headers: session.headers })).json();
    expect(progress.currentStep).toBe(step);
  }
  return { listing, seller, buyer };
}

/** A page of its own browser context (own cookies and storage), signed in, on the step; resolves once /api/events is open. */
async function openStep(browser: Browser, who: Party, area: 'seller' | 'buyer'): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  // records the checklist.changed notices this tab's /api/events stream delivers (the app's own EventSource)
  await context.addInitScript(() => {
    const Native = window.EventSource;
    const seen: string[] = [];
    Object.assign(window, { __checklistNotices: seen });
    window.EventSource = class extends Native {
      constructor(url: string | URL, init?: EventSourceInit) {
        super(url, init);
        this.addEventListener('message', (m: MessageEvent<string>) => {
          try {
            const e = JSON.parse(m.data) as { type?: string; itemId?: string };
            if (e.type === 'checklist.changed' && e.itemId) seen.push(e.itemId);
          } catch { /* not JSON */ }
        });
      }
    };
  });
  const page = await context.newPage();
  const live = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/events' && r.status() === 200, { timeout: 30_000 });
  // straight to the step: one load of the app, not the home's first
  await signInAs(page, who.email, PASSWORD, `/${area}/pre-close-checklist`);
  await expect(page.getByRole('heading', { level: 1, name: 'Pre Close Checklist' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('checkbox').first()).toBeVisible({ timeout: 20_000 });
  await live;
  // marks this document: still there after the ticks = no reload happened
  await page.evaluate(() => Object.assign(window, { __sameDocument: true }));
  return page;
}

const noticesOf = (page: Page) => page.evaluate(() => (window as unknown as { __checklistNotices: string[] }).__checklistNotices);
const stillSameDocument = (page: Page) => page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument === true);
const box = (page: Page, column: 'Buyer' | 'Seller', task: string) => page.getByRole('checkbox', { name: `${column}: ${task}`, exact: true });
const checklist = (page: Page) => page.getByRole('region', { name: 'Pre-Close Checklist' });

test('the seller and the buyer of one listing each see the other\'s tick appear without reload; each marks the step complete; 1280 and 375 px, axe', async ({ browser, request }) => {
  test.setTimeout(180_000);
  const deal = await dealAtPreClose(request, 'Live');
  const sellerPage = await openStep(browser, deal.seller, 'seller');
  const buyerPage = await openStep(browser, deal.buyer, 'buyer');
  try {
    for (const page of [sellerPage, buyerPage]) {
      const info = page.getByTestId('closing-info');
      await expect(info).toContainText(deal.listing.title);
      await expect(info.getByText('TBD')).toHaveCount(2);
      await expect(checklist(page).getByText('Overall progress: 0%')).toBeVisible();
    }

    // the seller ticks a seller item: it appears in the buyer's browser
    await box(sellerPage, 'Seller', 'Negotiate mutual agreement').click();
    await expect(box(sellerPage, 'Seller', 'Negotiate mutual agreement')).toBeChecked();
    await expect(box(buyerPage, 'Seller', 'Negotiate mutual agreement')).toBeChecked({ timeout: 15_000 });
    await expect(checklist(buyerPage).getByText('Overall progress: 3%')).toBeVisible();

    // the buyer ticks a buyer item and a broker item (from the buyer column): both appear in the seller's browser
    await box(buyerPage, 'Buyer', 'Buyer provides earnest money').click();
    await expect(box(buyerPage, 'Buyer', 'Buyer provides earnest money')).toBeChecked();
    await box(buyerPage, 'Buyer', 'Broker deposits earnest money').click();
    await expect(box(buyerPage, 'Seller', 'Broker deposits earnest money')).toBeChecked();
    await expect(box(sellerPage, 'Buyer', 'Buyer provides earnest money')).toBeChecked({ timeout: 15_000 });
    await expect(box(sellerPage, 'Seller', 'Broker deposits earnest money')).toBeChecked({ timeout: 15_000 });
    await expect(checklist(sellerPage).getByText('Overall progress: 8%')).toBeVisible(); // 3 of 40 = 7.5 → 8
    await expect(box(sellerPage, 'Buyer', 'Buyer provides earnest money')).toHaveAccessibleDescription(/^Completed by Bram Live on /);

    // the seller unticks their item: it disappears for the buyer too
    await box(sellerPage, 'Seller', 'Negotiate mutual agreement').click();
    await expect(box(buyerPage, 'Seller', 'Negotiate mutual agreement')).not.toBeChecked({ timeout: 15_000 });
    await expect(checklist(buyerPage).getByText('Overall progress: 5%')).toBeVisible();

    // each tick reached both tabs as a live notice on their own /api/events stream
    await expect.poll(() => noticesOf(buyerPage)).toEqual(['A3', 'A4', 'A5', 'A3']);
    await expect.poll(() => noticesOf(sellerPage)).toEqual(['A3', 'A4', 'A5', 'A3']);
    expect(await stillSameDocument(sellerPage)).toBe(true);
    expect(await stillSameDocument(buyerPage)).toBe(true);

    await checkDesktopAndPhone(sellerPage, '/seller/pre-close-checklist', 'steps-seller-pre-close-checklist-375');
    await checkDesktopAndPhone(buyerPage, '/buyer/pre-close-checklist', 'steps-buyer-pre-close-checklist-375');
    // each party's own step, on the real journey (the alerts and the toggle back: the component tests above)
    await sellerPage.getByRole('button', { name: 'Mark as Complete' }).click();
    await expect(sidebarStep(sellerPage, 9)).toHaveAttribute('data-state', 'completed', { timeout: 15_000 });
    await buyerPage.getByRole('region', { name: 'Mark as Complete' }).getByRole('button', { name: 'Mark as Complete' }).click();
    await expect(sidebarStep(buyerPage, 9)).toHaveAttribute('data-state', 'completed', { timeout: 15_000 });
  } finally {
    await sellerPage.context().close();
    await buyerPage.context().close();
  }
});
