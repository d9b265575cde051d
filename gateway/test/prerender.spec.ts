import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { RegistryFile } from '../src/registry/registry.js';
import { PrerenderedPages } from '../src/prerender/prerendered-pages.js';
import { robotsTxt, sitemapXml } from '../src/prerender/seo.js';

const SHELL = '<!doctype html><html><head><meta name="description" content="generic"><title>Shell</title></head>'
  + '<body><div id="root"></div><script defer src="/main.1234abcd.js"></script></body></html>';

function write(file: string, text: string) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
}

function site() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gw-prerender-'));
  write(path.join(dir, 'shell/dist/index.html'), SHELL);
  write(path.join(dir, 'shell/dist/mf-manifest.json'), JSON.stringify({ shared: [{ name: 'react', assets: { js: { sync: ['121.aaaa1111.js'] } } }] }));
  const registryFile = path.join(dir, 'registry.json');
  write(registryFile, JSON.stringify({ remotes: { mfe_public: '/mfe/mfe_public/mf-manifest.json' } }));
  const publish = (text: string, builtAt: string) => {
    write(path.join(dir, 'mfe-public/dist/prerender/about.html'), `<main><h1>${text}</h1><img src="/mfe/mfe_public/assets/team.svg"></main>`);
    write(path.join(dir, 'mfe-public/dist/prerender/reset-password.html'), '<main><h1>Reset Password</h1></main>');
    write(path.join(dir, 'mfe-public/dist/prerender/manifest.json'), JSON.stringify({
      version: 1, remote: 'mfe_public', assetBase: '/mfe/mfe_public/', buildTag: 't', builtAt,
      css: ['__federation_expose_App.cccc.css'], js: ['remoteEntry.js', '__federation_expose_App.dddd.js'],
      pages: {
        '/about': { file: 'about.html', title: 'About | Firm & Co', description: 'The "firm" story' },
        '/reset-password': { file: 'reset-password.html', title: 'Reset Password | Firm', description: 'Reset', skipWithQuery: ['token'] },
      },
    }));
  };
  publish('About us', '2026-01-01T00:00:00Z');
  const registry = new RegistryFile(registryFile, 0);
  const pages = new PrerenderedPages({ staticDir: dir, registry, publicUrl: 'https://www.example.com', siteName: 'Firm' });
  return { dir, registryFile, pages, publish };
}

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('prerendered public pages', () => {
  it('puts the page content inside the shell root, in the Suspense markers the shell hydrates', async () => {
    const { pages } = site();
    const html = (await pages.page('/about', new URLSearchParams()))!;
    expect(html).toContain('<div id="root" data-prerendered="mfe_public"><!--$--><main><h1>About us</h1>');
    expect(html).toContain('<!--/$--></div>');
    // the shell's entry is started by paint-first.js once the content is on screen
    expect(html).not.toContain('<script defer src="/main.1234abcd.js"></script>');
    expect(html).toMatch(/<script defer src="\/paint-first\.js" data-main="\/main\.1234abcd\.js" data-preload="[^"]+"><\/script>/);
  });

  it('a path neither public nor a portal (an unknown top-level path) keeps the shell\'s entry script as built', async () => {
    const { pages } = site();
    const html = (await pages.page('/sellers-guide', new URLSearchParams()))!;
    expect(html).toContain('<div id="root"></div>');
    expect(html).toContain('<script defer src="/main.1234abcd.js"></script>');
    expect(html).not.toContain('paint-first.js');
  });

  it('gives each page its title, description, canonical link and Open Graph tags (escaped)', async () => {
    const { pages } = site();
    const html = (await pages.page('/about/', new URLSearchParams()))!;
    expect(html).toContain('<title>About | Firm &amp; Co</title>');
    expect(html).toContain('<meta name="description" content="The &quot;firm&quot; story">');
    expect(html).toContain('<link rel="canonical" href="https://www.example.com/about">');
    expect(html).toContain('<meta property="og:title" content="About | Firm &amp; Co">');
    expect(html).toContain('<meta property="og:url" content="https://www.example.com/about">');
    expect(html).not.toContain('<title>Shell</title>');
  });

  it('styles, registry and manifest load with the page; the scripts are preloaded together after the first frame', async () => {
    const { pages } = site();
    const html = (await pages.page('/about', new URLSearchParams()))!;
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain('<link rel="stylesheet" href="/mfe/mfe_public/__federation_expose_App.cccc.css">');
    expect(head).toContain('<link rel="preload" href="/mfe-registry.json" as="fetch" crossorigin="anonymous">');
    expect(head).toContain('<link rel="preload" href="/mfe/mfe_public/mf-manifest.json" as="fetch" crossorigin="anonymous">');
    // no script competes with the stylesheets before the first paint
    expect(head).not.toContain('as="script"');
    const preload = /data-preload="([^"]*)"/.exec(html)![1]!.split(' ');
    expect(preload).toEqual(expect.arrayContaining(['/mfe/mfe_public/remoteEntry.js', '/mfe/mfe_public/__federation_expose_App.dddd.js', '/121.aaaa1111.js']));
  });

  it('a portal path is served with its area\'s frame in #root (sidebar, heading), no public content and no inline script', async () => {
    const { pages } = site();
    const html = (await pages.page('/seller/messages', new URLSearchParams()))!;
    expect(html).toContain('<title>Shell</title>');
    expect(html).toContain('<div id="root"><div class="bb-area" data-frame-skeleton="seller" aria-busy="true">');
    expect(html).toContain('<aside class="bb-sidebar" aria-label="Seller Portal sidebar">');
    expect(html).toContain('<span class="bb-sidebar__brand-name">Firm</span><span class="bb-sidebar__brand-sub">Seller Portal</span>');
    expect(html).toContain('<h1>Seller Portal</h1>');
    expect(html).not.toContain('data-prerendered');
    expect(html).not.toContain('<script>');
    for (const [path, area, label] of [['/broker', 'broker', 'Broker Portal'], ['/agent/x', 'agent', 'Agent Portal'], ['/buyer/', 'buyer', 'Buyer Portal']]) {
      const h = (await pages.page(path!, new URLSearchParams()))!;
      expect(h).toContain(`data-frame-skeleton="${area}"`);
      expect(h).toContain(`<h1>${label}</h1>`);
    }
  });

  it('a portal\'s scripts start once the stylesheet drawing its frame is in, the area remote\'s ./App files preloaded with the shell\'s', async () => {
    const { dir, pages, registryFile } = site();
    write(registryFile, JSON.stringify({ remotes: { mfe_public: '/mfe/mfe_public/mf-manifest.json', mfe_seller: '/mfe/mfe_seller/mf-manifest.json' } }));
    write(path.join(dir, 'mfe-seller/dist/mf-manifest.json'), JSON.stringify({
      metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } },
      exposes: [{ name: 'App', assets: { js: { sync: ['401.aaaa.js', '__federation_expose_App.bbbb.js'], async: ['740.cccc.js'] }, css: { sync: ['__federation_expose_App.dddd.css'], async: [] } } }],
      shared: [{ name: 'react', assets: { js: { sync: ['121.eeee.js'] } } }, { name: '@brokerage/ui/portal', assets: { js: { sync: ['115.ffff.js'] } } }],
    }));
    const html = (await pages.page('/seller', new URLSearchParams()))!;
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain('<link rel="preload" href="/mfe/mfe_seller/mf-manifest.json" as="fetch" crossorigin="anonymous">');
    // nothing competes with the shell's stylesheet before the frame's first paint
    expect(head).not.toContain('as="script"');
    expect(html).toMatch(/<script defer src="\/paint-first\.js" data-main="\/main\.1234abcd\.js" data-preload="[^"]+" data-start="now"><\/script>/);
    const preload = /data-preload="([^"]*)"/.exec(html)![1]!.split(' ');
    expect(preload).toEqual(['/121.aaaa1111.js', '/mfe/mfe_seller/remoteEntry.js', '/mfe/mfe_seller/401.aaaa.js',
      '/mfe/mfe_seller/__federation_expose_App.bbbb.js', '/mfe/mfe_seller/115.ffff.js', '/mfe/mfe_seller/__federation_expose_App.dddd.css']);
    // not the lazily loaded chunks, nor a shared module the shell provides (react)
    expect(preload).not.toContain('/mfe/mfe_seller/740.cccc.js');
    expect(preload).not.toContain('/mfe/mfe_seller/121.eeee.js');
  });

  it('a page whose first render depends on the query (reset link) is served unrendered with that query', async () => {
    const { pages } = site();
    expect(await pages.page('/reset-password', new URLSearchParams())).toContain('<h1>Reset Password</h1>');
    expect(await pages.page('/reset-password', new URLSearchParams('token=abc'))).not.toContain('data-prerendered');
  });

  it('a redeployed remote is served without a restart', async () => {
    const { pages, publish } = site();
    expect(await pages.page('/about', new URLSearchParams())).toContain('<h1>About us</h1>');
    publish('About the new firm', '2026-02-02T00:00:00Z');
    await wait(600);
    expect(await pages.page('/about', new URLSearchParams())).toContain('<h1>About the new firm</h1>');
  });

  it('follows the registry: a build served from another base gets its asset URLs and preloads rewritten', async () => {
    const { pages, registryFile, dir } = site();
    // the same files, served over http from elsewhere
    const http = await import('node:http');
    const server = http.createServer((req, res) => {
      const file = path.join(dir, 'mfe-public/dist', decodeURIComponent(req.url!.replace(/^\/cdn\/public\//, '')));
      if (!fs.existsSync(file)) { res.statusCode = 404; return res.end(); }
      res.end(fs.readFileSync(file));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const base = `http://127.0.0.1:${(server.address() as { port: number }).port}/cdn/public/`;
    try {
      write(registryFile, JSON.stringify({ remotes: { mfe_public: `${base}mf-manifest.json` } }));
      await wait(600);
      const html = (await pages.page('/about', new URLSearchParams()))!;
      expect(html).toContain(`<img src="${base}assets/team.svg">`);
      expect(/data-preload="([^"]*)"/.exec(html)![1]!.split(' ')).toContain(`${base}remoteEntry.js`);
      expect(html).not.toContain('/mfe/mfe_public/');
    } finally {
      server.close();
    }
  });

  it('no prerendered build (registry without mfe_public files): the plain shell', async () => {
    const { pages, dir } = site();
    fs.rmSync(path.join(dir, 'mfe-public/dist/prerender'), { recursive: true });
    await wait(600);
    expect(await pages.page('/about', new URLSearchParams())).toContain('<div id="root"></div>');
  });
});

describe('robots.txt and sitemap.xml', () => {
  it('robots.txt keeps crawlers out of the portals and points at the sitemap', () => {
    const txt = robotsTxt('https://www.example.com');
    for (const p of ['/seller', '/buyer', '/broker', '/agent', '/api/', '/unsubscribe']) expect(txt).toContain(`Disallow: ${p}\n`);
    expect(txt).toContain('Sitemap: https://www.example.com/sitemap.xml');
  });

  it('sitemap.xml lists the prerendered public pages with absolute URLs', async () => {
    const { pages } = site();
    const xml = sitemapXml('https://www.example.com', await pages.publicPaths());
    expect(xml).toContain('<loc>https://www.example.com/about</loc>');
    expect(xml).not.toContain('reset-password');
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?><urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/);
  });
});

describe('the gateway serves composed pages', () => {
  let app: Awaited<ReturnType<typeof import('./helpers.js').gateway>>;
  let dir: string;
  beforeAll(async () => {
    const h = await import('./helpers.js');
    dir = h.makeStaticDir();
    h.write(path.join(dir, 'shell/dist/index.html'), SHELL);
    h.write(path.join(dir, 'mfe-public/dist/prerender/contact.html'), '<main><h1>Contact Us</h1></main>');
    h.write(path.join(dir, 'mfe-public/dist/prerender/index.html'), '<main><h1>Home</h1></main>');
    h.write(path.join(dir, 'mfe-public/dist/prerender/manifest.json'), JSON.stringify({
      version: 1, remote: 'mfe_public', assetBase: '/mfe/mfe_public/', buildTag: 't', builtAt: 'x', css: [], js: ['remoteEntry.js'],
      pages: { '/': { file: 'index.html', title: 'Home | Firm', description: 'Home' }, '/contact': { file: 'contact.html', title: 'Contact | Firm', description: 'Offices' } },
    }));
    app = await h.gateway({ STATIC_DIR: dir, PUBLIC_URL: 'https://www.example.com/' });
  });
  afterAll(async () => { await app.close(); });

  it.each([['/', 'Home'], ['/contact', 'Contact Us']])('GET %s answers its prerendered content, no-cache', async (url, h1) => {
    const res = await app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain(`<div id="root" data-prerendered="mfe_public"><!--$--><main><h1>${h1}</h1></main><!--/$--></div>`);
  });

  it('canonical links and the sitemap use PUBLIC_URL', async () => {
    expect((await app.inject({ method: 'GET', url: '/contact' })).body).toContain('<link rel="canonical" href="https://www.example.com/contact">');
    const sitemap = await app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(sitemap.headers['content-type']).toMatch(/^application\/xml/);
    expect(sitemap.body).toContain('<loc>https://www.example.com/</loc><url><loc>https://www.example.com/contact</loc>'.replace('</loc><url>', '</loc></url><url>'));
    const robots = await app.inject({ method: 'GET', url: '/robots.txt' });
    expect(robots.body).toContain('Sitemap: https://www.example.com/sitemap.xml');
  });
});
