/**
 * A portal opened directly (/seller, /buyer/…, /broker/…, /agent/…) used to be a blank page until the shell's and the
 * area remote's scripts had arrived (≈ 2 s, then "Loading…" to 6 s on a 1.6 Mbps / 150 ms link). The gateway now
 * serves the area's frame in #root: the sidebar (firm, area name), the top bar of small screens and a heading, drawn
 * with the shell's own stylesheet (the area frame's classes), marked `data-frame-skeleton="<area>"` and aria-busy.
 * The shell shows the same markup while it checks the session and loads the remote (shell/src/frame-skeleton.tsx);
 * the remote's real frame replaces it. The area remote's files are preloaded with the page (after the first frame,
 * paint-first.ts), so they come in parallel with the shell's instead of one after another.
 */
import { escapeHtml } from './compose.js';

export type PortalArea = 'seller' | 'buyer' | 'broker' | 'agent';

export const PORTAL_AREAS: Record<PortalArea, { remote: string; label: string }> = {
  seller: { remote: 'mfe_seller', label: 'Seller Portal' },
  buyer: { remote: 'mfe_buyer', label: 'Buyer Portal' },
  broker: { remote: 'mfe_staff', label: 'Broker Portal' },
  agent: { remote: 'mfe_staff', label: 'Agent Portal' },
};

/** The portal area a path belongs to (/seller, /seller/…), else null. */
export function portalAreaOf(pathname: string): PortalArea | null {
  const first = pathname.split('/')[1] ?? '';
  return Object.hasOwn(PORTAL_AREAS, first) ? (first as PortalArea) : null;
}

/** The area's frame, as the shell's stylesheet draws AreaFrame (packages/ui area-frame.tsx), with no user data. */
export function portalFrameHtml(area: PortalArea, firmName: string): string {
  const label = escapeHtml(PORTAL_AREAS[area].label);
  return `<div class="bb-area" data-frame-skeleton="${area}" aria-busy="true">`
    + `<header class="bb-topbar"><strong>${label}</strong></header>`
    + `<aside class="bb-sidebar" aria-label="${label} sidebar"><div class="bb-sidebar__brand">`
    + `<span class="bb-sidebar__brand-name">${escapeHtml(firmName)}</span><span class="bb-sidebar__brand-sub">${label}</span></div>`
    + `<nav class="bb-sidebar__nav" aria-label="${label} navigation"></nav></aside>`
    + `<div class="bb-main"><main class="bb-content" id="main"><h1>${label}</h1>`
    + '<div class="bb-center" role="status"><span class="bb-spinner" aria-hidden="true"></span><span>Loading…</span></div>'
    + '</main></div></div>';
}

/** The files a remote's `./App` needs at once, from its mf-manifest.json (relative to the remote's base). */
export function remoteAppFiles(manifestText: string, providedByShell: Set<string>): { js: string[]; css: string[] } {
  try {
    const m = JSON.parse(manifestText) as {
      metaData?: { remoteEntry?: { name?: string; path?: string } };
      exposes?: Array<{ name: string; assets: { js: { sync: string[] }; css: { sync: string[] } } }>;
      shared?: Array<{ name: string; assets: { js: { sync: string[] } } }>;
    };
    const entry = m.metaData?.remoteEntry?.name;
    const app = m.exposes?.find((e) => e.name === 'App' || e.name === './App');
    // shared modules the shell does not provide come from the remote's own chunks (e.g. @brokerage/ui/portal)
    const own = (m.shared ?? []).filter((s) => !providedByShell.has(s.name)).flatMap((s) => s.assets.js.sync);
    const js = [...new Set([...(entry ? [`${m.metaData?.remoteEntry?.path ?? ''}${entry}`] : []), ...(app?.assets.js.sync ?? []), ...own])];
    return { js, css: app?.assets.css.sync ?? [] };
  } catch {
    return { js: [], css: [] };
  }
}
