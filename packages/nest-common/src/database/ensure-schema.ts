import { DataSource } from 'typeorm';
import { attachPgPoolErrorHandler } from './pg-pool-error.js';

/** CREATE SCHEMA IF NOT EXISTS before TypeORM starts (its migrations table lives in that schema). */
export async function ensureSchema(databaseUrl: string, schema: string): Promise<void> {
  if (!/^[a-z_][a-z0-9_]*$/.test(schema)) throw new Error(`invalid schema name: ${schema}`);
  const ds = new DataSource({ type: 'postgres', url: databaseUrl, extra: { max: 1 } });
  await ds.initialize();
  attachPgPoolErrorHandler(ds, schema);
  try {
    await ds.query(`CREATE SCHEMA IF NOT EXISTS "${schema}"`);
  } catch (err) {
    // Two replicas racing on the first start: the schema now exists, which is all we need.
    const code = (err as { code?: string }).code;
    if (code !== '23505' && code !== '42P06') throw err;
  } finally {
    await ds.destroy();
  }
}
