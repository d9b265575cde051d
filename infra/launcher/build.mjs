#!/usr/bin/env node
// Builds every workspace that has a build script and is out of date, dependencies first, two at a time.
// `npm run build` runs this; `npm start` and `npm test` (before e2e) call buildAll().
//
// Out of date = no dist/.build-stamp.json, or its hash of the build's inputs (own sources, sources of the workspace
// packages it depends on, package.json files, shared swc/rspack config; path + mtime + size) differs.
// Workspaces without a build script (contracts, api-client, ui: consumed as TypeScript source) are not built.
//
//   node infra/launcher/build.mjs [--force] [--only <dir|name>,...] [--jobs N] [--quiet]
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ROOT, listWorkspaces, buildInputs, outDir, stampFile } from './workspaces.mjs';

function inputsHash(ws, all) {
  const h = crypto.createHash('sha256');
  for (const [file, mtime, size] of buildInputs(ws, all)) h.update(`${path.relative(ROOT, file)}\0${mtime}\0${size}\n`);
  return h.digest('hex');
}

export function isUpToDate(ws, all) {
  try {
    const stamp = JSON.parse(fs.readFileSync(stampFile(ws), 'utf8'));
    return stamp.hash === inputsHash(ws, all);
  } catch {
    return false;
  }
}

function runBuild(ws) {
  return new Promise((resolve) => {
    const started = Date.now();
    const out = [];
    // npm run build -w <dir>: the workspace's own build script, with node_modules/.bin on PATH.
    const child = spawn('npm', ['run', 'build', '-w', ws.dir, '--silent'], {
      cwd: ROOT, env: { ...process.env, FORCE_COLOR: '0' }, stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.on('data', (d) => out.push(d));
    child.stderr.on('data', (d) => out.push(d));
    child.on('error', (err) => out.push(Buffer.from(String(err))));
    child.on('close', (code) => resolve({ ok: code === 0, code, output: Buffer.concat(out).toString(), ms: Date.now() - started }));
  });
}

/**
 * Builds what is out of date. Returns { built: [...dirs], skipped: [...dirs], failed: [{dir, output}], blocked: [...dirs] }.
 * A failed build blocks only the workspaces that depend on it; the others still build.
 */
export async function buildAll({ force = false, only = null, jobs = Math.min(2, os.availableParallelism?.() || 2), log = console.log, quiet = false } = {}) {
  const all = listWorkspaces();
  const byName = new Map(all.map((w) => [w.name, w]));
  let targets = all.filter((w) => w.kind);
  if (only && only.length) {
    const wanted = new Set(only.map((s) => s.replace(/\/$/, '')));
    const picked = all.filter((w) => wanted.has(w.dir) || wanted.has(w.name) || wanted.has(path.basename(w.dir)));
    if (picked.length < wanted.size) log(`build: --only names no workspace for some of: ${[...wanted].join(', ')}`);
    // The picked workspaces and the workspaces they depend on (those with a build script).
    const keep = new Set(picked.map((w) => w.name));
    const visit = (w) => { for (const d of w.deps) if (!keep.has(d)) { keep.add(d); visit(byName.get(d)); } };
    picked.forEach(visit);
    targets = targets.filter((w) => keep.has(w.name));
  }
  const result = { built: [], skipped: [], failed: [], blocked: [] };
  // Build order: a workspace waits for the workspaces it depends on that are also being built.
  const targetNames = new Set(targets.map((w) => w.name));
  const waitsFor = new Map(targets.map((w) => [w.name, closure(w).filter((n) => targetNames.has(n))]));
  function closure(w) {
    const seen = new Set();
    const visit = (x) => { for (const d of x.deps) if (!seen.has(d)) { seen.add(d); visit(byName.get(d)); } };
    visit(w);
    return [...seen];
  }
  const state = new Map(); // name -> 'done' | 'failed' | 'running'
  const pending = [...targets];
  const running = new Set();
  const started = Date.now();

  await new Promise((resolveAll) => {
    const pump = () => {
      for (let i = 0; i < pending.length && running.size < jobs; ) {
        const w = pending[i];
        const deps = waitsFor.get(w.name);
        if (deps.some((d) => state.get(d) === 'failed' || state.get(d) === 'blocked')) {
          pending.splice(i, 1);
          state.set(w.name, 'blocked');
          result.blocked.push(w.dir);
          log(`build  ✗ ${w.dir}: not built, it depends on a workspace whose build failed`);
          continue;
        }
        if (deps.some((d) => state.get(d) !== 'done')) { i++; continue; }
        pending.splice(i, 1);
        if (!force && isUpToDate(w, all)) {
          state.set(w.name, 'done');
          result.skipped.push(w.dir);
          continue;
        }
        running.add(w.name);
        state.set(w.name, 'running');
        if (!quiet) log(`build  … ${w.dir}`);
        runBuild(w).then((r) => {
          running.delete(w.name);
          if (r.ok) {
            // Hash after the build: the inputs are the same files, the stamp lives in dist/ (ignored by the hash).
            fs.mkdirSync(outDir(w), { recursive: true });
            fs.writeFileSync(stampFile(w), JSON.stringify({ hash: inputsHash(w, all), builtAt: new Date().toISOString() }) + '\n');
            state.set(w.name, 'done');
            result.built.push(w.dir);
            if (!quiet) log(`build  ✓ ${w.dir} (${(r.ms / 1000).toFixed(1)} s)`);
          } else {
            state.set(w.name, 'failed');
            result.failed.push({ dir: w.dir, output: r.output });
            log(`build  ✗ ${w.dir} FAILED (exit ${r.code}) — npm run build -w ${w.dir}:\n${indent(tail(r.output, 25))}`);
          }
          pump();
        });
      }
      if (!running.size && !pending.length) resolveAll();
      else if (!running.size && pending.length) {
        // Nothing can run: a dependency cycle. Report and stop.
        for (const w of pending.splice(0)) { result.failed.push({ dir: w.dir, output: 'dependency cycle' }); log(`build  ✗ ${w.dir}: dependency cycle`); }
        resolveAll();
      }
    };
    pump();
  });
  const secs = ((Date.now() - started) / 1000).toFixed(1);
  if (!quiet || result.failed.length) {
    log(`build: ${result.built.length} built, ${result.skipped.length} up to date` +
      (result.failed.length ? `, ${result.failed.length} FAILED (${result.failed.map((f) => f.dir).join(', ')})` : '') +
      (result.blocked.length ? `, ${result.blocked.length} blocked (${result.blocked.join(', ')})` : '') + ` in ${secs} s`);
  }
  return result;
}

// Build output minus stack frames of the build tools (the message is what helps).
const tail = (s, n) => s.trimEnd().split('\n').filter((l) => !/^\s+at .*(node_modules|node:internal)/.test(l)).slice(-n).join('\n');
const indent = (s) => s.split('\n').map((l) => `       ${l}`).join('\n');

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const opt = (name) => { const i = args.indexOf(name); return i >= 0 ? args[i + 1] : undefined; };
  const r = await buildAll({
    force: args.includes('--force'),
    only: opt('--only')?.split(','),
    jobs: opt('--jobs') ? Number(opt('--jobs')) : undefined,
    quiet: args.includes('--quiet'),
  });
  process.exit(r.failed.length || r.blocked.length ? 1 : 0);
}
