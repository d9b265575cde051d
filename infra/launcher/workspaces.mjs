// The workspace graph, read from the root package.json: which workspaces build, what they depend on, what their
// build reads. Used by build.mjs (out-of-date builds), stack.mjs and scripts/test-all.mjs.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Shared build configuration files: a change to any of them rebuilds the workspaces that use them. */
const SHARED_INPUTS = {
  swc: ['.swcrc', 'tsconfig.base.json'],
  rspack: ['infra/rspack', 'tsconfig.web.json', 'tsconfig.base.json'],
};

const IGNORED_DIRS = new Set(['node_modules', 'dist', '.git', 'coverage', 'test-results', 'playwright-report', '.turbo', '.cache']);

function readJson(file) {
  return JSON.parse(fs.readFileSync(file, 'utf8'));
}

/** Every workspace: { dir, name, pkg, scripts, deps (workspace names), kind: 'swc'|'rspack'|'other'|null } */
export function listWorkspaces(root = ROOT) {
  const rootPkg = readJson(path.join(root, 'package.json'));
  const dirs = rootPkg.workspaces || [];
  const all = [];
  for (const dir of dirs) {
    const pkgFile = path.join(root, dir, 'package.json');
    if (!fs.existsSync(pkgFile)) continue;
    const pkg = readJson(pkgFile);
    const scripts = pkg.scripts || {};
    const build = scripts.build || '';
    const kind = !build ? null : /rspack/.test(build) ? 'rspack' : /\bswc\b/.test(build) ? 'swc' : 'other';
    all.push({ dir, abs: path.join(root, dir), name: pkg.name, pkg, scripts, kind, deps: [] });
  }
  const byName = new Map(all.map((w) => [w.name, w]));
  for (const w of all) {
    const names = Object.keys({ ...(w.pkg.dependencies || {}), ...(w.pkg.peerDependencies || {}) });
    w.deps = names.filter((n) => byName.has(n) && n !== w.name);
  }
  return all;
}

/** The workspace and every workspace it depends on, transitively (names). */
export function transitiveDeps(ws, all) {
  const byName = new Map(all.map((w) => [w.name, w]));
  const seen = new Set();
  const visit = (w) => {
    for (const d of w.deps) {
      if (seen.has(d)) continue;
      seen.add(d);
      visit(byName.get(d));
    }
  };
  visit(ws);
  return [...seen].map((n) => byName.get(n));
}

function walk(p, out) {
  let st;
  try { st = fs.statSync(p); } catch { return; }
  if (st.isDirectory()) {
    for (const e of fs.readdirSync(p)) {
      if (IGNORED_DIRS.has(e) || e.startsWith('.build-stamp')) continue;
      walk(path.join(p, e), out);
    }
  } else if (st.isFile()) {
    out.push([p, st.mtimeMs, st.size]);
  }
}

/**
 * The input files of a workspace's build: its own folder (minus dist, node_modules, tests), the folders of the
 * workspaces it depends on (bundlers and swc read them as source), and the shared build config.
 */
export function buildInputs(ws, all, root = ROOT) {
  const files = [];
  walk(ws.abs, files);
  for (const d of transitiveDeps(ws, all)) walk(d.abs, files);
  for (const rel of SHARED_INPUTS[ws.kind] || []) walk(path.join(root, rel), files);
  return files.sort((a, b) => (a[0] < b[0] ? -1 : 1));
}

/** Where a workspace's build output lives (the stamp is kept inside, so removing dist/ forces a rebuild). */
export const outDir = (ws) => path.join(ws.abs, 'dist');
export const stampFile = (ws) => path.join(outDir(ws), '.build-stamp.json');
