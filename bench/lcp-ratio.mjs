#!/usr/bin/env node
// LCP of the public pages against a static copy of the same rendered page (scripts removed), both served by the same
// gateway, loaded alternately in fresh headless-Chromium contexts: median of N each, ratio app/static with its range.
// Also the app's cumulative layout shift. Targets (issue 13): ratio ≤ 1.2 on every page, CLS ≤ 0.02.
//   node bench/lcp-ratio.mjs [--url http://localhost:8080]   (the gateway must serve this checkout's shell/dist)
//   BENCH_SAMPLES=7 (default)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { ROOT } from '../infra/launcher/workspaces.mjs';

const args = process.argv.slice(2);
let base = args.includes('--url') ? args[args.indexOf('--url') + 1] : process.env.BENCH_URL;
const PAGES = ['/', '/about', '/contact', '/nda', '/login'];
const SAMPLES = Number(process.env.BENCH_SAMPLES || 7);
const TARGET_RATIO = 1.2;
const TARGET_CLS = 0.02;
const FLAGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking',
  '--disable-component-update', '--disable-sync'];
const STATIC_DIR = path.join(ROOT, 'shell', 'dist', '__bench-static');

let stack = null;
let dataDir = null;
if (!base) {
  const { startStack } = await import('../infra/launcher/stack.mjs');
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'brokerage-lcp-'));
  fs.chmodSync(dataDir, 0o755);
  console.log('starting a stack on free ports…');
  stack = await startStack({ dataDir, freePorts: true, quiet: true, log: () => {} });
  base = stack.url;
}

const median = (xs) => { const s = [...xs].sort((a, b) => a - b); return s[Math.floor(s.length / 2)]; };
const slug = (p) => (p === '/' ? 'home' : p.slice(1).replace(/\//g, '-'));

async function load(browser, url, { capture = false } = {}) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addInitScript(() => {
    window.__lcp = 0;
    window.__cls = 0;
    new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__lcp = Math.max(window.__lcp, e.renderTime || e.loadTime || e.startTime); })
      .observe({ type: 'largest-contentful-paint', buffered: true });
    new PerformanceObserver((l) => { for (const e of l.getEntries()) if (!e.hadRecentInput) window.__cls += e.value; })
      .observe({ type: 'layout-shift', buffered: true });
  });
  const page = await context.newPage();
  await page.goto(url, { waitUntil: 'networkidle', timeout: 30_000 });
  await page.locator('h1').first().waitFor({ timeout: 15_000 });
  await page.waitForTimeout(500); // let LCP and shifts settle
  const r = await page.evaluate(() => ({ lcp: window.__lcp, cls: window.__cls }));
  if (capture) {
    await page.waitForSelector('html[data-remote-ready]', { timeout: 15_000 }).catch(() => {});
    r.html = await page.evaluate(() => {
      const doc = document.documentElement.cloneNode(true);
      doc.querySelectorAll('script, link[rel="preload"][as="script"], link[rel="modulepreload"]').forEach((n) => n.remove());
      return '<!doctype html>' + doc.outerHTML;
    });
  }
  await context.close();
  return r;
}

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', args: FLAGS, headless: true });
const rows = [];
let failed = false;
try {
  fs.mkdirSync(STATIC_DIR, { recursive: true });
  for (const p of PAGES) {
    // The static copy: the app's own rendered page, scripts removed, served by the same gateway.
    const { html } = await load(browser, base + p, { capture: true });
    fs.writeFileSync(path.join(STATIC_DIR, `${slug(p)}.html`), html);
    await load(browser, `${base}/__bench-static/${slug(p)}.html`); // warm-up
    const app = [];
    const stat = [];
    for (let i = 0; i < SAMPLES; i++) {
      app.push(await load(browser, base + p));
      stat.push(await load(browser, `${base}/__bench-static/${slug(p)}.html`));
    }
    const appLcp = app.map((r) => r.lcp);
    const statLcp = stat.map((r) => r.lcp);
    const ratios = app.map((r, i) => r.lcp / stat[i].lcp);
    const row = {
      page: p, appLcp: median(appLcp), appRange: [Math.min(...appLcp), Math.max(...appLcp)],
      staticLcp: median(statLcp), staticRange: [Math.min(...statLcp), Math.max(...statLcp)],
      ratio: median(appLcp) / median(statLcp), ratioRange: [Math.min(...ratios), Math.max(...ratios)],
      cls: Math.max(...app.map((r) => r.cls)),
    };
    row.ok = row.ratio <= TARGET_RATIO && row.cls <= TARGET_CLS;
    if (!row.ok) failed = true;
    rows.push(row);
  }
} finally {
  await browser.close();
  fs.rmSync(STATIC_DIR, { recursive: true, force: true });
  if (stack) await stack.stop();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
}

const ms = (v) => `${Math.round(v)}`;
console.log(`\nLCP, app vs a static copy of the same page (same gateway, alternating, fresh context each, median of ${SAMPLES}) on ${base}\n`);
console.log('page        app LCP ms (range)     static LCP ms (range)   ratio (per-pair range)   app CLS (max)   target');
for (const r of rows) {
  console.log(`${r.page.padEnd(11)} ${`${ms(r.appLcp)} (${ms(r.appRange[0])}–${ms(r.appRange[1])})`.padEnd(22)} ${`${ms(r.staticLcp)} (${ms(r.staticRange[0])}–${ms(r.staticRange[1])})`.padEnd(23)} `
    + `${`${r.ratio.toFixed(2)} (${r.ratioRange[0].toFixed(2)}–${r.ratioRange[1].toFixed(2)})`.padEnd(24)} ${r.cls.toFixed(3).padEnd(15)} ratio ≤ ${TARGET_RATIO}, CLS ≤ ${TARGET_CLS} ${r.ok ? '✓' : '✗'}`);
}
fs.mkdirSync(path.join(ROOT, 'bench', 'results'), { recursive: true });
fs.writeFileSync(path.join(ROOT, 'bench', 'results', 'lcp-ratio.json'), JSON.stringify({ at: new Date().toISOString(), base, samples: SAMPLES, rows }, null, 2));
process.exit(failed ? 1 : 0);
