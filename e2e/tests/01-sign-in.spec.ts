import { test, expect } from '@playwright/test';
import { DEMO, DEMO_PASSWORD, gotoLogin, signIn, sidebar } from '../support/session';

const SELLER_STEPS = ['Home', 'Messages', 'Listing Agreement', 'Questionnaire', 'Financials', 'Buyer Activity',
  'Purchase Agreement', 'Due Diligence', 'Pre Close Checklist', 'Closing Docs', 'After The Sale'];
const BUYER_STEPS = ['Select Listing', 'Messages', 'Non Disclosure', 'Financial Statement', 'CBR/CIM', 'Upload Docs',
  'Purchase Contract', 'Due Diligence', 'Pre Close Checklist', 'Closing Docs', 'After The Sale'];

test.describe('sign in lands each role in its own area with its sidebar', () => {
  test('broker: Home, Email, Agents, Listings, Sellers, Buyers, Admin Portal', async ({ page }) => {
    await signIn(page, 'BROKER');
    const nav = sidebar(page).getByRole('navigation');
    for (const label of ['Home', 'Email', 'Agents', 'Listings', 'Sellers', 'Buyers', 'Admin Portal']) {
      await expect(nav.getByRole('link', { name: label, exact: true })).toBeVisible();
    }
    await expect(sidebar(page)).toContainText(DEMO.BROKER.name);
    await expect(sidebar(page)).toContainText(/broker/i);
  });

  test('agent: Home, Email, Listings, Sellers, Buyers and no Agents or Admin Portal', async ({ page }) => {
    await signIn(page, 'AGENT');
    const nav = sidebar(page).getByRole('navigation');
    for (const label of ['Home', 'Email', 'Listings', 'Sellers', 'Buyers']) {
      await expect(nav.getByRole('link', { name: label, exact: true })).toBeVisible();
    }
    await expect(nav.getByRole('link', { name: 'Agents', exact: true })).toHaveCount(0);
    await expect(nav.getByRole('link', { name: 'Admin Portal', exact: true })).toHaveCount(0);
    await expect(sidebar(page)).toContainText(DEMO.AGENT.name);
  });

  test('seller: the 11 seller steps', async ({ page }) => {
    await signIn(page, 'SELLER');
    const nav = sidebar(page).getByRole('navigation');
    for (const step of SELLER_STEPS) await expect(nav.getByText(step, { exact: true })).toBeVisible();
    await expect(sidebar(page)).toContainText(DEMO.SELLER.name);
  });

  test('buyer: the 11 buyer steps', async ({ page }) => {
    await signIn(page, 'BUYER');
    const nav = sidebar(page).getByRole('navigation');
    for (const step of BUYER_STEPS) await expect(nav.getByText(step, { exact: true })).toBeVisible();
    await expect(sidebar(page)).toContainText(DEMO.BUYER.name);
  });

  test('a wrong password shows the server message and stays on /login', async ({ page }) => {
    await gotoLogin(page);
    await page.getByLabel('Email').fill(DEMO.SELLER.email);
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('alert')).toContainText('Invalid email or password');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('the form checks its own required fields', async ({ page }) => {
    await gotoLogin(page);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('alert')).toContainText('Email is required');
    await page.getByLabel('Email').fill(DEMO.SELLER.email);
    await page.getByRole('button', { name: 'Sign In' }).click();
    await expect(page.getByRole('alert')).toContainText('Password is required');
  });

  test('the session token is stored, never the password', async ({ page }) => {
    await signIn(page, 'BUYER');
    const stored = await page.evaluate(() => ({ ...localStorage }));
    expect(stored.sessionToken).toMatch(/^[A-Za-z0-9_-]{22,}$/);
    expect(JSON.stringify(stored)).not.toContain(DEMO_PASSWORD);
    const user = JSON.parse(stored.user);
    expect(user).toMatchObject({ email: DEMO.BUYER.email, role: 'BUYER' });
    expect(stored.sessionToken).not.toBe(user.id);
  });
});
