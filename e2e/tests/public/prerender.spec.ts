import { test, expect } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { REPO_ROOT, deployDist, stackState } from '../../support/stack-state';
import { callbackButton, gotoPublic } from '../../support/public';

/** Each public page's main heading and a text of its own, as the spec and the firm's copy give them. */
const PAGES: Array<{ path: string; h1: string; text: string | RegExp }> = [
  { path: '/', h1: 'Selling your business is our business.', text: 'GET STARTED' },
  { path: '/about', h1: 'About Crestline Business Brokers', text: 'Sacramento' },
  { path: '/selling/your-business', h1: 'Selling Your Business', text: 'Sellers, call the broker first.' },
  { path: '/selling/faqs', h1: 'Seller FAQs', text: /5-8 months/ },
  { path: '/buying/business', h1: 'Buying a Business', text: 'Crestline' },
  { path: '/buying/faqs', h1: 'Buyer FAQs', text: 'Crestline' },
  { path: '/buying/nda', h1: 'Buyer Non-Disclosure Agreement', text: 'Agreement Terms' },
  { path: '/nda', h1: 'Buyer Non-Disclosure Agreement', text: 'Agreement Terms' },
  { path: '/contact', h1: 'Contact Us', text: 'Still Have Questions' },
  { path: '/blog', h1: 'Blog', text: 'What Is My Business Really Worth?' },
  { path: '/login', h1: 'Sign In', text: 'Back to Home' },
  { path: '/registration', h1: 'Create Your Account', text: 'I am registering as a' },
  { path: '/reset-password', h1: 'Reset Password', text: 'Back to Login' },
];

test.describe('public pages are served with their content (prerendered)', () => {
  test('every public page shows its heading and text with JavaScript disabled', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    try {
      for (const p of PAGES) {
        await page.goto(p.path);
        await expect(page.getByRole('heading', { level: 1 }), p.path).toHaveText(p.h1);
        await expect(page.getByRole('main'), p.path).toContainText(p.text);
        await expect(page.getByRole('navigation', { name: 'Main' }), p.path).toBeVisible();
      }
    } finally {
      await context.close();
    }
  });

  test('each page has its own title, description and canonical link in the served HTML', async ({ request }) => {
    const about = await (await request.get('/about')).text();
    expect(about).toContain('<title>About | Crestline Business Brokers</title>');
    expect(about).toMatch(/<meta name="description" content="About Crestline Business Brokers[^"]+">/);
    expect(about).toMatch(/<link rel="canonical" href="http:\/\/[^"]+\/about">/);
    expect(about).toContain('<meta property="og:title" content="About | Crestline Business Brokers">');
    const robots = await (await request.get('/robots.txt')).text();
    expect(robots).toContain('Disallow: /seller');
    const sitemap = await (await request.get('/sitemap.xml')).text();
    expect(sitemap).toMatch(/<loc>http:\/\/[^<]+\/contact<\/loc>/);
  });

  test('hydration adopts the prerendered markup: same nodes, no console errors, handlers live', async ({ page }) => {
    const errors: string[] = [];
    page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
    page.on('pageerror', (e) => errors.push(String(e)));
    // Tag the server-rendered heading before any script runs: a client re-render would replace the node.
    await page.addInitScript(() => {
      document.addEventListener('readystatechange', () => {
        const h1 = document.querySelector('h1');
        if (document.readyState === 'interactive' && h1) h1.setAttribute('data-server-node', '1');
      });
    });
    for (const path of ['/', '/about', '/contact', '/nda', '/login']) {
      await gotoPublic(page, path);
      await expect(page.locator('h1[data-server-node="1"]'), path).toHaveCount(1);
    }
    await callbackButton(page).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('what a visitor types into the prerendered sign-in form before hydration is kept', async ({ page }) => {
    // Hold the scripts back until the visitor has typed into the server-rendered form.
    let release!: () => void;
    const held = new Promise<void>((r) => { release = r; });
    await page.route(/\.js(\?|$)/, async (route) => { await held; await route.continue(); });
    await page.goto('/login', { waitUntil: 'commit' }); // deferred scripts would hold DOMContentLoaded back
    await expect(page.getByLabel('Email')).toBeVisible();
    await page.getByLabel('Email').fill('early@example.com');
    await page.getByLabel('Password').fill('typed-early');
    release();
    await expect(page.locator('html[data-remote-ready="mfe_public"]')).toHaveCount(1, { timeout: 15_000 });
    // A render after hydration (an error shown, then a keystroke) must not reset the controlled inputs to ''.
    await page.getByLabel('Password').press('End');
    await page.getByLabel('Password').type('!');
    await expect(page.getByLabel('Email')).toHaveValue('early@example.com');
    await expect(page.getByLabel('Password')).toHaveValue('typed-early!');
  });

  test.describe('a rebuilt mfe-public alone refreshes the served HTML', () => {
    test.setTimeout(240_000);
    // The repository's build before the tagged one: put back afterwards (a copy, not a second build and prerender).
    const dist = path.join(REPO_ROOT, 'mfe-public', 'dist');
    let kept: string | null = null;
    const build = (tag: string) => {
      kept = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-mfe-public-'));
      fs.cpSync(dist, kept, { recursive: true });
      execFileSync('npm', ['run', 'build', '-w', 'mfe-public'], { cwd: REPO_ROOT, env: { ...process.env, MFE_BUILD_TAG: tag }, stdio: 'pipe', timeout: 120_000 });
      deployDist('mfe-public', stackState().staticDir);
    };
    test.afterAll(() => {
      if (!kept) return;
      fs.rmSync(dist, { recursive: true, force: true });
      fs.cpSync(kept, dist, { recursive: true });
      fs.rmSync(kept, { recursive: true, force: true });
      deployDist('mfe-public', stackState().staticDir);
    });

    test('the new build tag is in the page the gateway serves, without a shell rebuild', async ({ request }) => {
      const tag = `e2e-${crypto.randomBytes(4).toString('hex')}`;
      expect(await (await request.get('/contact')).text()).not.toContain(tag);
      build(tag);
      await expect.poll(async () => (await request.get('/contact')).text(), { timeout: 10_000 }).toContain(`data-build="${tag}"`);
    });
  });
});
