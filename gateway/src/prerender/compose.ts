/**
 * Composes the HTML of a page: the shell's built index.html, plus (for a prerendered public page) the remote's
 * prerendered markup inside #root, its <head> tags and the preloads that let the browser fetch everything the
 * page needs at once instead of one file after another. Pure functions: prerendered-pages.ts feeds them.
 */
import { startAfterFirstPaint } from './paint-first.js';
import { withEarlySubmit } from './early-submit.js';

export interface HeadTags {
  title: string;
  description: string;
  /** Absolute URL of the page (canonical and og:url). */
  url: string;
  siteName: string;
}

export interface Preloads {
  /** Stylesheets the prerendered markup needs at first paint (render-blocking on purpose). */
  stylesheets: string[];
  /** Scripts fetched early, executed later by the shell / Module Federation runtime. */
  scripts: string[];
  /** fetch() targets (registry, remote manifest). */
  fetches: string[];
}

export interface ComposeInput {
  head?: HeadTags;
  preloads: Preloads;
  /** Prerendered markup of a remote, and that remote's name. */
  body?: { remote: string; html: string };
  /** A portal's frame skeleton for #root (portal-frame.ts): painted at once, replaced by the app's render. */
  frame?: string;
}

const ESC: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ESC[c]!);

const ROOT_DIV = /<div id="?root"?><\/div>/;

function headTags({ title, description, url, siteName }: HeadTags): string {
  const d = escapeHtml(description);
  const t = escapeHtml(title);
  const u = escapeHtml(url);
  return [
    `<link rel="canonical" href="${u}">`,
    `<meta property="og:type" content="website">`,
    `<meta property="og:site_name" content="${escapeHtml(siteName)}">`,
    `<meta property="og:title" content="${t}">`,
    `<meta property="og:description" content="${d}">`,
    `<meta property="og:url" content="${u}">`,
    `<meta name="twitter:card" content="summary">`,
  ].join('');
}

function preloadTags({ stylesheets, scripts, fetches }: Preloads): string {
  return [
    ...fetches.map((h) => `<link rel="preload" href="${escapeHtml(h)}" as="fetch" crossorigin="anonymous">`),
    ...stylesheets.map((h) => `<link rel="stylesheet" href="${escapeHtml(h)}">`),
    ...scripts.map((h) => `<link rel="preload" href="${escapeHtml(h)}" as="script">`),
  ].join('');
}

/** The shell's index.html with the page's head, preloads and prerendered body. */
export function composePage(shellHtml: string, { head, preloads, body, frame }: ComposeInput): string {
  let html = shellHtml;
  if (head) {
    html = html.replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(head.title)}</title>`);
    html = html.replace(/<meta name="?description"? content="[^"]*">/, `<meta name="description" content="${escapeHtml(head.description)}">`);
  }
  // a prerendered page fetches its scripts after the first frame (paint-first.ts); the shell alone preloads them now
  const extra = (head ? headTags(head) : '') + preloadTags(body || frame ? { ...preloads, scripts: [] } : preloads);
  html = html.replace('</head>', `${extra}</head>`);
  if (body) {
    // The shell mounts a remote as the only child of one Suspense boundary (<!--$--> … <!--/$-->): hydration then
    // keeps this markup on screen until the remote's code has loaded, and adopts it without re-rendering.
    html = html.replace(
      ROOT_DIV,
      () => `<div id="root" data-prerendered="${escapeHtml(body.remote)}"><!--$-->${body.html}<!--/$--></div>`,
    );
    html = startAfterFirstPaint(html, preloads.scripts.map(escapeHtml));
    // its forms are visible before they are live: a submit then is held and replayed once hydrated (early-submit.ts)
    html = withEarlySubmit(html);
  } else if (frame) {
    // a portal: its frame paints with the shell's stylesheet; the scripts (the area remote's included) start once that
    // stylesheet is in (the deferred starter waits for it), all at once
    html = html.replace(ROOT_DIV, () => `<div id="root">${frame}</div>`);
    html = startAfterFirstPaint(html, preloads.scripts.map(escapeHtml), true);
  }
  return html;
}
