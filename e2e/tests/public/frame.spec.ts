import { test, expect, type Page } from '@playwright/test';
import { PUBLIC_PAGES, callbackButton, gotoPublic, looksUnderlined, mainMenu } from '../../support/public';

// Spec part 1 §2 "Shared frame on public pages".
const PHONE = /\(\d{3}\)\s?\d{3}-\d{4}/;
const TOP_ITEMS = ['HOME', 'ABOUT', 'SELLING', 'BUYING', 'BLOG', 'CONTACT'];

/** A menu entry: a link (HOME…) or a dropdown button (SELLING, BUYING). */
function menuItem(page: Page, label: string) {
  return mainMenu(page).getByRole(['SELLING', 'BUYING'].includes(label) ? 'button' : 'link', { name: label, exact: true });
}

async function expectFrame(page: Page, route: string) {
  const phoneLink = page.locator('a[href^="tel:"]').first();
  await expect(phoneLink, `${route}: top bar phone`).toBeVisible();
  await expect(phoneLink).toHaveText(PHONE);
  const phone = (await phoneLink.innerText()).match(PHONE)![0];
  await expect(page.getByRole('link', { name: 'Registration', exact: true }).first(), `${route}: top bar Registration`).toHaveAttribute('href', '/registration');
  await expect(page.getByRole('link', { name: 'NDA', exact: true }).first(), `${route}: top bar NDA`).toHaveAttribute('href', /^\/(buying\/)?nda$/);
  const footer = page.getByRole('contentinfo');
  await expect(footer, `${route}: footer street address`).toContainText(/\d+ [A-Z][\w.' ]* (Street|St\.?|Avenue|Ave\.?|Boulevard|Blvd\.?|Road|Rd\.?|Way|Drive|Dr\.?)\b/);
  await expect(footer, `${route}: footer phone`).toContainText(phone);
  await expect(callbackButton(page), `${route}: floating Request a Call Back`).toBeVisible();
}

test.describe('shared frame (desktop)', () => {
  test('every public page has the top bar, the menu, the footer and the floating Request a Call Back button', async ({ page }) => {
    test.setTimeout(90_000);
    for (const route of PUBLIC_PAGES) {
      await gotoPublic(page, route);
      await expectFrame(page, route);
      for (const label of TOP_ITEMS) await expect(menuItem(page, label), `${route}: menu ${label}`).toBeVisible();
      await expect(mainMenu(page).getByRole('link', { name: 'Login', exact: true }), `${route}: Login`).toBeVisible();
    }
  });

  test('top bar links, dropdown contents and menu targets', async ({ page }) => {
    await gotoPublic(page, '/');
    await page.getByRole('link', { name: 'Registration', exact: true }).first().click();
    await expect(page).toHaveURL(/\/registration$/);
    await page.getByRole('link', { name: 'NDA', exact: true }).first().click();
    await expect(page).toHaveURL(/\/(buying\/)?nda$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(/non-?disclosure/i);

    const targets: Array<[string, RegExp]> = [['ABOUT', /\/about$/], ['BLOG', /\/blog$/], ['CONTACT', /\/contact$/], ['HOME', /\/$/]];
    for (const [label, url] of targets) {
      await menuItem(page, label).click();
      await expect(page, `menu ${label}`).toHaveURL(url);
    }
    await mainMenu(page).getByRole('link', { name: 'Login', exact: true }).click();
    await expect(page).toHaveURL(/\/login$/);

    // SELLING: Your Business, FAQs. BUYING: Buy a Business, FAQs, Non Disclosure Agreement.
    const dropdowns: Array<[string, Array<[string, RegExp]>]> = [
      ['SELLING', [['Your Business', /\/selling\/your-business$/], ['FAQs', /\/selling\/faqs$/]]],
      ['BUYING', [['Buy a Business', /\/buying\/business$/], ['FAQs', /\/buying\/faqs$/], ['Non Disclosure Agreement', /\/buying\/nda$/]]],
    ];
    for (const [label, children] of dropdowns) {
      for (const [child, url] of children) {
        await menuItem(page, label).hover();
        const link = mainMenu(page).getByRole('link', { name: child, exact: true });
        await expect(link, `${label} › ${child}`).toBeVisible();
        await link.click();
        await expect(page, `${label} › ${child}`).toHaveURL(url);
        await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible();
      }
      await menuItem(page, label).hover();
      const shown = mainMenu(page).getByRole('list').filter({ has: page.getByRole('link', { name: children[0][0], exact: true }) }).last();
      await expect(shown.getByRole('link')).toHaveText(children.map(([c]) => c));
      await page.mouse.move(5, 700);
    }
  });

  test('the active menu item is underlined by path prefix', async ({ page }) => {
    const cases: Array<[string, string]> = [
      ['/', 'HOME'], ['/about', 'ABOUT'], ['/selling/your-business', 'SELLING'], ['/selling/faqs', 'SELLING'],
      ['/buying/faqs', 'BUYING'], ['/buying/nda', 'BUYING'], ['/blog', 'BLOG'], ['/contact', 'CONTACT'],
    ];
    for (const [route, active] of cases) {
      await gotoPublic(page, route);
      await page.mouse.move(5, 700);
      for (const label of TOP_ITEMS) {
        const item = menuItem(page, label);
        const marked = await item.evaluate((el) =>
          el.getAttribute('aria-current') === 'page' || /(^|\s|-)(is-)?active(\s|$)/.test(el.className));
        const underlined = await looksUnderlined(item);
        if (label === active) {
          expect(marked, `${route}: ${label} should be marked active (aria-current="page" or an active class)`).toBe(true);
          expect(underlined, `${route}: ${label} should be drawn underlined`).toBe(true);
        } else {
          expect(marked, `${route}: ${label} should not be marked active`).toBe(false);
          expect(underlined, `${route}: ${label} should not be underlined`).toBe(false);
        }
      }
    }
  });

  test('dropdowns open on hover, stay open briefly after the pointer leaves, then close; and work by keyboard', async ({ page }) => {
    // A fake clock makes the 150 ms close delay exact, whatever the machine's load.
    await page.clock.install();
    await gotoPublic(page, '/');
    const selling = menuItem(page, 'SELLING');
    const yourBusiness = mainMenu(page).getByRole('link', { name: 'Your Business', exact: true });
    await expect(yourBusiness).toBeHidden();
    await selling.hover();
    await expect(yourBusiness).toBeVisible();
    await expect(selling).toHaveAttribute('aria-expanded', 'true');

    // Pointer leaves: still open 140 ms later, closed once 150 ms have passed.
    await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1000));
    await page.mouse.move(5, 700);
    await page.clock.runFor(140);
    await expect(yourBusiness, 'the dropdown stays open for 150 ms after the pointer leaves').toBeVisible();
    await page.clock.runFor(20);
    await expect(yourBusiness).toBeHidden();

    // Coming back within the delay keeps it open.
    await selling.hover();
    await expect(yourBusiness).toBeVisible();
    await page.mouse.move(5, 700);
    await page.clock.runFor(100);
    await selling.hover();
    await page.clock.runFor(400);
    await expect(yourBusiness, 're-entering before the delay keeps the dropdown open').toBeVisible();
    await page.mouse.move(5, 700);
    await page.clock.runFor(200);
    await expect(yourBusiness).toBeHidden();
    await page.clock.resume();

    // Keyboard: Enter opens BUYING, Escape closes it, a focused item is followed with Enter.
    const buying = menuItem(page, 'BUYING');
    const buyFaqs = mainMenu(page).getByRole('link', { name: 'FAQs', exact: true });
    await buying.focus();
    await page.keyboard.press('Enter');
    await expect(buying).toHaveAttribute('aria-expanded', 'true');
    await expect(mainMenu(page).getByRole('link', { name: 'Buy a Business', exact: true })).toBeVisible();
    await expect(mainMenu(page).getByRole('link', { name: 'Non Disclosure Agreement', exact: true })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(mainMenu(page).getByRole('link', { name: 'Buy a Business', exact: true })).toBeHidden();
    await buying.focus();
    await page.keyboard.press('Enter');
    await expect(buyFaqs).toBeVisible();
    // opening by key puts the focus on the first item (next animation frame): only then move it, or it is taken back
    await expect(mainMenu(page).getByRole('link', { name: 'Buy a Business', exact: true })).toBeFocused();
    await buyFaqs.focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/buying\/faqs$/);
  });
});

test.describe('shared frame (mobile 375 px)', () => {
  test.use({ viewport: { width: 375, height: 740 }, hasTouch: true });

  test('the menu is collapsed behind a toggle that opens it; the frame and the call-back button remain', async ({ page }) => {
    await gotoPublic(page, '/about');
    const toggle = mainMenu(page).getByRole('button', { name: /menu/i });
    await expect(toggle).toBeVisible();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    for (const label of TOP_ITEMS) await expect(menuItem(page, label), `collapsed: ${label}`).toBeHidden();
    await expect(mainMenu(page).getByRole('link', { name: 'Login', exact: true })).toBeHidden();
    await expectFrame(page, '/about (mobile)');


    await toggle.click();
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    for (const label of TOP_ITEMS) await expect(menuItem(page, label), `opened: ${label}`).toBeVisible();
    await expect(mainMenu(page).getByRole('link', { name: 'Login', exact: true })).toBeVisible();

    // A dropdown opens by tap inside the mobile menu; following a link navigates and collapses the menu.
    await menuItem(page, 'BUYING').tap();
    const nda = mainMenu(page).getByRole('link', { name: 'Non Disclosure Agreement', exact: true });
    await expect(nda).toBeVisible();
    // The next page's script arrives late (a slow connection): the address changes at once, the page when it lands.
    await page.route('**/*.js', async (route) => { await new Promise((r) => setTimeout(r, 1500)); await route.continue(); });
    await nda.tap();
    await expect(page).toHaveURL(/\/buying\/nda$/);
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await expect(menuItem(page, 'HOME')).toBeHidden();

    // The toggle opens the menu again, even before the page has landed, and the landing does not close it.
    await toggle.click();
    await expect(page.getByRole('heading', { name: 'Buyer Non-Disclosure Agreement' })).toBeVisible();
    await page.unroute('**/*.js');
    await expect(menuItem(page, 'CONTACT')).toBeVisible();
    await toggle.click();
    await expect(menuItem(page, 'CONTACT')).toBeHidden();

    await callbackButton(page).tap();
    const modal = page.getByRole('dialog', { name: 'Request a Call Back' });
    await expect(modal).toBeVisible();
    const box = await modal.boundingBox();
    expect(box!.x, 'the call-back modal fits the phone screen').toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width, 'the call-back modal fits the phone screen').toBeLessThanOrEqual(375 + 1);
    await expect(modal.getByRole('button', { name: 'SEND US A MESSAGE', exact: true })).toBeInViewport();
  });

  test('every public page fits the phone width and keeps the frame and the call-back button', async ({ page }) => {
    test.setTimeout(90_000);
    const tooWide: string[] = [];
    for (const route of PUBLIC_PAGES) {
      await gotoPublic(page, route);
      await expectFrame(page, `${route} (mobile)`);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      if (overflow > 1) tooWide.push(`${route} scrolls sideways by ${overflow}px at 375px`);
    }
    expect(tooWide, 'pages wider than the phone screen').toEqual([]);
  });
});
