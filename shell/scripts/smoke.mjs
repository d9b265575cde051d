// Browser smoke checks against shell/scripts/mock-gateway.mjs (BASE, default http://127.0.0.1:8099) with /usr/bin/chromium.
// Prints what it sees and writes screenshots to SHOTS (default /tmp). Measures the gzip bytes of /login's first load.
import { chromium } from 'playwright-core';
import zlib from 'node:zlib';
const BASE = process.env.BASE || 'http://127.0.0.1:8099';
const args = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args });
const out = [];
const log = (...a) => { console.log(...a); out.push(a.join(' ')); };

async function newPage(viewport = { width: 1280, height: 860 }) {
  const ctx = await browser.newContext({ viewport });
  const page = await ctx.newPage();
  page.on('console', (m) => { if (m.type() === 'error') log('  [console]', m.text().slice(0, 200)); });
  page.on('pageerror', (e) => log('  [pageerror]', e.message.slice(0, 200)));
  return { ctx, page };
}

// 1. first-load bytes of /login
{
  const { ctx, page } = await newPage();
  const bodies = [];
  page.on('response', async (r) => {
    try {
      const b = await r.body();
      bodies.push({ url: r.url(), type: r.request().resourceType(), raw: b.length, gz: zlib.gzipSync(b, { level: 9 }).length });
    } catch { /* no body (redirect, aborted): not counted */ }
  });
  await page.goto(BASE + '/login', { waitUntil: 'networkidle' });
  await page.waitForTimeout(1500);
  const js = bodies.filter((b) => b.url.endsWith('.js'));
  const sum = (l) => l.reduce((a, b) => a + b.gz, 0);
  log(`/login: ${bodies.length} responses; JS ${js.length} files ${Math.round(sum(js) / 102.4) / 10} KB gz; everything ${Math.round(sum(bodies) / 102.4) / 10} KB gz`);
  for (const b of bodies.sort((a, b) => b.gz - a.gz).slice(0, 12)) log(`   ${String(b.gz).padStart(7)} ${b.url.replace(BASE, '')}`);
  await page.screenshot({ path: (process.env.SHOTS || '/tmp') + '/login.png' });
  await ctx.close();
}

async function signIn(page, email) {
  const r = await page.request.post(BASE + '/api/auth/login', { data: { email, password: 'demo-pass-2026' } });
  const body = await r.json();
  await page.evaluate((b) => {
    localStorage.setItem('user', JSON.stringify(b.user));
    localStorage.setItem('sessionToken', b.sessionToken);
    localStorage.setItem('authToken', b.token);
  }, body);
}

// 2. anonymous on a role area → /login
{
  const { ctx, page } = await newPage();
  await page.goto(BASE + '/seller/messages');
  await page.waitForURL('**/login', { timeout: 5000 }).catch(() => {});
  log('anonymous /seller/messages →', new URL(page.url()).pathname);
  await ctx.close();
}

// 3. each area signed in
for (const [email, path, shot] of [
  ['seller@example.com', '/seller/questionnaire', 'seller'],
  ['buyer@example.com', '/buyer/financial-statement', 'buyer'],
  ['broker@example.com', '/broker/admin', 'broker'],
  ['agent@example.com', '/agent', 'agent'],
]) {
  const { ctx, page } = await newPage();
  await page.goto(BASE + '/');
  await signIn(page, email);
  await page.goto(BASE + path);
  await page.waitForSelector('.bb-sidebar', { timeout: 8000 }).catch(() => log('  no sidebar for', path));
  await page.waitForTimeout(800);
  const nav = await page.$$eval('.bb-sidebar__nav a', (as) => as.map((a) => `${a.textContent.trim()}${a.dataset.state ? '[' + a.dataset.state + ']' : ''}`));
  const tag = await page.getAttribute('.bb-sidebar', 'data-build').catch(() => null);
  const name = await page.textContent('[data-testid=sidebar-user-name]').catch(() => null);
  log(`${path}: url=${new URL(page.url()).pathname} user=${name} tag=${tag}`);
  log('   nav:', nav.join(' | '));
  log('   h1:', await page.textContent('main h1').catch(() => '-'));
  await page.screenshot({ path: `/tmp/fe/${shot}.png`, fullPage: false });
  if (shot === 'seller') {
    // other role's area → own home
    await page.goto(BASE + '/broker/agents');
    await page.waitForTimeout(1200);
    log('seller on /broker/agents →', new URL(page.url()).pathname);
    await page.goto(BASE + '/seller/nope');
    await page.waitForTimeout(1000);
    log('/seller/nope shows:', (await page.textContent('main').catch(() => '')).slice(0, 80));
    // Sign out
    await page.click('text=Sign out');
    await page.waitForSelector('dialog[open]');
    log('confirm text:', await page.textContent('dialog[open] p'));
    await page.screenshot({ path: (process.env.SHOTS || '/tmp') + '/signout.png' });
    await page.click('dialog[open] button.bb-btn--primary');
    await page.waitForURL('**/login', { timeout: 5000 }).catch(() => {});
    await page.waitForLoadState('load');
    await page.waitForTimeout(500);
    log('after sign out:', new URL(page.url()).pathname, 'user=', await page.evaluate(() => localStorage.getItem('user')));
  }
  await ctx.close();
}

// 4. dead remote → fallback; retry after it comes back
{
  const { ctx, page } = await newPage();
  await fetch(BASE + '/__ctl', { method: 'POST', body: JSON.stringify({ killSeller: true }) });
  await page.goto(BASE + '/');
  await signIn(page, 'seller@example.com');
  await page.goto(BASE + '/seller');
  await page.waitForSelector('text=This part of the site is unavailable right now.', { timeout: 10000 }).then(() => log('dead remote: fallback shown')).catch(() => log('dead remote: NO fallback'));
  await page.screenshot({ path: (process.env.SHOTS || '/tmp') + '/dead.png' });
  await fetch(BASE + '/__ctl', { method: 'POST', body: JSON.stringify({ killSeller: false }) });
  await page.click('text=Retry');
  await page.waitForSelector('.bb-sidebar', { timeout: 10000 }).then(() => log('retry: seller area loaded')).catch(() => log('retry: still failing'));
  await ctx.close();
}

// 5. mobile drawer
{
  const { ctx, page } = await newPage({ width: 390, height: 800 });
  await page.goto(BASE + '/');
  await signIn(page, 'buyer@example.com');
  await page.goto(BASE + '/buyer');
  await page.waitForSelector('.bb-topbar');
  await page.screenshot({ path: (process.env.SHOTS || '/tmp') + '/mobile-closed.png' });
  await page.click('[aria-label="Open menu"]');
  await page.waitForTimeout(400);
  await page.screenshot({ path: (process.env.SHOTS || '/tmp') + '/mobile-open.png' });
  await page.click('.bb-sidebar >> text=Messages');
  await page.waitForTimeout(500);
  log('mobile: after nav drawer =', await page.getAttribute('.bb-area', 'data-drawer'), 'url', new URL(page.url()).pathname);
  await ctx.close();
}
// 6. unknown public route
{
  const { ctx, page } = await newPage();
  await page.goto(BASE + '/definitely-not-here');
  await page.waitForTimeout(1500);
  log('/definitely-not-here:', (await page.textContent('body')).replace(/\s+/g, ' ').slice(0, 120));
  await page.screenshot({ path: (process.env.SHOTS || '/tmp') + '/notfound.png' });
  await ctx.close();
}
await browser.close();
