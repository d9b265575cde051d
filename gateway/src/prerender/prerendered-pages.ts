import { promises as fsp } from 'node:fs';
import path from 'node:path';
import { REMOTES, type RegistryFile } from '../registry/registry.js';
import { shellDir } from '../static/static.js';
import { composePage, type Preloads } from './compose.js';
import { PORTAL_AREAS, portalAreaOf, portalFrameHtml, remoteAppFiles, type PortalArea } from './portal-frame.js';

/** The remote the shell mounts for every path outside the role areas (shell/src/App.tsx). */
export const PUBLIC_REMOTE = 'mfe_public';
const CHECK_EVERY_MS = 500;

/** dist/prerender/manifest.json written by mfe-public/scripts/prerender.mjs. */
interface PrerenderManifest {
  version: 1;
  remote: string;
  assetBase: string;
  buildTag: string;
  builtAt: string;
  css: string[];
  js: string[];
  pages: Record<string, { file: string; title: string; description: string; skipWithQuery?: string[] }>;
}

interface ShellFiles {
  html: string;
  /** The shell's shared chunks (react, react-dom, router…), needed by every page. */
  sharedScripts: string[];
  /** The names of the modules the shell shares (a remote's own copy of these is not loaded). */
  sharedNames: Set<string>;
}

/** An area remote's `./App` files, absolute (its base + the names in its mf-manifest.json). */
interface AreaRemote { manifest: string; js: string[]; css: string[]; stamp: string }

/** Reads a text file relative to a base: a local folder, or (remote served elsewhere) an http(s) URL. */
type Reader = (rel: string) => Promise<string | null>;

const localReader = (dir: string): Reader => async (rel) => {
  try { return await fsp.readFile(path.join(dir, rel), 'utf8'); } catch { return null; }
};
const httpReader = (base: string): Reader => async (rel) => {
  try {
    const res = await fetch(new URL(rel, base), { signal: AbortSignal.timeout(2000) });
    return res.ok ? await res.text() : null;
  } catch { return null; }
};

export interface PrerenderOptions {
  staticDir: string;
  registry: RegistryFile;
  /** The site's public origin for canonical links (https://www.example.com). */
  publicUrl: string;
  siteName: string;
}

/**
 * Serves the composed HTML of every page. Public pages prerendered by mfe_public's build come with their content;
 * other SPA paths get the shell with preloads. Follows the registry: the remote build it names is the one whose
 * pages are served, and a redeployed remote is picked up without a restart (files re-checked every 0.5 s).
 */
export class PrerenderedPages {
  private checkedAt = 0;
  private pending: Promise<void> | null = null;
  private shell: ShellFiles | null = null;
  private shellStamp = '';
  private remote: { base: string; manifest: PrerenderManifest; read: Reader; stamp: string } | null = null;
  private composed = new Map<string, string>();
  private areas = new Map<string, AreaRemote>();

  constructor(private readonly o: PrerenderOptions) {}

  /** HTML for an SPA path (null when the shell is not built). */
  async page(pathname: string, query: URLSearchParams): Promise<string | null> {
    await this.refresh();
    if (!this.shell) return null;
    const p = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
    const area = portalAreaOf(p);
    if (area) {
      const key = `portal:${area}`;
      const html = this.composed.get(key) ?? this.composePortal(area);
      this.composed.set(key, html);
      return html;
    }
    const entry = this.remote?.manifest.pages[p];
    const usable = entry && !(entry.skipWithQuery ?? []).some((k) => query.has(k));
    const key = usable ? p : '';
    const hit = this.composed.get(key);
    if (hit) return hit;
    const html = usable ? await this.composePublic(p) : this.composeShell();
    this.composed.set(key, html);
    return html;
  }

  /** The prerendered public paths (for sitemap.xml). */
  async publicPaths(): Promise<string[]> {
    await this.refresh();
    return Object.keys(this.remote?.manifest.pages ?? {});
  }

  private basePreloads(): Preloads {
    return { stylesheets: [], scripts: this.shell!.sharedScripts, fetches: ['/mfe-registry.json'] };
  }

  private composeShell(): string {
    return composePage(this.shell!.html, { preloads: this.basePreloads() });
  }

  /** A portal path: the shell with the area's frame in #root and the area remote's files preloaded. */
  private composePortal(area: PortalArea): string {
    const preloads = this.basePreloads();
    const remote = this.areas.get(PORTAL_AREAS[area].remote);
    return composePage(this.shell!.html, {
      preloads: {
        stylesheets: [],
        scripts: [...preloads.scripts, ...(remote ? [...remote.js, ...remote.css] : [])],
        fetches: [...preloads.fetches, ...(remote ? [remote.manifest] : [])],
      },
      frame: portalFrameHtml(area, this.o.siteName),
    });
  }

  private async composePublic(p: string): Promise<string> {
    const { base, manifest, read } = this.remote!;
    const entry = manifest.pages[p]!;
    const fragment = await read(`prerender/${entry.file}`);
    if (fragment === null) return this.composeShell();
    const preloads = this.basePreloads();
    const abs = (f: string) => base + f;
    return composePage(this.shell!.html, {
      head: { title: entry.title, description: entry.description, url: this.o.publicUrl + p, siteName: this.o.siteName },
      preloads: {
        stylesheets: manifest.css.map(abs),
        scripts: [...preloads.scripts, ...manifest.js.map(abs)],
        fetches: [...preloads.fetches, abs('mf-manifest.json')],
      },
      // Asset URLs were rendered for the default location; the registry may serve this build from elsewhere.
      body: { remote: PUBLIC_REMOTE, html: base === manifest.assetBase ? fragment : fragment.split(manifest.assetBase).join(base) },
    });
  }

  private refresh(): Promise<void> {
    if (this.pending) return this.pending;
    if (Date.now() - this.checkedAt < CHECK_EVERY_MS) return Promise.resolve();
    this.checkedAt = Date.now();
    this.pending = this.reload().finally(() => { this.pending = null; });
    return this.pending;
  }

  private async reload(): Promise<void> {
    const [shell, remote] = await Promise.all([this.loadShell(), this.loadRemote()]);
    const areas = await this.loadAreas(shell.files?.sharedNames ?? new Set());
    const areaStamp = (m: Map<string, AreaRemote>) => [...m.values()].map((a) => a.stamp).join(' ');
    if (shell.stamp !== this.shellStamp || (remote?.stamp ?? '') !== (this.remote?.stamp ?? '')
      || areaStamp(areas) !== areaStamp(this.areas)) this.composed.clear();
    this.shell = shell.files;
    this.shellStamp = shell.stamp;
    this.remote = remote;
    this.areas = areas;
  }

  /** The area remotes' manifests (as the registry names them): what each one's ./App loads at once. */
  private async loadAreas(sharedNames: Set<string>): Promise<Map<string, AreaRemote>> {
    const out = new Map<string, AreaRemote>();
    let registry: { remotes?: Record<string, string> };
    try { registry = JSON.parse(await this.o.registry.json()) as typeof registry; } catch { return out; }
    const names = [...new Set(Object.values(PORTAL_AREAS).map((a) => a.remote))];
    await Promise.all(names.map(async (name) => {
      const entry = registry.remotes?.[name];
      const read = entry ? this.readerFor(name, entry) : null;
      const text = read ? await read.read('mf-manifest.json') : null;
      if (!text || !read) return;
      const files = remoteAppFiles(text, sharedNames);
      out.set(name, { manifest: read.base + 'mf-manifest.json', js: files.js.map((f) => read.base + f),
        css: files.css.map((f) => read.base + f), stamp: `${name}:${text.length}:${hash(text)}` });
    }));
    return out;
  }

  /** A reader of a remote's folder: its local dist when served by this gateway, else over http(s). */
  private readerFor(name: string, entry: string): { base: string; read: Reader } | null {
    const base = entry.slice(0, entry.lastIndexOf('/') + 1);
    const folder = (REMOTES as Record<string, string>)[name];
    if (base === `/mfe/${name}/` && folder) return { base, read: localReader(path.join(this.o.staticDir, folder, 'dist')) };
    return /^https?:\/\//.test(base) ? { base, read: httpReader(base) } : null;
  }

  private async loadShell(): Promise<{ files: ShellFiles | null; stamp: string }> {
    const dir = shellDir(this.o.staticDir);
    const html = await localReader(dir)('index.html');
    if (html === null) return { files: null, stamp: '' };
    const mf = await localReader(dir)('mf-manifest.json');
    let sharedScripts: string[] = [];
    let sharedNames = new Set<string>();
    try {
      const shared = (JSON.parse(mf ?? '{}') as { shared?: Array<{ name: string; assets: { js: { sync: string[] } } }> }).shared ?? [];
      sharedScripts = shared.flatMap((s) => s.assets.js.sync).map((f) => `/${f}`);
      sharedNames = new Set(shared.map((s) => s.name));
    } catch { /* no manifest: no shared preloads */ }
    return { files: { html, sharedScripts, sharedNames }, stamp: `${html.length}:${hash(html)}:${mf?.length ?? 0}` };
  }

  private async loadRemote(): Promise<PrerenderOptionsRemote | null> {
    let registry: { remotes?: Record<string, string> };
    try { registry = JSON.parse(await this.o.registry.json()) as typeof registry; } catch { return null; }
    const entry = registry.remotes?.[PUBLIC_REMOTE];
    if (!entry) return null;
    const base = entry.slice(0, entry.lastIndexOf('/') + 1);
    const localPrefix = `/mfe/${PUBLIC_REMOTE}/`;
    const read = base === localPrefix
      ? localReader(path.join(this.o.staticDir, REMOTES[PUBLIC_REMOTE], 'dist'))
      : /^https?:\/\//.test(base) ? httpReader(base) : null;
    if (!read) return null;
    const text = await read('prerender/manifest.json');
    if (!text) return null;
    try {
      const manifest = JSON.parse(text) as PrerenderManifest;
      if (manifest.version !== 1 || !manifest.pages) return null;
      return { base, manifest, read, stamp: `${base}:${manifest.builtAt}` };
    } catch {
      return null;
    }
  }
}

type PrerenderOptionsRemote = { base: string; manifest: PrerenderManifest; read: Reader; stamp: string };

/** A cheap content fingerprint (djb2) to notice a rebuilt shell of the same length. */
function hash(s: string): number {
  let h = 5381;
  for (let i = 0; i < s.length; i++) h = ((h << 5) + h + s.charCodeAt(i)) | 0;
  return h >>> 0;
}
