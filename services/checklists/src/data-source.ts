// TypeORM DataSource for the CLI: `npx typeorm migration:generate -d services/checklists/dist/src/data-source.js`
import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { buildDataSourceOptions, cliDatabaseUrl } from '@brokerage/nest-common';
import { CHECKLISTS_ENTITIES, CHECKLISTS_MIGRATIONS } from './entities.js';

export default new DataSource(
  buildDataSourceOptions({
    name: 'checklists',
    url: cliDatabaseUrl(),
    entities: CHECKLISTS_ENTITIES,
    migrations: CHECKLISTS_MIGRATIONS,
  }),
);
