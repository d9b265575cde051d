import net from 'node:net';
import { DataSource } from 'typeorm';
import { buildDataSourceOptions, DB_CONNECT_TIMEOUT_MS } from '../src/database/typeorm-options.js';

const options = (url: string) => ({ ...buildDataSourceOptions({ name: 'public', url, entities: [], migrations: [] }), migrationsRun: false }) as never;

describe('database pool: a busy pool waits, a silent server fails fast', () => {
  it('a query that waits longer than the connect timeout for one of the 10 busy connections still runs (no 503 under load)', async () => {
    // npm run soak: 500 sessions kept listings' and messaging's 10 connections busy; queries that waited > 1.5 s for one
    // failed with "timeout exceeded when trying to connect", answered 503 though the database was fine.
    const ds = await new DataSource(options(process.env.DATABASE_URL!)).initialize();
    try {
      const hold = (DB_CONNECT_TIMEOUT_MS + 1000) / 1000;
      const busy = Array.from({ length: 10 }, () => ds.query(`SELECT pg_sleep(${hold})`));
      await new Promise((r) => setTimeout(r, 200));
      const t = Date.now();
      await expect(ds.query('SELECT 1 AS one')).resolves.toEqual([{ one: 1 }]);
      expect(Date.now() - t).toBeGreaterThan(DB_CONNECT_TIMEOUT_MS); // it did wait for a connection
      await Promise.all(busy);
    } finally {
      await ds.destroy();
    }
  }, 30_000);

  it('a server that accepts and never answers fails within about the connect timeout', async () => {
    const silent = net.createServer(() => { /* accept, say nothing */ });
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
    const port = (silent.address() as net.AddressInfo).port;
    const t = Date.now();
    try {
      await expect(new DataSource(options(`postgres://u:p@127.0.0.1:${port}/db`)).initialize()).rejects.toThrow(/timeout/i);
      expect(Date.now() - t).toBeLessThan(DB_CONNECT_TIMEOUT_MS + 2000);
    } finally {
      silent.close();
    }
  }, 30_000);
});
