import type { DataSourceOptions } from 'typeorm';

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
    extra: { max: 10, connectionTimeoutMillis: 1500, application_name: o.name, options: `-c search_path=${o.name},public` },
  } as DataSourceOptions;
}
