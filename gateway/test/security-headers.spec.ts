import { gateway, startUpstream, type Upstream } from './helpers.js';
import { EARLY_SUBMIT_CSP_HASH } from '../src/prerender/early-submit.js';

/** Helmet's full set, as the gateway sends it on every answer (precomputed once, not per request). */
const EXPECTED = {
  'content-security-policy': `default-src 'self';base-uri 'self';script-src 'self' ${EARLY_SUBMIT_CSP_HASH};connect-src 'self';style-src 'self' 'unsafe-inline';`
    + "img-src 'self' data: blob:;font-src 'self' data:;object-src 'none';frame-ancestors 'none';form-action 'self';upgrade-insecure-requests",
  'cross-origin-opener-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'DENY',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

describe('security headers on every answer', () => {
  let up: Upstream;
  let app: Awaited<ReturnType<typeof gateway>>;
  beforeAll(async () => {
    up = await startUpstream('listings');
    app = await gateway({ UPSTREAM_LISTINGS: up.url, COOKIE_SECURE: '1' });
  });
  afterAll(async () => { await app.close(); await up.close(); });

  it.each([
    ['a proxied API answer', '/api/auth/available-listings'],
    ['a page', '/about'],
    ['an API 404', '/api/nope'],
    ['the registry', '/mfe-registry.json'],
  ])('%s carries helmet\'s full set', async (_what, url) => {
    const res = await app.inject({ method: 'GET', url });
    for (const [k, v] of Object.entries(EXPECTED)) expect([k, res.headers[k]]).toEqual([k, v]);
    expect(res.headers['x-request-id']).toBeTruthy();
  });

  it('two requests get their own request ids', async () => {
    const a = await app.inject({ method: 'GET', url: '/api/auth/available-listings' });
    const b = await app.inject({ method: 'GET', url: '/api/auth/available-listings' });
    expect(a.headers['x-request-id']).not.toBe(b.headers['x-request-id']);
  });
});

describe('the session cookie, read without a cookie plugin', () => {
  it('picks the session cookie among others, decoded, and ignores look-alikes', async () => {
    const { cookieOf } = await import('../src/session/cookie.js');
    const req = (cookie?: string) => ({ headers: cookie === undefined ? {} : { cookie } }) as unknown as Parameters<typeof cookieOf>[0];
    expect(cookieOf(req('a=1; bb_session=tok%2Fen; c=3'), 'bb_session')).toBe('tok/en');
    expect(cookieOf(req('xbb_session=no; bb_session="quoted"'), 'bb_session')).toBe('quoted');
    expect(cookieOf(req('bb_session_old=no'), 'bb_session')).toBeUndefined();
    expect(cookieOf(req('bb_session=%E0%A4%A'), 'bb_session')).toBe('%E0%A4%A');
    expect(cookieOf(req(), 'bb_session')).toBeUndefined();
  });
});
