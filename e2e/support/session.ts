import { expect, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'demo-pass-2026';
export const DEMO = {
  BROKER: { email: 'broker@example.com', name: 'Morgan Broker', home: '/broker' },
  AGENT: { email: 'agent@example.com', name: 'Avery Agent', home: '/agent' },
  SELLER: { email: 'seller@example.com', name: 'Sam Seller', home: '/seller' },
  BUYER: { email: 'buyer@example.com', name: 'Blake Buyer', home: '/buyer' },
} as const;
export type DemoRole = keyof typeof DEMO;

/**
 * Opens /login and waits until the form is live: the page arrives prerendered, and its handlers only once the shell
 * has hydrated the public remote (html[data-remote-ready]); typing earlier could be lost or submit the bare form.
 */
export async function gotoLogin(page: Page) {
  await page.goto('/login');
  await expect(page.locator('html[data-remote-ready="mfe_public"]')).toHaveCount(1, { timeout: 15_000 });
}

/** Signs in through the real /login screen and waits for the role's area. */
export async function signIn(page: Page, role: DemoRole) {
  const who = DEMO[role];
  await gotoLogin(page);
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(new RegExp(`${who.home}$`));
}

export function sidebar(page: Page) {
  return page.locator('aside.bb-sidebar');
}
