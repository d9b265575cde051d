import { Module, type DynamicModule } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { TerminusModule } from '@nestjs/terminus';
import { APP_INTERCEPTOR } from '@nestjs/core';
import { IdempotencyInterceptor } from './idempotency/idempotency.interceptor.js';
import { DataSource, type DataSourceOptions } from 'typeorm';
import { SERVICE_CONFIG, type ServiceConfig } from './config/service-config.js';
import { CommonCoreModule } from './common-core.module.js';
import { HealthController } from './health/health.controller.js';
import { buildDataSourceOptions, type EntityList, type MigrationList } from './database/typeorm-options.js';
import { ensureSchema } from './database/ensure-schema.js';
import { attachPgPoolErrorHandler } from './database/pg-pool-error.js';
import { runMigrationsLocked } from './database/run-migrations-locked.js';

export interface CommonModuleOptions {
  /** Service name = PostgreSQL schema name = log `service` field. */
  name: string;
  entities: EntityList;
  migrations: MigrationList;
}

/** Config, logging, auth, errors, validation, TypeORM (schema = name, migrations run at start), GET /health and Idempotency-Key. */
@Module({})
export class CommonModule {
  static forRoot(options: CommonModuleOptions): DynamicModule {
    return {
      module: CommonModule,
      global: true,
      imports: [
        CommonCoreModule.forRoot({ name: options.name }),
        TypeOrmModule.forRootAsync({
          inject: [SERVICE_CONFIG],
          useFactory: (config: ServiceConfig) => ({
            ...buildDataSourceOptions({ name: options.name, url: config.DATABASE_URL, entities: options.entities, migrations: options.migrations }),
            // The database may still be starting next to us: retry for ~20 s, then fail loudly.
            retryAttempts: 10,
            retryDelay: 2000,
          }),
          dataSourceFactory: async (dsOptions) => {
            if (!dsOptions) throw new Error('missing data source options');
            const url = (dsOptions as { url?: string }).url!;
            await ensureSchema(url, options.name);
            // Migrations run under an advisory lock (replicas start together), not by TypeORM's own migrationsRun.
            const ds = new DataSource({ ...dsOptions, migrationsRun: false } as DataSourceOptions);
            await ds.initialize();
            attachPgPoolErrorHandler(ds, options.name);
            if (dsOptions.migrationsRun !== false) await runMigrationsLocked(ds, options.name);
            return ds;
          },
        }),
        TerminusModule.forRoot({ logger: false }),
      ],
      controllers: [HealthController],
      providers: [{ provide: APP_INTERCEPTOR, useClass: IdempotencyInterceptor }],
      exports: [CommonCoreModule],
    };
  }
}
