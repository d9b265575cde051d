// TypeORM DataSource for the CLI: `npx typeorm migration:generate -d services/identity/dist/src/data-source.js`
import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { buildDataSourceOptions, cliDatabaseUrl } from '@brokerage/nest-common';
import { IDENTITY_ENTITIES, IDENTITY_MIGRATIONS } from './entities.js';

export default new DataSource(
  buildDataSourceOptions({
    name: 'identity',
    url: cliDatabaseUrl(),
    entities: IDENTITY_ENTITIES,
    migrations: IDENTITY_MIGRATIONS,
  }),
);
