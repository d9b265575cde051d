import { test, expect, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { callbackButton, gotoPublic } from '../../support/public';

// Every public page at desktop width: no axe violation of impact serious or critical.
const PAGES = [
  '/', '/about', '/selling/your-business', '/selling/faqs', '/buying/business', '/buying/faqs', '/nda', '/contact',
  '/blog', '/login', '/reset-password', '/registration',
];

async function expectNoSeriousViolations(page: Page, what: string, include?: string) {
  let builder = new AxeBuilder({ page });
  if (include) builder = builder.include(include);
  const { violations } = await builder.analyze();
  const bad = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const report = bad
    .map((v) => `- [${v.impact}] ${v.id}: ${v.help}\n${v.nodes.slice(0, 5).map((n) => `    ${n.target.join(' ')}: ${n.failureSummary?.replace(/\s+/g, ' ')}`).join('\n')}`)
    .join('\n');
  expect(bad, `${what}: axe serious/critical violations\n${report}`).toEqual([]);
}

test.describe('accessibility (axe, desktop)', () => {
  for (const route of PAGES) {
    test(`${route} has no serious or critical violations`, async ({ page }) => {
      await gotoPublic(page, route);
      if (route === '/nda') await expect(page.getByLabel(/listing/i)).toBeEnabled({ timeout: 15_000 });
      await expectNoSeriousViolations(page, route);
    });
  }

  test('open dialogs (call-back form, team member) have no serious or critical violations', async ({ page }) => {
    await gotoPublic(page, '/');
    await callbackButton(page).click();
    await expect(page.getByRole('dialog', { name: 'Request a Call Back' })).toBeVisible();
    await expectNoSeriousViolations(page, 'callback modal', 'dialog[open]');
    await page.keyboard.press('Escape');

    await gotoPublic(page, '/about');
    await page.getByRole('main').getByRole('listitem').first().getByRole('heading').getByRole('button').click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectNoSeriousViolations(page, 'team member dialog', 'dialog[open]');
  });
});
