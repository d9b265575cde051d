import { test, expect, type Page } from '@playwright/test';
import { gotoPublic } from '../../support/public';

// Spec part 1 §1 (marketing copy), §2 (Home, About, FAQs, Contact, Blog, static pages, redirects), §9 (counts).

function main(page: Page) {
  return page.getByRole('main');
}

test('home: hero, GET STARTED and ABOUT US, three cards to /registration, firm facts', async ({ page }) => {
  await gotoPublic(page, '/');
  await expect(main(page).getByRole('heading', { level: 1 })).toHaveText(/selling your business is our business/i);
  await expect(main(page)).toContainText('18+');
  await expect(main(page)).toContainText(/18\+ years/i);
  await expect(main(page)).toContainText(/six weeks/i);

  const getStarted = main(page).getByRole('link', { name: 'GET STARTED', exact: true });
  const aboutUs = main(page).getByRole('link', { name: 'ABOUT US', exact: true });
  await expect(getStarted).toHaveAttribute('href', '/registration');
  await expect(aboutUs).toHaveAttribute('href', '/about');

  for (const title of ['Sell a Business', 'Buy a Business', 'Business Sales Process']) {
    const card = main(page).locator('article, li, div').filter({ has: page.getByRole('heading', { name: title, exact: true }) }).last();
    await expect(card, `card ${title}`).toBeVisible();
    const links = card.getByRole('link');
    await expect(links.first(), `card ${title} links to /registration`).toHaveAttribute('href', '/registration');
  }
  const cardLink = main(page).locator('article, li, div')
    .filter({ has: page.getByRole('heading', { name: 'Business Sales Process', exact: true }) }).last().getByRole('link').first();
  await cardLink.click();
  await expect(page).toHaveURL(/\/registration$/);

  await gotoPublic(page, '/');
  await main(page).getByRole('link', { name: 'GET STARTED', exact: true }).click();
  await expect(page).toHaveURL(/\/registration$/);
  await gotoPublic(page, '/');
  await main(page).getByRole('link', { name: 'ABOUT US', exact: true }).click();
  await expect(page).toHaveURL(/\/about$/);
});

test('about: firm story beside a team of three (two brokers, one software developer) with detail dialogs', async ({ page }) => {
  await gotoPublic(page, '/about');
  const story = main(page).getByRole('heading', { name: /story/i }).first();
  const teamHeading = main(page).getByRole('heading', { name: /team/i }).first();
  await expect(story).toBeVisible();
  await expect(teamHeading).toBeVisible();
  const [a, b] = [await story.boundingBox(), await teamHeading.boundingBox()];
  expect(Math.abs(a!.x - b!.x), 'story and team are in two columns at desktop width').toBeGreaterThan(100);

  const members = main(page).getByRole('listitem').filter({ has: page.locator('a[href^="mailto:"]') });
  await expect(members).toHaveCount(3);
  const positions: string[] = [];
  for (let i = 0; i < 3; i++) {
    const m = members.nth(i);
    await expect(m.locator('img'), `member ${i + 1} image`).toBeVisible();
    expect(await m.locator('img').evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0), `member ${i + 1} image loads`).toBe(true);
    await expect(m.getByRole('heading'), `member ${i + 1} name`).toHaveText(/\w+ \w+/);
    await expect(m.locator('a[href^="mailto:"]'), `member ${i + 1} e-mail`).toHaveText(/@/);
    await expect(m.locator('a[href^="tel:"]'), `member ${i + 1} phone`).toHaveText(/\d{3}.*\d{4}/);
    const text = await m.innerText();
    expect(text.length, `member ${i + 1} short bio`).toBeGreaterThan(120);
    positions.push(text);
  }
  expect(positions.filter((t) => /\bbroker\b/i.test(t)), 'two brokers').toHaveLength(2);
  expect(positions.filter((t) => /software developer/i.test(t)), 'one software developer').toHaveLength(1);

  for (let i = 0; i < 3; i++) {
    const m = members.nth(i);
    const name = (await m.getByRole('heading').innerText()).trim();
    const email = (await m.locator('a[href^="mailto:"]').innerText()).trim();
    await m.getByRole('button', { name }).or(m.getByRole('link', { name })).first().click();
    const dialog = page.getByRole('dialog', { name });
    await expect(dialog, `dialog for ${name}`).toBeVisible();
    await expect(dialog).toContainText(email);
    await expect(dialog.locator('a[href^="tel:"]')).toBeVisible();
    await expect(dialog.locator('img')).toBeVisible();
    for (const part of ['Education', 'Credentials', 'Specialties', 'Experience']) {
      await expect(dialog.getByText(part, { exact: true }), `${name}: ${part}`).toBeVisible();
    }
    // Credentials and specialties are lists.
    expect(await dialog.getByRole('list').count(), `${name}: credentials and specialties lists`).toBeGreaterThanOrEqual(2);
    expect((await dialog.innerText()).length, `${name}: description`).toBeGreaterThan(400);
    if (i === 0) await page.keyboard.press('Escape');
    else await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog, `dialog for ${name} closes`).toBeHidden();
  }
});

test('selling and buying pages: text and an image; /selling and /buying redirect', async ({ page }) => {
  await page.goto('/selling');
  await expect(page).toHaveURL(/\/selling\/your-business$/);
  await expect(main(page).getByRole('heading', { level: 1 })).toHaveText(/sell/i);
  await expect(main(page).locator('img').first()).toBeVisible();
  expect((await main(page).innerText()).length, 'selling page text').toBeGreaterThan(800);
  await expect(main(page), 'sellers are told to call the broker').toContainText(/call the broker/i);

  await page.goto('/buying');
  await expect(page).toHaveURL(/\/buying\/business$/);
  await expect(main(page).getByRole('heading', { level: 1 })).toHaveText(/buy/i);
  await expect(main(page).locator('img').first()).toBeVisible();
  expect((await main(page).innerText()).length, 'buying page text').toBeGreaterThan(800);
  const images = main(page).locator('img');
  const loaded = await images.first().evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0);
  expect(loaded, 'the buying image loads').toBe(true);
});

async function expectAccordion(page: Page, route: string, count: number) {
  await gotoPublic(page, route);
  const items = main(page).locator('details');
  await expect(items, `${route}: ${count} accordion items`).toHaveCount(count);
  const answer = (i: number) => items.nth(i).locator(':scope > :not(summary)').first();
  for (let i = 0; i < count; i++) await expect(answer(i), `${route}: item ${i + 1} starts closed`).toBeHidden();
  await items.nth(0).locator('summary').click();
  await items.nth(1).locator('summary').click();
  await expect(answer(0), 'first item open').toBeVisible();
  await expect(answer(1), 'second item open at the same time').toBeVisible();
  await items.nth(0).locator('summary').click();
  await expect(answer(0), 'first item closes again').toBeHidden();
  await expect(answer(1)).toBeVisible();
  // Open all: every answer visible together.
  for (let i = 0; i < count; i++) if (!(await answer(i).isVisible())) await items.nth(i).locator('summary').click();
  for (let i = 0; i < count; i++) await expect(answer(i)).toBeVisible();
}

test('seller FAQs: 5 items, several open at once, 5-8 months and 40 percent; buyer FAQs: 8 items', async ({ page }) => {
  await expectAccordion(page, '/selling/faqs', 5);
  await expect(main(page).getByText(/5-8 months/).first()).toBeVisible();
  await expect(main(page).getByText(/40 percent/).first()).toBeVisible();
  await expectAccordion(page, '/buying/faqs', 8);
});

test('contact: five offices, hours, e-mail and phone', async ({ page }) => {
  await gotoPublic(page, '/contact');
  for (const city of ['Sacramento', 'San Francisco', 'San Jose', 'Los Angeles', 'San Diego']) {
    await expect(main(page).getByRole('heading', { name: city, exact: true }), `office ${city}`).toBeVisible();
  }
  const text = (await main(page).innerText()).replace(/\s+/g, ' ');
  expect(text).toMatch(/Mon-Fri:? 9:00 AM-6:00 PM/);
  expect(text).toMatch(/Saturday:? by appointment/i);
  expect(text).toMatch(/Sunday:? closed/i);
  await expect(main(page).locator('a[href^="mailto:"]').first()).toHaveText(/^[^\s@]+@[^\s@]+\.[a-z]+$/);
  await expect(main(page).locator('a[href^="tel:"]').first()).toBeVisible();
  const form = page.getByRole('form', { name: 'Still Have Questions' });
  await expect(form).toBeVisible();
  await expect(form.locator('input:visible, textarea:visible, select:visible'), 'six fields').toHaveCount(6);
});

test('blog: 6 cards with image, title and two lines; a click expands, the others aside, Collapse returns', async ({ page }) => {
  await gotoPublic(page, '/blog');
  const cards = main(page).getByRole('listitem');
  await expect(cards).toHaveCount(6);
  const titles: string[] = [];
  for (let i = 0; i < 6; i++) {
    const card = cards.nth(i);
    const img = card.locator('img');
    await expect(img, `card ${i + 1} image`).toBeVisible();
    expect(await img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0), `card ${i + 1} image loads`).toBe(true);
    const title = (await card.getByRole('heading').innerText()).trim();
    expect(title.length).toBeGreaterThan(10);
    titles.push(title);
    const excerpt = card.locator('p').first();
    const lines = await excerpt.evaluate((el) => {
      const s = getComputedStyle(el);
      const lh = parseFloat(s.lineHeight) || parseFloat(s.fontSize) * 1.2;
      return { shown: el.getBoundingClientRect().height / lh, truncated: el.scrollHeight > el.clientHeight + 1 };
    });
    expect(lines.shown, `card ${i + 1}: two lines shown`).toBeGreaterThan(1.5);
    expect(lines.shown, `card ${i + 1}: two lines shown`).toBeLessThan(2.5);
    expect(lines.truncated, `card ${i + 1}: the excerpt is cut after two lines`).toBe(true);
  }

  await cards.nth(2).getByRole('heading').click();
  const post = main(page).getByRole('article');
  await expect(post.getByRole('heading', { name: titles[2] })).toBeVisible();
  expect((await post.innerText()).length, 'the expanded post shows its whole content').toBeGreaterThan(600);
  const aside = main(page).getByRole('complementary');
  await expect(aside).toBeVisible();
  for (const [i, t] of titles.entries()) {
    if (i === 2) await expect(aside.getByText(t, { exact: true })).toHaveCount(0);
    else await expect(aside.getByText(t, { exact: true }), `side list has "${t}"`).toBeVisible();
  }
  // Another post from the side list replaces it.
  await aside.getByText(titles[4], { exact: true }).click();
  await expect(post.getByRole('heading', { name: titles[4] })).toBeVisible();
  await expect(aside.getByText(titles[2], { exact: true })).toBeVisible();

  await main(page).getByRole('button', { name: 'Collapse' }).click();
  await expect(main(page).getByRole('complementary')).toHaveCount(0);
  await expect(main(page).getByRole('listitem')).toHaveCount(6);
});

test('/buying/nda and /nda show the same NDA screen with 7 numbered clauses', async ({ page }) => {
  const snapshot = async (route: string) => {
    await gotoPublic(page, route);
    await expect(main(page).getByRole('combobox').first()).toBeVisible();
    return {
      h1: await main(page).getByRole('heading', { level: 1 }).innerText(),
      clauses: await main(page).locator('ol > li').allInnerTexts(),
      labels: await main(page).locator('label').allInnerTexts(),
    };
  };
  const a = await snapshot('/buying/nda');
  const b = await snapshot('/nda');
  expect(b).toEqual(a);
  expect(a.clauses).toHaveLength(7);
  const terms = a.clauses.join('\n');
  expect(terms).toMatch(/confidential/i);
  expect(terms).toMatch(/contact[^.]*seller[^.]*(except|only)[^.]*through|not contact the seller/i);
  expect(terms).toMatch(/not (been )?verified/i);
  expect(terms).toMatch(/tax/i);
  expect(terms).toMatch(/legal/i);
  expect(terms).toMatch(/credit/i);
  expect(terms).toMatch(/exclusively/i);
  // Numbered: an ordered list shows 1.–7.
  expect(await main(page).locator('ol').first().evaluate((ol) => getComputedStyle(ol).listStyleType)).toBe('decimal');
});
