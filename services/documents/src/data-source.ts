// TypeORM DataSource for the CLI: `npx typeorm migration:generate -d services/documents/dist/src/data-source.js`
import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { buildDataSourceOptions, cliDatabaseUrl } from '@brokerage/nest-common';
import { DOCUMENTS_ENTITIES, DOCUMENTS_MIGRATIONS } from './entities.js';

export default new DataSource(
  buildDataSourceOptions({
    name: 'documents',
    url: cliDatabaseUrl(),
    entities: DOCUMENTS_ENTITIES,
    migrations: DOCUMENTS_MIGRATIONS,
  }),
);
