import { createRequire } from 'node:module';
import type { DataSourceOptions } from 'typeorm';

/**
 * A new database connection that gets no answer within this long fails (a hung or unreachable server answers 503
 * quickly: isDependencyDown). Its own timer, not the pool's: see DB_POOL_WAIT_MS.
 */
export const DB_CONNECT_TIMEOUT_MS = 1500;
/**
 * How long a query may wait for one of the pool's 10 connections when all are busy. pg's pool applies its one
 * connectionTimeoutMillis to this wait as well: at 1.5 s, a busy pool under load answered 503 "temporarily
 * unavailable" though the database was fine (npm run soak, 500 sessions: listings and messaging at 10/10).
 */
export const DB_POOL_WAIT_MS = 10_000;

const requireCjs = createRequire(import.meta.url);
type PgClientClass = new (config: Record<string, unknown>) => object;
let fastConnectClient: PgClientClass | null = null;
/** pg's Client with its own connect timeout (DB_CONNECT_TIMEOUT_MS) whatever the pool's wait is. */
function pgClientClass(): PgClientClass {
  if (!fastConnectClient) {
    const { Client } = requireCjs('pg') as { Client: PgClientClass };
    fastConnectClient = class FastConnectClient extends Client {
      constructor(config: Record<string, unknown>) { super({ ...config, connectionTimeoutMillis: DB_CONNECT_TIMEOUT_MS }); }
    };
  }
  return fastConnectClient;
}

/** TypeORM's own types for entity classes/schemas and migration classes (globs allowed). */
export type EntityList = NonNullable<DataSourceOptions['entities']>;
export type MigrationList = NonNullable<DataSourceOptions['migrations']>;

export interface DatabaseOptionsInput {
  name: string;
  url: string;
  entities: EntityList;
  migrations: MigrationList;
  migrationsRun?: boolean;
}

/** The one TypeORM configuration every service uses: pg, schema = service name, own migrations table. */
export function buildDataSourceOptions(o: DatabaseOptionsInput): DataSourceOptions {
  return {
    type: 'postgres',
    url: o.url,
    schema: o.name,
    entities: o.entities,
    migrations: o.migrations,
    migrationsRun: o.migrationsRun ?? true,
    migrationsTableName: `${o.name}_migrations`,
    migrationsTransactionMode: 'each',
    synchronize: false,
    logging: false,
    extra: { max: 10, connectionTimeoutMillis: DB_POOL_WAIT_MS, Client: pgClientClass(), application_name: o.name, options: `-c search_path=${o.name},public` },
  } as DataSourceOptions;
}
