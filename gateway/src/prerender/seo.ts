import type { FastifyInstance } from 'fastify';
import { escapeHtml } from './compose.js';
import type { PrerenderedPages } from './prerendered-pages.js';

/** Areas behind sign-in and utility pages: nothing for a search engine there. */
const DISALLOW = ['/seller', '/buyer', '/broker', '/agent', '/api/', '/reset-password', '/unsubscribe'];

export function robotsTxt(publicUrl: string): string {
  return ['User-agent: *', ...DISALLOW.map((p) => `Disallow: ${p}`), '', `Sitemap: ${publicUrl}/sitemap.xml`, ''].join('\n');
}

export function sitemapXml(publicUrl: string, paths: string[]): string {
  const urls = paths
    .filter((p) => !DISALLOW.some((d) => p.startsWith(d)))
    .map((p) => `<url><loc>${escapeHtml(publicUrl + p)}</loc></url>`)
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls}</urlset>`;
}

/** GET /robots.txt and /sitemap.xml (the public pages the prerendered build lists). */
export function registerSeoRoutes(app: FastifyInstance, pages: PrerenderedPages, publicUrl: string): void {
  app.get('/robots.txt', (_req, reply) => reply.header('cache-control', 'no-cache').type('text/plain; charset=utf-8').send(robotsTxt(publicUrl)));
  app.get('/sitemap.xml', async (_req, reply) =>
    reply.header('cache-control', 'no-cache').type('application/xml; charset=utf-8').send(sitemapXml(publicUrl, await pages.publicPaths())));
}
