#!/usr/bin/env node
// Prerenders every public page of mfe_public into dist/prerender/ after the client build (`npm run build`):
// bundles src/prerender/render-page.tsx for Node with the client build's own module rules (same asset names,
// same defines), renders each page of SEO_PAGES, and writes one HTML fragment per page plus manifest.json.
// The gateway composes a fragment into the shell's index.html; the shell hydrates it (docs/CONVENTIONS.md
// "Prerendered public pages"). Redeploying this remote alone refreshes its pages: no shell rebuild.
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { rspack } from '@rspack/core';
import { createMfConfig } from '../../infra/rspack/create-mf-config.mjs';

const dir = path.resolve(import.meta.dirname, '..');
const dist = path.join(dir, 'dist');
const outDir = path.join(dist, 'prerender');
const REMOTE = 'mfe_public';
/** Where the gateway serves this remote's files; the gateway rewrites it when the registry says otherwise. */
export const ASSET_BASE = `/mfe/${REMOTE}/`;

function ssrConfig(tmp) {
  const client = createMfConfig({ name: REMOTE, dir, exposes: { './App': './src/App.tsx' } });
  const rules = client.module.rules.map((r) =>
    // Styles reach the page through the client build's CSS; the Node bundle only needs the import to resolve.
    String(r.test) === String(/\.css$/) ? { test: /\.css$/, type: 'asset/source' } : r,
  );
  const { alias: _clientOnlyRouterFacade, ...resolve } = client.resolve;
  return {
    mode: 'production',
    context: dir,
    target: 'node20',
    entry: { render: './src/prerender/render-page.tsx' },
    output: {
      path: tmp,
      filename: '[name].cjs',
      library: { type: 'commonjs2' },
      publicPath: ASSET_BASE,
      assetModuleFilename: client.output.assetModuleFilename,
      clean: true,
    },
    resolve,
    module: { rules, generator: { asset: { emit: false }, 'asset/resource': { emit: false } } },
    // One copy of React and of the router/query contexts: the same node_modules packages as react-dom/static.
    externals: [/^react(-dom)?(\/.*)?$/, /^react-router(-dom)?$/, /^@tanstack\/react-query$/],
    externalsType: 'commonjs',
    optimization: { minimize: false, moduleIds: 'deterministic' },
    plugins: client.plugins.filter((p) => p instanceof rspack.DefinePlugin),
    performance: { hints: false },
    devtool: false,
  };
}

function compile(config) {
  return new Promise((resolve, reject) => {
    rspack(config, (err, stats) => {
      if (err) return reject(err);
      if (stats.hasErrors()) return reject(new Error(stats.toString({ all: false, errors: true })));
      resolve(stats);
    });
  });
}

/** '/' → 'index.html', '/buying/nda' → 'buying--nda.html'. */
export const fileFor = (p) => (p === '/' ? 'index.html' : `${p.slice(1).replace(/\//g, '--')}.html`);

async function main() {
  const manifestPath = path.join(dist, 'mf-manifest.json');
  if (!fs.existsSync(manifestPath)) throw new Error('prerender: run the client build first (dist/mf-manifest.json missing)');
  // Inside the package so that the bundle's externals resolve from the workspace's node_modules.
  const tmp = fs.mkdtempSync(path.join(dir, '.prerender-'));
  try {
    await compile(ssrConfig(tmp));
    const { renderPage, SEO_PAGES } = createRequire(import.meta.url)(path.join(tmp, 'render.cjs'));
    fs.rmSync(outDir, { recursive: true, force: true });
    fs.mkdirSync(outDir, { recursive: true });
    const pages = {};
    for (const page of SEO_PAGES) {
      const { html, title } = await renderPage(page.path);
      if (!title) throw new Error(`prerender: ${page.path} sets no document title`);
      const file = fileFor(page.path);
      fs.writeFileSync(path.join(outDir, file), html);
      pages[page.path] = { file, title, description: page.description, ...(page.skipWithQuery ? { skipWithQuery: page.skipWithQuery } : {}) };
    }
    const mf = JSON.parse(fs.readFileSync(manifestPath, 'utf8'));
    const app = mf.exposes.find((e) => e.path === './App');
    const manifest = {
      version: 1,
      remote: REMOTE,
      assetBase: ASSET_BASE,
      buildTag: process.env.MFE_BUILD_TAG || 'dev',
      builtAt: new Date().toISOString(),
      // What the first paint needs before any script: the remote's styles; what hydration needs next: its entry.
      css: app.assets.css.sync,
      js: ['remoteEntry.js', ...app.assets.js.sync],
      pages,
    };
    fs.writeFileSync(path.join(outDir, 'manifest.json'), JSON.stringify(manifest, null, 2));
    console.log(`prerender: ${Object.keys(pages).length} pages → ${path.relative(process.cwd(), outDir)}`);
  } finally {
    if (!process.env.PRERENDER_KEEP) fs.rmSync(tmp, { recursive: true, force: true });
  }
}

await main();
