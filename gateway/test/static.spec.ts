import fs from 'node:fs';
import path from 'node:path';
import { jest } from '@jest/globals';
import { eventually, gateway, makeStaticDir, write } from './helpers.js';
import { redirectNativePost } from '../src/static/static.js';

describe('static shell, remotes and registry', () => {
  const dir = makeStaticDir();
  let app: Awaited<ReturnType<typeof gateway>>;
  beforeAll(async () => { app = await gateway({ STATIC_DIR: dir }); });
  afterAll(async () => { await app.close(); });

  it('serves the shell index at / with no-cache', async () => {
    const res = await app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain('<title>shell</title>');
  });

  it.each(['/login', '/seller/listings/42', '/broker/agents/', '/buying/nda?x=1'])('SPA fallback for %s', async (url) => {
    const res = await app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain('<title>shell</title>');
  });

  it.each(['/login', '/register', '/nda', '/contact', '/'])('a native form POST to the page %s (scripts never ran) goes back to it with a GET: 303, nothing echoed', async (url) => {
    const res = await app.inject({ method: 'POST', url, headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'email=a%40example.com&password=hunter2-secret' });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe(url);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).not.toContain('hunter2');
    expect(res.body).not.toContain('Not found');
  });

  it('a native POST never redirects off the site or to an API or asset path', async () => {
    for (const url of ['/api/auth/login', '/main.3f2a9c1d.js']) {
      const res = await app.inject({ method: 'POST', url, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'a=1' });
      expect({ url, location: res.headers.location }).toEqual({ url, location: undefined });
    }
    // A raw request line can carry what an HTTP client library would normalise away: decided on req.url as received.
    const sent: Record<string, unknown> = {};
    const reply = { code: () => reply, header: (k: string, v: unknown) => { sent[k] = v; return reply; }, send: () => reply };
    for (const url of ['//evil.example/login', '/\\evil.example', '//evil.example']) {
      expect(redirectNativePost({ method: 'POST', url } as never, reply as never)).toBeNull();
    }
    expect(sent).toEqual({});
    expect(redirectNativePost({ method: 'POST', url: '/login?x=1' } as never, reply as never)).toBe(reply);
    expect(sent).toEqual({ location: '/login', 'cache-control': 'no-store' });
  });

  it('serves paint-first.js: after a frame it preloads data-preload and starts the entry data-main', async () => {
    const res = await app.inject({ method: 'GET', url: '/paint-first.js' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
    // same-origin script: the CSP's script-src 'self' allows it
    expect(String(res.headers['content-security-policy'])).toMatch(/script-src 'self'/);
    // run it against a minimal document: it starts the entry only after an animation frame and a task
    const preloaded: Array<{ rel: string; as: string; href: string }> = [];
    const appended: Array<{ src: string }> = [];
    const frames: Array<() => void> = [];
    const timers: Array<() => void> = [];
    const attrs: Record<string, string> = { 'data-main': '/main.1234abcd.js', 'data-preload': '/remoteEntry.js /121.aaaa1111.js' };
    const document = {
      currentScript: { getAttribute: (n: string) => attrs[n] ?? null },
      visibilityState: 'visible',
      createElement: () => ({}),
      head: { appendChild: (l: { rel: string; as: string; href: string }) => preloaded.push(l) },
      body: { appendChild: (s: { src: string }) => appended.push(s) },
    };
    const window = { requestAnimationFrame: (f: () => void) => frames.push(f) };
    new Function('document', 'window', 'setTimeout', res.body)(document, window, (f: () => void) => timers.push(f));
    expect([preloaded, appended]).toEqual([[], []]);
    frames.shift()!();
    expect([preloaded, appended]).toEqual([[], []]);
    timers.shift()!();
    expect(preloaded).toEqual([
      { rel: 'preload', as: 'script', href: '/remoteEntry.js' },
      { rel: 'preload', as: 'script', href: '/121.aaaa1111.js' },
    ]);
    expect(appended).toEqual([{ src: '/main.1234abcd.js' }]);
  });

  it('hashed shell chunks are immutable; unhashed assets no-cache', async () => {
    const js = await app.inject({ method: 'GET', url: '/main.3f2a9c1d.js' });
    expect(js.statusCode).toBe(200);
    expect(js.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const svg = await app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(svg.headers['cache-control']).toBe('no-cache');
  });

  it('serves a pre-compressed sibling (.br) when the browser accepts it, same cache headers', async () => {
    const zlib = await import('node:zlib');
    write(path.join(dir, 'shell/dist/vendor.0badc0de.js'), 'x'.repeat(2000));
    fs.writeFileSync(path.join(dir, 'shell/dist/vendor.0badc0de.js.br'), zlib.brotliCompressSync(Buffer.from('x'.repeat(2000))));
    const br = await app.inject({ method: 'GET', url: '/vendor.0badc0de.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const plain = await app.inject({ method: 'GET', url: '/vendor.0badc0de.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe('x'.repeat(2000));
  });

  it('a missing asset is 404, not the SPA', async () => {
    const res = await app.inject({ method: 'GET', url: '/main.deadbeef.js' });
    expect(res.statusCode).toBe(404);
  });

  it('remoteEntry.js and mf-manifest.json: no-cache + CORS; remote chunks immutable', async () => {
    for (const f of ['remoteEntry.js', 'mf-manifest.json']) {
      const res = await app.inject({ method: 'GET', url: `/mfe/mfe_public/${f}` });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['access-control-allow-origin']).toBe('*');
    }
    const chunk = await app.inject({ method: 'GET', url: '/mfe/mfe_seller/static/js/async/__federation_expose_App.1a2b3c4d.js' });
    expect(chunk.statusCode).toBe(200);
    expect(chunk.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it.each(['/mfe/mfe_public/nope.js', '/mfe/mfe_public/some/route', '/mfe/mfe_buyer/remoteEntry.js', '/mfe/unknown/x'])('missing remote asset %s → 404', async (url) => {
    const res = await app.inject({ method: 'GET', url });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('<title>shell</title>');
  });

  it('serves the registry with no-cache and re-reads it when the file changes', async () => {
    const first = await app.inject({ method: 'GET', url: '/mfe-registry.json' });
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('no-cache');
    expect(first.json()).toEqual({ remotes: { mfe_public: '/mfe/mfe_public/mf-manifest.json' } });
    const file = path.join(dir, 'infra/mfe-registry.json');
    write(file, JSON.stringify({ remotes: { mfe_public: '/mfe/mfe_public/mf-manifest.json', mfe_staff: 'https://cdn.example.com/staff/mf-manifest.json' } }));
    const later = new Date(Date.now() + 5000);
    fs.utimesSync(file, later, later);
    // re-read on the next request once its check interval (250 ms) has passed
    await eventually(async () => (await app.inject({ method: 'GET', url: '/mfe-registry.json' })).json().remotes.mfe_staff !== undefined);
    const second = await app.inject({ method: 'GET', url: '/mfe-registry.json' });
    expect(second.json().remotes.mfe_staff).toBe('https://cdn.example.com/staff/mf-manifest.json');
    // the CSP now allows that remote's origin
    const page = await app.inject({ method: 'GET', url: '/' });
    expect(page.headers['content-security-policy']).toContain('https://cdn.example.com');
  });

  it('keeps the last good registry when the file becomes invalid', async () => {
    const file = path.join(dir, 'infra/mfe-registry.json');
    const before = (await app.inject({ method: 'GET', url: '/mfe-registry.json' })).json();
    const warn = jest.spyOn(app.log, 'warn');
    write(file, '{ not json');
    const later = new Date(Date.now() + 10000);
    fs.utimesSync(file, later, later);
    // until the gateway has read the invalid file (it says so), then the registry is still the last good one
    await eventually(async () => {
      await app.inject({ method: 'GET', url: '/mfe-registry.json' });
      return warn.mock.calls.some((c) => String(c[0]).includes('is not valid JSON'));
    });
    expect((await app.inject({ method: 'GET', url: '/mfe-registry.json' })).json()).toEqual(before);
    warn.mockRestore();
  });
});

describe('security headers', () => {
  it('CSP, nosniff, referrer policy, no framing; HSTS unless COOKIE_SECURE=0 (plain http)', async () => {
    const app = await gateway({ COOKIE_SECURE: '0' });
    const res = await app.inject({ method: 'GET', url: '/' });
    const csp = res.headers['content-security-policy'] as string;
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("img-src 'self' data:");
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['x-frame-options']).toBe('DENY');
    expect(res.headers['strict-transport-security']).toBeUndefined();
    const api = await app.inject({ method: 'GET', url: '/api/nope' });
    expect(api.headers['x-content-type-options']).toBe('nosniff');
    await app.close();
    for (const env of [{}, { COOKIE_SECURE: '1' }]) {
      const secure = await gateway(env);
      const s = await secure.inject({ method: 'GET', url: '/' });
      expect(s.headers['strict-transport-security']).toContain('max-age=31536000');
      await secure.close();
    }
  });
});
