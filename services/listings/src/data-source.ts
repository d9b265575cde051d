// TypeORM DataSource for the CLI: `npx typeorm migration:generate -d services/listings/dist/src/data-source.js`
import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { buildDataSourceOptions, cliDatabaseUrl } from '@brokerage/nest-common';
import { LISTINGS_ENTITIES, LISTINGS_MIGRATIONS } from './entities.js';

export default new DataSource(
  buildDataSourceOptions({
    name: 'listings',
    url: cliDatabaseUrl(),
    entities: LISTINGS_ENTITIES,
    migrations: LISTINGS_MIGRATIONS,
  }),
);
