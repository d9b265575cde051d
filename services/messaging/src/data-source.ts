// TypeORM DataSource for the CLI: `npx typeorm migration:generate -d services/messaging/dist/src/data-source.js`
import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { buildDataSourceOptions, cliDatabaseUrl } from '@brokerage/nest-common';
import { MESSAGING_ENTITIES, MESSAGING_MIGRATIONS } from './entities.js';

export default new DataSource(
  buildDataSourceOptions({
    name: 'messaging',
    url: cliDatabaseUrl(),
    entities: MESSAGING_ENTITIES,
    migrations: MESSAGING_MIGRATIONS,
  }),
);
