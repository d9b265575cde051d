import { Logger as NestLogger, type INestApplication, type Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { DocumentBuilder, SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';
import { Logger } from 'nestjs-pino';
import { ConfigError, loadConfig, type ServiceConfig } from './config/service-config.js';
import { attachZodSchemasToRoutes, zodSchemaConverter } from './http/zod-openapi.js';
import { hostileInputMiddleware } from './http/hostile-input.js';
import { lifecycle } from './lifecycle/lifecycle.js';

export interface BootstrapOptions {
  name: string;
  module: Type<unknown>;
  defaultPort: number;
  /** Overrides PORT (tests pass 0 for a free port). */
  port?: number;
  /** Overrides HOST. */
  host?: string;
  /** Body size limit of JSON and urlencoded bodies (default 1mb). */
  bodyLimit?: string;
}

/** Settings shared by bootstrapService and tests that build the app with Test.createTestingModule. */
export function configureApp(app: INestApplication, name: string, bodyLimit = '1mb'): OpenAPIObject {
  const express = app as NestExpressApplication;
  express.useBodyParser('json', { limit: bodyLimit });
  // NUL, lone surrogates, prototype keys, deep nesting: 400 before any route sees the body or query (hostile-input.ts)
  express.use(hostileInputMiddleware);
  // JSON only: no form-encoded parser, so a cross-site HTML form never yields a body a route accepts (CSRF)
  express.disable('x-powered-by');
  // No ETag: nothing sends If-None-Match to an API, and hashing every JSON body costs ~0.1 ms per 30 KB answer.
  express.set('etag', false);
  express.set('trust proxy', 'loopback');
  // while draining (SIGTERM), every answer closes its connection: no kept-alive socket is reused after the listener closes
  express.use((_req: unknown, res: { setHeader(n: string, v: string): void }, next: () => void) => {
    if (lifecycle.draining) res.setHeader('connection', 'close');
    next();
  });
  // SIGTERM is the graceful path (installGracefulShutdown, bootstrapService); SIGINT/SIGHUP close at once
  app.enableShutdownHooks(['SIGINT', 'SIGHUP']);
  attachZodSchemasToRoutes(app);
  const document = SwaggerModule.createDocument(
    app,
    new DocumentBuilder().setTitle(`${name} service`).setVersion('1').addApiKey({ type: 'apiKey', in: 'header', name: 'x-identity-token' }, 'identity').build(),
    { standardSchemaConverter: zodSchemaConverter },
  );
  express.getHttpAdapter().get('/openapi.json', (_req: unknown, res: unknown) => {
    (res as { json(b: unknown): void }).json(document);
  });
  return document;
}

/** Longest a SIGTERMed process takes to exit (issue 20 §2: close within 10 s). */
export const SHUTDOWN_LIMIT_MS = 10_000;

/**
 * Graceful SIGTERM (issue 20 §2): readiness answers 503 at once (lifecycle.draining), so the gateway and the other
 * services stop choosing this replica within their check interval; requests keep being served for SHUTDOWN_DRAIN_MS
 * (default 1.5 s, with `connection: close`); then the listener closes, requests in flight finish, queue workers finish
 * or give back their jobs (Nest shutdown hooks), and the process exits. Past SHUTDOWN_LIMIT_MS it exits anyway.
 */
export function installGracefulShutdown(app: INestApplication, name: string, drainMs = 1500): void {
  const logger = new NestLogger(name);
  let started = false;
  process.on('SIGTERM', () => {
    if (started) return;
    started = true;
    lifecycle.draining = true;
    logger.log(`SIGTERM: not ready; closing in ${drainMs} ms after the requests in flight`);
    setTimeout(() => {
      logger.warn(`shutdown took longer than ${SHUTDOWN_LIMIT_MS / 1000} s: exiting`);
      process.exit(1);
    }, SHUTDOWN_LIMIT_MS).unref();
    setTimeout(() => {
      app.close().then(
        () => process.exit(0),
        (err: Error) => { logger.error(`shutdown failed: ${err.message}`); process.exit(1); },
      );
    }, drainMs);
  });
}

/** Creates, configures and starts a service: pino logs, guards, filter, validation, 1 MB bodies, /openapi.json, HOST:PORT. */
export async function bootstrapService(options: BootstrapOptions): Promise<INestApplication> {
  const exitOnConfigError = (err: unknown): never => {
    if (err instanceof ConfigError) {
      process.stderr.write(`[${options.name}] ${err.message}\n`);
      process.exit(1);
    }
    throw err;
  };
  let config: ServiceConfig;
  try {
    config = loadConfig();
  } catch (err) {
    return exitOnConfigError(err);
  }
  // a service's own config schema (parseConfig) is read while the module is built
  const app = await NestFactory.create<NestExpressApplication>(options.module, { bufferLogs: false, bodyParser: false }).catch(exitOnConfigError);
  app.useLogger(app.get(Logger));
  configureApp(app, options.name, options.bodyLimit);
  const port = options.port ?? config.PORT ?? options.defaultPort;
  const host = options.host ?? config.HOST;
  installGracefulShutdown(app, options.name, config.SHUTDOWN_DRAIN_MS);
  await app.listen(port, host);
  new NestLogger(options.name).log(`${options.name} listening on http://${host}:${port}`);
  return app;
}
