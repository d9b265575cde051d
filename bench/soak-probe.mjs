// Loaded into every process of the soak's stack (NODE_OPTIONS=--import=<this file>, set by bench/soak.mjs only): every
// SOAK_PROBE_MS (default 10 s) appends one JSON line to SOAK_PROBE_DIR/<pid>.jsonl with the process's RSS, heap,
// event-loop delay since the last line (p50/p99/max, ms) and open handles by type. A file, not a port: nothing is
// exposed, nothing is routed, and the services' code is unchanged. Unset outside the soak, so it costs nothing there.
import fs from 'node:fs';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { isMainThread } from 'node:worker_threads';

const dir = process.env.SOAK_PROBE_DIR;
if (dir && isMainThread) {
  const every = Number(process.env.SOAK_PROBE_MS || 10000);
  const file = path.join(dir, `${process.pid}.jsonl`);
  const script = path.relative(process.cwd(), process.argv[1] || '');
  const h = monitorEventLoopDelay({ resolution: 10 });
  h.enable();
  const ms = (ns) => Math.round(ns / 1e4) / 100;
  const sample = () => {
    const mem = process.memoryUsage();
    const byType = {};
    for (const t of process.getActiveResourcesInfo()) byType[t] = (byType[t] || 0) + 1;
    byType.Timeout = Math.max(0, (byType.Timeout || 0) - 1); // this probe's own interval
    const handles = Object.values(byType).reduce((n, c) => n + c, 0);
    const line = { t: Date.now(), pid: process.pid, script, rss: mem.rss, heapUsed: mem.heapUsed, external: mem.external,
      eld: { p50: ms(h.percentile(50)), p99: ms(h.percentile(99)), max: ms(h.max) }, handles, byType };
    h.reset();
    try { fs.appendFileSync(file, JSON.stringify(line) + '\n'); } catch { /* the soak's folder is gone: it ended */ }
  };
  setInterval(sample, every).unref();
}
