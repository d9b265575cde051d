import { Logger } from '@nestjs/common';
import type { DataSource } from 'typeorm';

interface EventSource {
  on(event: 'error', listener: (err: Error) => void): unknown;
  listenerCount?(event: string): number;
}

/** Listener for a pg pool's 'error' event: idle clients killed by the server (57P01 on shutdown) must not crash the process. */
export function createPgPoolErrorHandler(name = 'pg') {
  const logger = new Logger(`${name}:pool`);
  return (err: Error & { code?: string }) => {
    if (err.code === '57P01') logger.warn(`idle database connection closed by the server (${err.code})`);
    else logger.error({ err }, `idle database connection error: ${err.message}`);
  };
}

/** Attaches the error listener to the pg pool(s) behind a TypeORM DataSource. */
export function attachPgPoolErrorHandler(dataSource: DataSource, name = 'pg'): void {
  const driver = dataSource.driver as unknown as { master?: EventSource; slaves?: EventSource[] };
  const pools = [driver.master, ...(driver.slaves ?? [])].filter((p): p is EventSource => !!p && typeof p.on === 'function');
  const handler = createPgPoolErrorHandler(name);
  for (const pool of pools) pool.on('error', handler);
}
