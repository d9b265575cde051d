// TypeORM DataSource for the CLI: `npx typeorm migration:generate -d services/identity/dist/src/data-source.js`
import 'reflect-metadata';
import { DataSource } from 'typeorm';
import { buildDataSourceOptions } from '@brokerage/nest-common';
import { IDENTITY_ENTITIES, IDENTITY_MIGRATIONS } from './entities.js';

export default new DataSource(
  buildDataSourceOptions({
    name: 'identity',
    url: process.env.DATABASE_URL ?? 'postgres://postgres:postgres@127.0.0.1:5432/brokerage',
    entities: IDENTITY_ENTITIES,
    migrations: IDENTITY_MIGRATIONS,
  }),
);
