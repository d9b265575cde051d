import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { isAlive, waitForPort } from './ports.mjs';

function which(bin) {
  try { return execFileSync('sh', ['-c', `command -v ${bin}`], { encoding: 'utf8' }).trim() || null; } catch { return null; }
}

/**
 * Finds the system's redis-server; where missing and we are root with apt-get, installs it.
 * Otherwise throws a message saying what to install (or to set REDIS_URL).
 */
export function ensureRedisServer({ log = console.log } = {}) {
  let bin = which('redis-server');
  if (bin) return bin;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (isRoot && which('apt-get')) {
    log('redis-server is missing: installing it with apt-get (one time)...');
    try {
      execFileSync('sh', ['-c', 'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq redis-server'], { stdio: 'inherit' });
    } catch { /* reported below */ }
    bin = which('redis-server');
    if (bin) return bin;
  }
  throw new Error('redis-server is not installed. Install it (Debian/Ubuntu: `sudo apt-get install -y redis-server`) or point REDIS_URL at a running Redis.');
}

/**
 * Starts redis-server as a child process on 127.0.0.1:port, pidfile and data in dir. The append-only file is on
 * (fsync every second, as infra/DEPLOY.md asks of production): BullMQ's queues and the idempotency keys survive a
 * restart of Redis. No RDB snapshots.
 * @param {{ port: number, dir: string, log?: (line: string) => void }} opts
 */
export async function startRedis({ port, dir, log = () => {} }) {
  const bin = ensureRedisServer({ log });
  fs.mkdirSync(dir, { recursive: true });
  const pidFile = path.join(dir, 'redis.pid');
  if (fs.existsSync(pidFile)) { // left by a SIGKILLed earlier run
    const pid = Number(fs.readFileSync(pidFile, 'utf8').trim());
    if (pid && isAlive(pid)) { try { process.kill(pid, 'SIGKILL'); } catch { /* gone */ } }
    fs.rmSync(pidFile, { force: true });
  }
  const child = spawn(bin, ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'yes', '--appendfsync', 'everysec',
    '--dir', dir, '--pidfile', pidFile, '--daemonize', 'no', '--loglevel', 'warning'], { stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout.on('data', (d) => log(String(d)));
  child.stderr.on('data', (d) => log(String(d)));
  fs.writeFileSync(pidFile, String(child.pid));
  await waitForPort(port);
  const stop = () => /** @type {Promise<void>} */ (new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
    setTimeout(() => child.kill('SIGKILL'), 3000).unref();
  }));
  return { url: `redis://127.0.0.1:${port}`, pid: child.pid, stop };
}
