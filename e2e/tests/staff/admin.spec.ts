import { test, expect, type Page } from '@playwright/test';
import type { AdminStatsResponse, AdminUsersResponse } from '@brokerage/contracts/admin';
import { gotoPublic } from '../../support/public';
import { sidebar } from '../../support/session';
import { api, openStaff, statCard, signInFast, unique } from './staff-helpers';

// Admin Portal - User Management (spec part 3 §2, §5, §8; deviation 3) against the real stack.

const usersTable = (page: Page) => page.getByRole('table', { name: 'Users' });
const userRow = (page: Page, email: string) => usersTable(page).getByRole('row').filter({ hasText: email });
const emailFor = (tag: string) => `${unique(tag).replace(/\s+/g, '-').toLowerCase()}@example.com`;

test.describe('broker Admin Portal', () => {
  test('the stat cards show the server\'s figures', async ({ page, request }) => {
    await signInFast(page, 'BROKER');
    await openStaff(page, '/broker/admin', 'Admin Portal - User Management');
    const { stats } = await api<AdminStatsResponse>(request, 'GET', '/admin/stats');
    const card = (label: string) => statCard(page, 'User statistics', label);
    await expect(card('Total Users')).toHaveText(String(stats.totalUsers));
    await expect(card('Active Users')).toHaveText(String(stats.activeUsers));
    await expect(card('Inactive Users')).toHaveText(String(stats.inactiveUsers));
    await expect(card('Agents')).toHaveText(String(stats.roleDistribution.AGENT));
    await expect(card('Buyers')).toHaveText(String(stats.roleDistribution.BUYER));
  });

  test('create form: email and password are required, role defaults to Buyer', async ({ page }) => {
    await signInFast(page, 'BROKER');
    await openStaff(page, '/broker/admin', 'Admin Portal - User Management');
    await page.getByRole('button', { name: 'Create User' }).click();
    const form = page.getByRole('region', { name: 'Create User' });
    await expect(form.getByLabel('Role')).toHaveValue('BUYER');
    await form.getByRole('button', { name: 'Create User' }).click();
    await expect(form.getByText('Email is required')).toBeVisible();
    await expect(form.getByText('Password is required')).toBeVisible();
  });

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

  test('a seller gets an assigned agent; archive and reactivate a user', async ({ page, request }) => {
    const email = emailFor('seller');
    await signInFast(page, 'BROKER');
    await openStaff(page, '/broker/admin', 'Admin Portal - User Management');
    await page.getByRole('button', { name: 'Create User' }).click();
    const form = page.getByRole('region', { name: 'Create User' });
    await expect(form.getByLabel('Assigned agent')).toHaveCount(0);
    await form.getByLabel(/^Email/).fill(email);
    await form.getByLabel(/^Password/).fill('seller-pass-1');
    await form.getByLabel('Role').selectOption('SELLER');
    await form.getByLabel('Assigned agent').selectOption({ label: 'Avery Agent' });
    await form.getByRole('button', { name: 'Create User' }).click();
    const row = userRow(page, email);
    await expect(row).toContainText('Avery Agent');

    await row.getByRole('button', { name: `Archive ${email}` }).click();
    await expect(row).toContainText('Inactive');
    const archived = (await api<AdminUsersResponse>(request, 'GET', '/admin/users')).users.find((u) => u.email === email);
    expect(archived?.isActive).toBe(false);
    await row.getByRole('button', { name: `Reactivate ${email}` }).click();
    await expect(row).toContainText('Active');
    await expect(row).not.toContainText('Inactive');
  });

  test('the password column shows whether and when a password was set, never a password; "Set new password" works', async ({ page, request }) => {
    const email = emailFor('buyer');
    await api(request, 'POST', '/admin/users', { email, password: 'first-pass-1', role: 'BUYER' });
    await signInFast(page, 'BROKER');
    await openStaff(page, '/broker/admin', 'Admin Portal - User Management');
    await expect(usersTable(page).getByRole('columnheader', { name: 'Password' })).toHaveCount(0);
    await page.getByLabel('Show password column').check();
    const row = userRow(page, email);
    await expect(row).toContainText(/Set on \w{3} \d{1,2}, \d{4}/);
    await expect(usersTable(page)).not.toContainText('first-pass-1');

    await row.getByRole('button', { name: `Set new password for ${email}` }).click();
    const form = page.getByRole('region', { name: /^Edit User/ });
    await form.getByLabel('Set new password').fill('second-pass-2');
    await form.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('User updated successfully')).toBeVisible();
    const login = await request.post('/api/auth/login', { data: { email, password: 'second-pass-2' } });
    expect(login.status()).toBe(200);
  });

  test('a failed create shows "Failed to create user. Please try again."', async ({ page }) => {
    await signInFast(page, 'BROKER');
    await openStaff(page, '/broker/admin', 'Admin Portal - User Management');
    await page.getByRole('button', { name: 'Create User' }).click();
    const form = page.getByRole('region', { name: 'Create User' });
    // An e-mail that already exists: the server refuses it (409).
    await form.getByLabel(/^Email/).fill('agent@example.com');
    await form.getByLabel(/^Password/).fill('whatever-1');
    await form.getByRole('button', { name: 'Create User' }).click();
    await expect(page.getByText('Failed to create user. Please try again.')).toBeVisible();
  });
});
