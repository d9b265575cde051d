// One Rspack 2 + Module Federation 2 configuration factory for the shell (host) and every remote.
// Used by shell/, mfe-public/, mfe-seller/, mfe-buyer/, mfe-staff/ rspack.config.mjs:
//
//   import { createMfConfig } from '../infra/rspack/create-mf-config.mjs';
//   export default createMfConfig({ name: 'mfe_seller', dir: import.meta.dirname, port: 3102,
//                                   exposes: { './App': './src/App.tsx' } });
//
// Facts this relies on are measured in ../../../shared/PLATFORM-NOTES.md (ESM config, builtin:swc-loader,
// host with remotes {} + runtime registration, react-router shared next to react-router-dom, externalRuntime).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { rspack } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { PrecompressPlugin } from './precompress-plugin.mjs';

/** Packages that must exist once per page (they hold React context or module state). */
export const SHARED_SINGLETONS = [
  'react',
  'react-dom',
  'react-router',
  'react-router-dom',
  'zustand',
  '@tanstack/react-query',
  '@brokerage/api-client',
  // Two singletons, because a shared module is never tree-shaken: the core entry (controls, dialogs, toasts; what
  // public pages and the shell use, ≈ 3 KB gz) on every page, and the portal widgets (with zod through contracts,
  // date-fns, react-dropzone) only in the seller/buyer/staff areas. The exact key '@brokerage/ui' does not match
  // '@brokerage/ui/portal'; portal modules import core things by the package name, so both reach one core instance.
  '@brokerage/ui',
  '@brokerage/ui/portal',
];
// Measured: sharing zod is a bad trade. A shared module is never tree-shaken: the shared zod chunk is ≈ 88 KB gz,
// while each container's tree-shaken copy is ≈ 15 KB gz. So zod stays per container, and code on the /login path
// avoids pulling it where it can (api-client re-exports zod-free role helpers).

/** See react-router-client.mjs. */
export const ROUTER_FACADE = fileURLToPath(new URL('./react-router-client.mjs', import.meta.url));

function readJson(file) {
  return JSON.parse(readFileSync(file, 'utf8'));
}

/** Shared config: singletons, requiredVersion from the package's own package.json dependencies. */
export function sharedConfig(dir) {
  const pkg = readJson(path.join(dir, 'package.json'));
  const deps = { ...(pkg.peerDependencies || {}), ...(pkg.dependencies || {}) };
  const require = createRequire(path.join(dir, 'package.json'));
  const rrVersion = readJson(require.resolve('react-router/package.json')).version;
  const shared = {};
  for (const name of SHARED_SINGLETONS) {
    // A subpath entry ('@brokerage/ui/portal') takes its package's version.
    const requiredVersion = deps[name] || deps[name.split('/').slice(0, name.startsWith('@') ? 2 : 1).join('/')];
    shared[name] = {
      singleton: true,
      // Workspace packages (@brokerage/*) are pinned to their workspace version; a mismatch warns, never loads twice.
      requiredVersion: requiredVersion || false,
      strictVersion: false,
    };
    if (name === 'react-router' || name === 'react-router-dom') {
      // Both specifiers are the same facade module under one share key: one router instance per page.
      Object.assign(shared[name], {
        import: ROUTER_FACADE,
        shareKey: 'react-router',
        version: rrVersion,
        requiredVersion: deps['react-router'] || deps['react-router-dom'] || `^${rrVersion}`,
      });
    }
  }
  return shared;
}

/**
 * @param {object} o
 * @param {string} o.name     federation name: 'shell' | 'mfe_public' | 'mfe_seller' | 'mfe_buyer' | 'mfe_staff'
 * @param {string} o.dir      the package folder (import.meta.dirname of its rspack.config.mjs)
 * @param {number} [o.port]   dev-server port
 * @param {boolean} [o.isHost]
 * @param {Record<string,string>} [o.exposes]  remotes: { './App': './src/App.tsx' }
 * @param {string} [o.entry]  host entry (default ./src/index.ts)
 */
export function createMfConfig({ name, dir, port = 3100, isHost = false, exposes = {}, entry }) {
  const mode = process.env.NODE_ENV === 'development' ? 'development' : 'production';
  const prod = mode === 'production';
  const buildTag = process.env.MFE_BUILD_TAG || 'dev';
  const require = createRequire(path.join(dir, 'package.json'));
  // react-router: one client-only facade (./react-router-client.mjs) stands for both `react-router` and
  // `react-router-dom` in every container, shared under one key. It re-exports the whole browser API from the
  // production build (react-router 7's package exports point every condition at dist/development) and leaves the
  // server/framework half out: ≈ 44 KB gz instead of ≈ 61.7 KB gz on every page.
  const rrDir = path.dirname(require.resolve('react-router/package.json'));
  const rrBuild = path.join(rrDir, 'dist', prod ? 'production' : 'development');
  const alias = {
    '@brokerage-internal/react-router-index$': path.join(rrBuild, 'index.mjs'),
    '@brokerage-internal/react-router-dom-export$': path.join(rrBuild, 'dom-export.mjs'),
    'react-router$': ROUTER_FACADE,
    'react-router-dom$': ROUTER_FACADE,
  };

  /** @type {import('@rspack/core').Configuration} */
  const config = {
    mode,
    context: dir,
    // Remotes have no page of their own: the container entry (remoteEntry.js) is their only entry.
    entry: isHost ? { main: entry || './src/index.ts' } : {},
    target: ['web', 'es2020'],
    devtool: prod ? false : 'eval-cheap-module-source-map',
    output: {
      path: path.join(dir, 'dist'),
      publicPath: 'auto',
      uniqueName: name,
      filename: prod ? '[name].[contenthash:8].js' : '[name].js',
      chunkFilename: prod ? '[name].[contenthash:8].js' : '[name].js',
      cssFilename: prod ? '[name].[contenthash:8].css' : '[name].css',
      cssChunkFilename: prod ? '[name].[contenthash:8].css' : '[name].css',
      assetModuleFilename: 'assets/[name].[contenthash:8][ext]',
      clean: true,
    },
    resolve: {
      extensions: ['.tsx', '.ts', '.jsx', '.js', '.mjs', '.json'],
      // Relative imports written with a .js suffix (nodenext style) resolve to the .ts/.tsx source.
      extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
      // Workspace packages expose their TypeScript source under the "source" condition: bundle from source, no prebuild.
      conditionNames: ['source', '...'],
      alias,
    },
    module: {
      rules: [
        {
          test: /\.(tsx?|jsx?)$/,
          exclude: /node_modules[\\/](?!@brokerage)/,
          loader: 'builtin:swc-loader',
          options: {
            jsc: {
              parser: { syntax: 'typescript', tsx: true },
              transform: { react: { runtime: 'automatic', development: !prod, refresh: false } },
              target: 'es2020',
            },
          },
          type: 'javascript/auto',
        },
        // Rspack 2 native CSS: a rule with type css/auto (experiments.css is deprecated in 2.x).
        { test: /\.css$/, type: 'css/auto' },
        { test: /\.(png|jpe?g|gif|webp|avif|svg|ico)$/i, type: 'asset', parser: { dataUrlCondition: { maxSize: 4096 } } },
        { test: /\.(woff2?|ttf|otf|eot)$/i, type: 'asset/resource' },
        // @brokerage/contracts only declares data and pure functions: let unused modules drop out.
        { test: /packages[\\/]contracts[\\/]src/, sideEffects: false },
      ],
    },
    optimization: {
      minimize: prod,
      // Keep module ids stable so a rebuilt remote does not change unrelated chunk hashes.
      moduleIds: 'deterministic',
      chunkIds: 'deterministic',
    },
    plugins: [
      new rspack.DefinePlugin({
        'process.env.MFE_BUILD_TAG': JSON.stringify(buildTag),
        'process.env.MFE_NAME': JSON.stringify(name),
        'process.env.NODE_ENV': JSON.stringify(mode),
      }),
      new ModuleFederationPlugin({
        name,
        ...(isHost
          ? { remotes: {} }
          : { filename: 'remoteEntry.js', exposes }),
        shared: sharedConfig(dir),
        // 'version-first' (the default) loads every registered remote's entry before the first one is used, so one
        // remote that is down would blank the whole site. 'loaded-first' loads a remote only when its area is opened.
        shareStrategy: 'loaded-first',
        manifest: { fileName: 'mf-manifest.json' },
        dts: false,
        dev: false,
        // The host provides the MF runtime once; remotes use it instead of bundling their own (≈ 17 KB gz each).
        // Consequence: remotes run only inside the host (no standalone remote pages).
        experiments: isHost ? { provideExternalRuntime: true } : { externalRuntime: true },
      }),
      ...(isHost
        ? [
            new rspack.HtmlRspackPlugin({
              template: path.join(dir, 'index.html'),
              // The shell is served at / for every route (/seller/messages too): its script tags must be absolute.
              // Chunks keep publicPath 'auto' (derived from that script's URL).
              publicPath: process.env.SHELL_PUBLIC_PATH || '/',
              inject: 'body',
              scriptLoading: 'defer',
              minify: prod,
            }),
          ]
        : []),
      ...(prod ? [new PrecompressPlugin()] : []),
    ],
    performance: { hints: false },
    devServer: {
      port,
      historyApiFallback: isHost,
      // `npm run dev -w shell`: the registry, the remotes and the API come from a running gateway.
      ...(isHost
        ? { proxy: [{ context: ['/api', '/mfe', '/mfe-registry.json'], target: process.env.GATEWAY_URL || 'http://127.0.0.1:8080' }] }
        : {}),
      headers: { 'Access-Control-Allow-Origin': '*', 'Cache-Control': 'no-cache' },
    },
  };
  return config;
}

export default createMfConfig;
