import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { REMOTES } from '../registry/registry.js';
import type { PrerenderedPages } from '../prerender/prerendered-pages.js';

const NO_CACHE = 'no-cache';
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** A content hash in the file name: main.3f2a9c1d.js, 123.abcdef12.chunk.css, __federation_expose_App.1a2b3c4d5e.js */
const HASHED = /[.\-_][0-9a-f]{8,}(\.[a-z0-9]+)*\.[a-z0-9]+$/i;

export function cacheControlFor(file: string): string {
  const base = path.basename(file);
  if (base === 'remoteEntry.js' || base === 'mf-manifest.json' || base.endsWith('.html')) return NO_CACHE;
  return HASHED.test(base) ? IMMUTABLE : NO_CACHE;
}

/** A GET path the SPA owns: not an API or remote path, and no file extension in the last segment. */
export function isSpaPath(urlPath: string): boolean {
  if (urlPath === '/api' || urlPath.startsWith('/api/') || urlPath.startsWith('/mfe/') || urlPath === '/mfe') return false;
  const last = urlPath.slice(urlPath.lastIndexOf('/') + 1);
  return !last.includes('.');
}

export function shellDir(staticDir: string): string { return path.join(staticDir, 'shell', 'dist'); }

/** Shell at /, each remote at /mfe/<name>/. Missing files fall through to the not-found handler. */
export async function registerStatic(app: FastifyInstance, staticDir: string): Promise<void> {
  await app.register(fastifyStatic, {
    root: shellDir(staticDir),
    prefix: '/',
    cacheControl: false,
    preCompressed: true, // .br / .gz written next to each asset at build time (infra/rspack)
    index: false, // / is a page like any other: composed by the SPA fallback (prerendered home)
    setHeaders(reply: FastifyReply, file: string) {
      reply.header('cache-control', cacheControlFor(file));
    },
  });
  for (const [name, folder] of Object.entries(REMOTES)) {
    await app.register(fastifyStatic, {
      root: path.join(staticDir, folder, 'dist'),
      prefix: `/mfe/${name}/`,
      decorateReply: false,
      cacheControl: false,
      preCompressed: true,
      index: false,
      setHeaders(reply: FastifyReply, file: string) {
        reply.header('cache-control', cacheControlFor(file));
        // remoteEntry.js / mf-manifest.json are fetched by hosts on other origins; chunks and fonts may be too.
        reply.header('access-control-allow-origin', '*');
        reply.header('cross-origin-resource-policy', 'cross-origin');
      },
    });
  }
}

/**
 * A page's form posted natively (its scripts never ran: JavaScript off, or blocked): the body is dropped unread and
 * the browser is sent back to the page with a GET (303), so a password typed there never reaches a page handler, a
 * log or a JSON "Not found". With scripts, every prerendered form is held until the app takes it (early-submit).
 * Only a plain same-origin path goes into Location (never `//host` or `/\host`).
 */
export function redirectNativePost(req: FastifyRequest, reply: FastifyReply): FastifyReply | null {
  if (req.method !== 'POST') return null;
  const q = req.url.indexOf('?');
  const p = q >= 0 ? req.url.slice(0, q) : req.url;
  if (!isSpaPath(p) || !/^\/(?![/\\])/.test(p)) return null;
  return reply.code(303).header('location', p).header('cache-control', 'no-store').send();
}

/**
 * SPA fallback for every non-API, non-asset GET: the composed page (no-cache) — a prerendered public page with its
 * content and head tags, or the shell with preloads (prerender/prerendered-pages.ts).
 */
export async function sendSpaPage(req: FastifyRequest, reply: FastifyReply, pages: PrerenderedPages): Promise<FastifyReply | null> {
  if ((req.method !== 'GET' && req.method !== 'HEAD')) return null;
  const q = req.url.indexOf('?');
  const p = q >= 0 ? req.url.slice(0, q) : req.url;
  if (!isSpaPath(p)) return null;
  const html = await pages.page(p, new URLSearchParams(q >= 0 ? req.url.slice(q + 1) : ''));
  reply.header('cache-control', NO_CACHE);
  if (html === null) return reply.sendFile('index.html');
  return reply.type('text/html; charset=utf-8').send(html);
}
