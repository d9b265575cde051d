import { createHash } from 'node:crypto';
import { JSDOM } from 'jsdom';
import { EARLY_SUBMIT_CSP_HASH, EARLY_SUBMIT_JS, withEarlySubmit } from '../src/prerender/early-submit.js';
import { composePage } from '../src/prerender/compose.js';
import { PAINT_FIRST_JS } from '../src/prerender/paint-first.js';
import { headersOf, helmetOptions } from '../src/security/helmet.js';

const FORM = '<form aria-label="Sign in"><input name="email" type="email"><input name="password" type="password">'
  + '<input name="keep" type="checkbox"><button type="submit">Sign In</button></form><button type="button" id="cb">Call</button>';
const SHELL = '<!doctype html><html><head><meta charset="utf-8"><link href="/main.css" rel="stylesheet"></head>'
  + '<body><div id="root"></div><script defer src="/main.1234abcd.js"></script></body></html>';

interface Seen { submits: Array<{ submitter: string | null; email: string; password: string; keep: boolean }>; inputs: string[]; clicks: number }

/** A prerendered page in jsdom with the early-submit script, and an "app" listening on #root as React does. */
async function prerenderedPage(prerendered = true) {
  const html = `<!doctype html><html><head><meta charset="utf-8"></head><body>`
    + `<div id="root"${prerendered ? ' data-prerendered="mfe_public"' : ''}>${FORM}</div></body></html>`;
  const dom = new JSDOM(withEarlySubmit(html), { runScripts: 'dangerously', url: 'https://www.example.com/login' });
  await new Promise((r) => setTimeout(r, 20)); // DOMContentLoaded
  const { document } = dom.window;
  const root = document.getElementById('root')!;
  const seen: Seen = { submits: [], inputs: [], clicks: 0 };
  const field = (n: string) => document.querySelector<HTMLInputElement>(`[name="${n}"]`)!;
  root.addEventListener('submit', (e) => {
    e.preventDefault();
    seen.submits.push({ submitter: (e as SubmitEvent).submitter?.textContent ?? null, email: field('email').value,
      password: field('password').value, keep: field('keep').checked });
  });
  root.addEventListener('input', (e) => seen.inputs.push((e.target as HTMLInputElement).name));
  root.addEventListener('click', (e) => { if ((e.target as Element).id === 'cb') seen.clicks += 1; });
  const win = dom.window as unknown as Window & { __bbEarly: { live(): void } };
  return { dom, win, document, seen, field, form: document.querySelector('form')!, button: document.querySelector('button[type="submit"]') as HTMLButtonElement };
}

const tick = (ms = 10) => new Promise((r) => setTimeout(r, ms));

describe('early submit: a prerendered form submitted before hydration', () => {
  it('is held: no native submission, the app does not see it, the form reads busy', async () => {
    const { document, seen, field, form, button, dom } = await prerenderedPage();
    field('email').value = 'early@example.com';
    field('password').value = 'secret-1';
    const ev = new dom.window.SubmitEvent('submit', { bubbles: true, cancelable: true, submitter: button });
    form.dispatchEvent(ev);
    expect(ev.defaultPrevented).toBe(true);
    expect(seen.submits).toEqual([]);
    expect(form.getAttribute('aria-busy')).toBe('true');
    expect(document.querySelectorAll('form[data-early-submit]')).toHaveLength(1);
  });

  it('is submitted again once the page is live, with the values it had when submitted and its submitter', async () => {
    const { win, seen, field, form, button } = await prerenderedPage();
    field('email').value = 'early@example.com';
    field('password').value = 'secret-1';
    field('keep').checked = true;
    form.requestSubmit(button);
    // hydration may reset the fields (react-hook-form sets its defaults): the held values win
    field('email').value = '';
    field('password').value = '';
    field('keep').checked = false;
    win.__bbEarly.live();
    await tick();
    expect(seen.submits).toEqual([{ submitter: 'Sign In', email: 'early@example.com', password: 'secret-1', keep: true }]);
    // through the fields' own events, so React state / react-hook-form follow
    expect(seen.inputs).toEqual(expect.arrayContaining(['email', 'password']));
    expect(form.hasAttribute('aria-busy')).toBe(false);
    // live from now on: a submit goes straight to the app
    form.requestSubmit(button);
    expect(seen.submits).toHaveLength(2);
  });

  it('holds one submit: pressing again while busy sends nothing more', async () => {
    const { win, seen, form, button } = await prerenderedPage();
    form.requestSubmit(button);
    form.requestSubmit(button);
    win.__bbEarly.live();
    await tick();
    expect(seen.submits).toHaveLength(1);
  });

  it('replays a plain button pressed before hydration (e.g. "Request a Call Back")', async () => {
    const { win, document, seen } = await prerenderedPage();
    document.getElementById('cb')!.click();
    expect(seen.clicks).toBe(0);
    win.__bbEarly.live();
    expect(seen.clicks).toBe(1);
  });

  it('leaves alone forms the app renders later, and pages that are not prerendered', async () => {
    const a = await prerenderedPage();
    const later = a.document.createElement('form');
    a.document.getElementById('root')!.appendChild(later);
    const ev = new a.dom.window.Event('submit', { bubbles: true, cancelable: true });
    later.dispatchEvent(ev);
    expect(a.seen.submits).toHaveLength(1);

    const b = await prerenderedPage(false);
    b.form.requestSubmit(b.button);
    expect(b.seen.submits).toHaveLength(1);
  });
});

describe('early submit in the served page and the CSP', () => {
  const page = composePage(SHELL, {
    preloads: { stylesheets: [], scripts: ['/121.aaaa1111.js'], fetches: [] },
    body: { remote: 'mfe_public', html: `<main>${FORM}</main>` },
  });

  it('a prerendered page has the script first in its head, before any stylesheet (not held back by the CSS)', () => {
    const script = page.indexOf(`<script>${EARLY_SUBMIT_JS}</script>`);
    expect(script).toBeGreaterThan(page.indexOf('<meta charset="utf-8">'));
    expect(script).toBeLessThan(page.indexOf('<link href="/main.css" rel="stylesheet">'));
    expect(page.match(/<script>/g)).toHaveLength(1);
  });

  it('a page that is not prerendered has no inline script', () => {
    const shell = composePage(SHELL, { preloads: { stylesheets: [], scripts: [], fetches: [] } });
    expect(shell).not.toContain('<script>');
  });

  it('the CSP allows exactly that inline script by its hash, never unsafe-inline for scripts', () => {
    const inline = /<script>([\s\S]*?)<\/script>/.exec(page)![1]!;
    const hash = `'sha256-${createHash('sha256').update(inline, 'utf8').digest('base64')}'`;
    expect(hash).toBe(EARLY_SUBMIT_CSP_HASH);
    const csp = headersOf(helmetOptions([], false))['content-security-policy']!;
    const scriptSrc = /script-src ([^;]+)/.exec(csp)![1]!;
    expect(scriptSrc.split(' ')).toEqual(["'self'", hash]);
  });
});

describe('paint-first on a portal page', () => {
  it('preloads stylesheets named in data-preload as styles, scripts as scripts', () => {
    const dom = new JSDOM('<!doctype html><html><head></head><body></body></html>', { runScripts: 'outside-only' });
    const { document } = dom.window;
    const me = document.createElement('script');
    me.setAttribute('data-main', '/main.js');
    me.setAttribute('data-preload', '/a.js /b.css');
    Object.defineProperty(document, 'currentScript', { value: me });
    Object.defineProperty(document, 'visibilityState', { value: 'hidden' });
    dom.window.eval(PAINT_FIRST_JS);
    const links = [...document.head.querySelectorAll('link')].map((l) => `${l.getAttribute('href')} ${(l as HTMLLinkElement & { as: string }).as}`);
    expect(links).toEqual(['/a.js script', '/b.css style']);
  });
});
