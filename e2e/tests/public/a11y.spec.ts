import { test, expect } from '@playwright/test';
import { expectNoSeriousViolations } from '../../support/portal';
import { callbackButton, gotoPublic } from '../../support/public';

// Every public page at desktop width: no axe violation of impact serious or critical.
const PAGES = [
  '/', '/about', '/selling/your-business', '/selling/faqs', '/buying/business', '/buying/faqs', '/nda', '/contact',
  '/blog', '/login', '/reset-password', '/registration',
];

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
    await expectNoSeriousViolations(page, 'callback modal', { include: 'dialog[open]' });
    await page.keyboard.press('Escape');

    await gotoPublic(page, '/about');
    await page.getByRole('main').getByRole('listitem').first().getByRole('heading').getByRole('button').click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectNoSeriousViolations(page, 'team member dialog', { include: 'dialog[open]' });
  });
});
