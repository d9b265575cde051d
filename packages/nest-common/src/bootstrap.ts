import { Logger as NestLogger, type INestApplication, type Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { DocumentBuilder, SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';
import { Logger } from 'nestjs-pino';
import { ConfigError, loadConfig, type ServiceConfig } from './config/service-config.js';
import { attachZodSchemasToRoutes, zodSchemaConverter } from './http/zod-openapi.js';
import { hostileInputMiddleware } from './http/hostile-input.js';
import { lifecycle } from './lifecycle/lifecycle.js';
import { closeServer, createInternalServer, internalPortOf, listenOn, portSplitMiddleware } from './http/internal-port.js';
import { httpMetricsMiddleware, serveMetrics, startProcessMetrics } from './metrics/metrics.js';

export interface BootstrapOptions {
  name: string;
  module: Type<unknown>;
  defaultPort: number;
  /** Overrides PORT (tests pass 0 for a free port). */
  port?: number;
  /** Overrides INTERNAL_PORT (default: the public port + 100; 0 for a free port). */
  internalPort?: number;
  /** Overrides HOST. */
  host?: string;
  /** Body size limit of JSON and urlencoded bodies (default 1mb). */
  bodyLimit?: string;
}

/** Settings shared by bootstrapService and tests that build the app with Test.createTestingModule. */
export function configureApp(app: INestApplication, name: string, bodyLimit = '1mb'): OpenAPIObject {
  const express = app as NestExpressApplication;
  startProcessMetrics(name);
  // requests and latency per route family (metrics/metrics.ts); GET /metrics is answered on the internal port only
  express.use(httpMetricsMiddleware);
  express.getHttpAdapter().get('/metrics', (req: unknown, res: unknown) => serveMetrics(req, res as Parameters<typeof serveMetrics>[1]));
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

/** The port of the internal listener of an app started by bootstrapService (null for apps built another way). */
const internalPorts = new WeakMap<INestApplication, number>();
export function internalPort(app: INestApplication): number | null {
  return internalPorts.get(app) ?? null;
}

/**
 * Creates, configures and starts a service: pino logs, guards, filter, validation, 1 MB bodies, /openapi.json, and two
 * listeners on HOST (issue 21 §1, http/internal-port.ts): PORT serves the API and health, INTERNAL_PORT (PORT + 100)
 * /internal/*, health and /metrics; each answers 404 for the other's routes.
 */
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
  // first of all: which port may serve which routes
  app.use(portSplitMiddleware);
  configureApp(app, options.name, options.bodyLimit);
  const port = options.port ?? config.PORT ?? options.defaultPort;
  const host = options.host ?? config.HOST;
  let wantedInternal: number;
  try {
    wantedInternal = internalPortOf(port, options.internalPort ?? config.INTERNAL_PORT);
  } catch (err) {
    return exitOnConfigError(new ConfigError((err as Error).message));
  }
  installGracefulShutdown(app, options.name, config.SHUTDOWN_DRAIN_MS);
  await app.listen(port, host);
  const internal = createInternalServer(app.getHttpAdapter().getInstance());
  // app.close() (SIGTERM path, tests) closes the public listener (Nest's adapter): the internal one with it
  const publicServer = app.getHttpServer() as { close(cb?: (err?: Error) => void): unknown };
  const closePublic = publicServer.close.bind(publicServer);
  publicServer.close = (cb) => { void closeServer(internal); return closePublic(cb); };
  try {
    internalPorts.set(app, await listenOn(internal, wantedInternal, host));
  } catch (err) {
    await app.close().catch(() => undefined);
    throw new Error(`${options.name}: cannot listen on internal port ${wantedInternal}: ${(err as Error).message}`, { cause: err });
  }
  const publicPort = (app.getHttpServer().address() as { port: number }).port;
  new NestLogger(options.name).log(`${options.name} listening on http://${host}:${publicPort} (internal http://${host}:${internalPorts.get(app)})`);
  return app;
}
