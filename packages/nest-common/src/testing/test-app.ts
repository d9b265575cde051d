import 'reflect-metadata';
import { Test } from '@nestjs/testing';
import type { INestApplication, Type } from '@nestjs/common';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { configureApp } from '../bootstrap.js';

export interface TestApp {
  app: INestApplication;
  http: ReturnType<typeof request>;
  ds: DataSource;
}

/**
 * The service's AppModule as bootstrapService would configure it, on the real database of the Jest global setup.
 * `ds` is looked up on first use, so modules without a database (nest-common's own probes) work too.
 */
export async function createTestApp(module: Type, name: string): Promise<TestApp> {
  const compiled = await Test.createTestingModule({ imports: [module] }).compile();
  const app = compiled.createNestApplication({ bodyParser: false });
  configureApp(app, name);
  try {
    await app.init();
  } catch (err) {
    // A start that fails half-way (a seed, a migration) has already opened clients and workers: close them, or
    // they keep Jest from exiting after the failed test.
    await app.close().catch(() => undefined);
    throw err;
  }
  return { app, http: request(app.getHttpServer()), get ds() { return app.get(DataSource); } };
}

/** Polls fn until it returns something truthy (background jobs, queues). */
export async function waitFor<T>(fn: () => Promise<T | null | undefined | false>, timeoutMs = 15_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 100));
  }
}
