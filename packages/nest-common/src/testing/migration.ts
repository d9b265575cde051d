import { DataSource, type MigrationInterface, type QueryRunner } from 'typeorm';
import { buildDataSourceOptions } from '../database/typeorm-options.js';

/**
 * A data migration seen on real rows: the service's migrations brought up to date, then in one transaction that is
 * rolled back (nothing else ever sees it) `migration`'s down, `seed` (rows in the old shape), its up again, and
 * `read` (what it made of them).
 */
export async function acrossMigration<T>(
  name: string,
  migrations: Array<new () => MigrationInterface>,
  migration: new () => MigrationInterface,
  seed: (q: QueryRunner) => Promise<unknown>,
  read: (q: QueryRunner) => Promise<T>,
): Promise<T> {
  const ds = await new DataSource(buildDataSourceOptions({ name, url: process.env.DATABASE_URL!, entities: [], migrations, migrationsRun: false })).initialize();
  await ds.query(`CREATE SCHEMA IF NOT EXISTS "${name}"`);
  await ds.runMigrations();
  const q = ds.createQueryRunner();
  try {
    await q.startTransaction();
    const m = new migration();
    await m.down!(q);
    await seed(q);
    await m.up(q);
    return await read(q);
  } finally {
    if (q.isTransactionActive) await q.rollbackTransaction();
    await q.release();
    await ds.destroy();
  }
}
