import type { DataSource } from 'typeorm';

/**
 * Runs pending migrations while holding a PostgreSQL advisory lock named after the schema, so that N replicas
 * starting together apply each migration exactly once.
 */
export async function runMigrationsLocked(ds: DataSource, schema: string): Promise<void> {
  const runner = ds.createQueryRunner();
  await runner.connect();
  const key = `migrations:${schema}`;
  try {
    await runner.query('SELECT pg_advisory_lock(hashtext($1))', [key]);
    await ds.runMigrations({ transaction: 'each' });
  } finally {
    try {
      await runner.query('SELECT pg_advisory_unlock(hashtext($1))', [key]);
    } finally {
      await runner.release();
    }
  }
}
