// Fallback for workspace packages consumed as TypeScript source at runtime (packages/contracts exports src/*.ts):
// Node 20 cannot load .ts, so the launcher starts services with `--import ./ts-hooks.mjs`, which compiles such files
// with @swc/core in memory. It only touches .ts files outside node_modules: once a package ships built .js (a build
// script + exports to dist/), this hook does nothing for it.
import { register } from 'node:module';

register('./ts-loader.mjs', import.meta.url);
