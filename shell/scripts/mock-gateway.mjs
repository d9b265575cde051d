// Stand-in for the gateway for front-end smoke checks (no services needed): serves shell/dist at /, <remote>/dist at
// /mfe/<remote>/, /mfe-registry.json, and a mock /api (demo logins, check-session, restore from cookie, /users probe,
// buyer progress at step 4, everything else 501). POST /__ctl {"killSeller":true} makes mfe_seller answer 503.
// Usage: PORT=8099 node shell/scripts/mock-gateway.mjs   (then node shell/scripts/smoke.mjs)
import http from 'node:http';
import fs from 'node:fs';
import path from 'node:path';
const ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), '../..');
const PORT = Number(process.env.PORT || 8099);
const types = { '.js': 'text/javascript', '.css': 'text/css', '.json': 'application/json', '.html': 'text/html', '.svg': 'image/svg+xml' };
const users = {
  'seller@example.com': { id: '00000000-0000-4000-8000-000000000003', email: 'seller@example.com', name: 'Sam Seller', role: 'SELLER' },
  'buyer@example.com': { id: '00000000-0000-4000-8000-000000000004', email: 'buyer@example.com', name: '', role: 'BUYER' },
  'broker@example.com': { id: '00000000-0000-4000-8000-000000000001', email: 'broker@example.com', name: 'Morgan Broker', role: 'BROKER' },
  'agent@example.com': { id: '00000000-0000-4000-8000-000000000002', email: 'agent@example.com', name: 'Avery Agent', role: 'AGENT' },
};
const sessions = new Map(); // token -> user
export const state = { killSeller: false, log: [] };
function json(res, status, body, headers = {}) { res.writeHead(status, { 'content-type': 'application/json', ...headers }); res.end(JSON.stringify(body)); }
function tokenOf(req) {
  const h = req.headers['x-session-token'];
  const c = /bb_session=([^;]+)/.exec(req.headers.cookie || '');
  return h || (c && c[1]);
}
function serveFile(res, file, noCache) {
  fs.readFile(file, (err, data) => {
    if (err) { res.writeHead(404); return res.end('not found'); }
    res.writeHead(200, { 'content-type': types[path.extname(file)] || 'application/octet-stream', 'cache-control': noCache ? 'no-cache' : 'public, max-age=31536000, immutable', 'access-control-allow-origin': '*' });
    res.end(data);
  });
}
const server = http.createServer((req, res) => {
  const url = new URL(req.url, 'http://x');
  const p = url.pathname;
  let body = '';
  req.on('data', (c) => (body += c));
  req.on('end', () => {
    state.log.push(`${req.method} ${p}`);
    if (p === '/__ctl') { Object.assign(state, JSON.parse(body || '{}')); return json(res, 200, state); }
    if (p === '/mfe-registry.json') return json(res, 200, { remotes: {
      mfe_public: '/mfe/mfe_public/mf-manifest.json', mfe_seller: '/mfe/mfe_seller/mf-manifest.json',
      mfe_buyer: '/mfe/mfe_buyer/mf-manifest.json', mfe_staff: '/mfe/mfe_staff/mf-manifest.json' } }, { 'cache-control': 'no-cache' });
    let m;
    if ((m = /^\/mfe\/(mfe_[a-z]+)\/(.+)$/.exec(p))) {
      if (state.killSeller && m[1] === 'mfe_seller') { res.writeHead(503); return res.end('down'); }
      const dir = (m[1] === 'mfe_public' && process.env.MFE_PUBLIC_DIR) ? process.env.MFE_PUBLIC_DIR : path.join(ROOT, m[1].replace('_', '-'), 'dist');
      const f = path.join(dir, path.normalize(m[2]));
      if (!f.startsWith(dir)) { res.writeHead(403); return res.end(); }
      return serveFile(res, f, /remoteEntry|mf-manifest/.test(m[2]));
    }
    if (p.startsWith('/api/')) {
      const api = p.slice(4);
      const tok = tokenOf(req);
      const me = tok && sessions.get(tok);
      if (api === '/auth/login' && req.method === 'POST') {
        const { email, password } = JSON.parse(body || '{}');
        const u = users[email];
        if (!u || password !== 'demo-pass-2026') return json(res, 401, { message: 'Invalid email or password' });
        const t = 'tok-' + Math.random().toString(36).slice(2);
        sessions.set(t, u);
        return json(res, 200, { user: u, role: u.role, sessionToken: t, token: t }, { 'set-cookie': `bb_session=${t}; Path=/; HttpOnly; SameSite=Lax` });
      }
      if (api === '/auth/logout') { if (tok) sessions.delete(tok); return json(res, 200, { message: 'ok' }, { 'set-cookie': 'bb_session=; Path=/; Max-Age=0' }); }
      if (api === '/auth/check-session') return json(res, 200, me ? { authenticated: true, user: me } : { authenticated: false });
      if (api === '/auth/restore-session') {
        const c = /bb_session=([^;]+)/.exec(req.headers.cookie || '');
        const u = c && sessions.get(c[1]);
        const b = JSON.parse(body || '{}'); 
        if (!u || u.id !== b.userId) return json(res, 401, { message: 'Authentication required' });
        return new Promise((r) => setTimeout(r, 600)).then(() => json(res, 200, { message: 'Session restored', user: u, sessionToken: c[1], token: c[1] }));
      }
      if (api === '/users') return me ? json(res, 200, []) : json(res, 401, { message: 'Authentication required' });
      if (!me) return json(res, 401, { message: 'Authentication required' });
      if (api === '/buyer/progress') return json(res, 200, { currentStep: 3, steps: Array.from({ length: 11 }, (_, i) => ({ id: i, completed: i < 3 && i !== 1 })) });
      return json(res, 501, { message: 'This feature is not available yet.' });
    }
    const f = path.join(ROOT, 'shell/dist', path.normalize(p));
    if (p !== '/' && fs.existsSync(f) && fs.statSync(f).isFile()) return serveFile(res, f, false);
    return serveFile(res, path.join(ROOT, 'shell/dist/index.html'), true);
  });
});
server.listen(PORT, '127.0.0.1', () => console.log('fe server on', PORT));
