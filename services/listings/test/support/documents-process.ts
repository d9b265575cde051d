import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

/** A free port on 127.0.0.1 (for processes that must know each other's address before they start). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/**
 * Builds the documents service when out of date (the launcher's incremental build: swc, seconds), so the listings
 * tests can run the real documents API and pdf worker next to the listings app (services never import each other).
 */
export async function buildDocuments(): Promise<void> {
  const build = (await import(pathToFileURL(path.join(ROOT, 'infra/launcher/build.mjs')).href)) as {
    buildAll(o: { only: string[]; quiet: boolean; log: (m: string) => void }): Promise<{ failed: { dir: string; output: string }[]; blocked: string[] }>;
  };
  const r = await build.buildAll({ only: ['services/documents'], quiet: true, log: () => undefined });
  if (r.failed.length || r.blocked.length) {
    throw new Error(`documents build failed: ${r.failed.map((f) => `${f.dir}\n${f.output}`).join('\n')} ${r.blocked.join(', ')}`);
  }
}

export interface NodeProcess {
  url: string;
  pid: number;
  stop(): Promise<void>;
  /** SIGKILL: the process dies on the spot (no shutdown hooks). */
  kill(): Promise<void>;
}

/** A built documents entry (dist/src/main.js or worker.js) on the Jest global setup's infra; resolves once /health is 200. */
export async function startDocumentsProcess(entry: 'main' | 'worker', env: Record<string, string>, port: number): Promise<NodeProcess> {
  const script = path.join(ROOT, `services/documents/dist/src/${entry}.js`);
  // as the launcher does: documents signs its internal calls with its own key, the pdf worker calls no one and has none
  const childEnv: NodeJS.ProcessEnv = { ...process.env, ...env, HOST: '127.0.0.1', ...(entry === 'main' ? { PORT: String(port) } : { WORKER_PORT: String(port), INTERNAL_PORT: '0' }) };
  if (entry === 'main') childEnv.SERVICE_JWT_PRIVATE_KEY = process.env.SERVICE_JWT_PRIVATE_KEY_DOCUMENTS;
  else delete childEnv.SERVICE_JWT_PRIVATE_KEY;
  for (const k of Object.keys(childEnv)) if (k.startsWith('SERVICE_JWT_PRIVATE_KEY_')) delete childEnv[k];
  const child: ChildProcess = spawn(process.execPath, [script], {
    cwd: ROOT,
    env: childEnv,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let tail = '';
  child.stderr!.on('data', (d: Buffer) => {
    tail = (tail + d.toString()).slice(-4000);
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const killer = setTimeout(() => child.kill('SIGKILL'), 5000);
    await exited;
    clearTimeout(killer);
  };
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`documents ${entry} exited ${child.exitCode}:\n${tail}`);
    const ok = await fetch(`${url}/health`, { signal: AbortSignal.timeout(1000) }).then((r) => r.status === 200, () => false);
    const kill = async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill('SIGKILL');
      await exited;
    };
    if (ok) return { url, pid: child.pid!, stop, kill };
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`documents ${entry} did not answer /health within 60 s:\n${tail}`);
    }
    await new Promise((r) => setTimeout(r, 150));
  }
}
