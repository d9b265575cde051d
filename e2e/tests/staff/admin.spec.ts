import { test, expect, type Page } from '@playwright/test';
import { gotoPublic } from '../../support/public';
import { sidebar } from '../../support/session';
import { openStaff, signInFast, unique } from './staff-helpers';

// Admin Portal - User Management (spec part 3 §2, §5, §8; deviation 3) against the real stack: the journey across
// roles only (the broker creates an agent, who signs in). The screen's states and rules are component tests
// (mfe-staff/test/admin-portal.spec.tsx, admin.spec.tsx, screens.spec.tsx), the server's are identity's
// (services/identity/test/admin.spec.ts: create/sign-in, required fields, default role, "Set new password", archive).

const usersTable = (page: Page) => page.getByRole('table', { name: 'Users' });
const userRow = (page: Page, email: string) => usersTable(page).getByRole('row').filter({ hasText: email });
const emailFor = (tag: string) => `${unique(tag).replace(/\s+/g, '-').toLowerCase()}@example.com`;

test.describe('broker Admin Portal', () => {
  test('the broker creates an agent, who signs in and lands on /agent', async ({ page, browser }) => {
    const email = emailFor('agent');
    const name = unique('Casey Agent');
    await signInFast(page, 'BROKER');
    await openStaff(page, '/broker/admin', 'Admin Portal - User Management');
    await page.getByRole('button', { name: 'Create User' }).click();
    const form = page.getByRole('region', { name: 'Create User' });
    await form.getByLabel(/^Email/).fill(email);
    await form.getByLabel(/^Password/).fill('agent-pass-1');
    await form.getByLabel('Name').fill(name);
    await form.getByLabel('Role').selectOption('AGENT');
    await form.getByRole('button', { name: 'Create User' }).click();
    await expect(page.getByText('User created successfully')).toBeVisible();
    await expect(userRow(page, email)).toContainText('AGENT');
    await expect(userRow(page, email)).toContainText('Active');

    const agentPage = await (await browser.newContext()).newPage();
    await gotoPublic(agentPage, '/login'); // typed after hydration: see LoginPage's pre-hydration note
    await agentPage.getByLabel('Email').fill(email);
    await agentPage.getByLabel('Password').fill('agent-pass-1');
    await agentPage.getByRole('button', { name: 'Sign In' }).click();
    await expect(agentPage).toHaveURL(/\/agent$/);
    await expect(agentPage.getByRole('heading', { level: 1, name: 'Agent Dashboard' })).toBeVisible();
    await expect(sidebar(agentPage)).toContainText(name);
    await agentPage.context().close();
  });
});
