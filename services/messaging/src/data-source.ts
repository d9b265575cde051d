// TypeORM DataSource for the CLI: `npx typeorm migration:generate -d services/messaging/dist/src/data-source.js`
import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { buildDataSourceOptions } from '@brokerage/nest-common';
import { MESSAGING_ENTITIES, MESSAGING_MIGRATIONS } from './entities.js';

export default new DataSource(
  buildDataSourceOptions({
    name: 'messaging',
    url: process.env.DATABASE_URL ?? 'postgres://postgres:postgres@127.0.0.1:5432/brokerage',
    entities: MESSAGING_ENTITIES,
    migrations: MESSAGING_MIGRATIONS,
  }),
);
