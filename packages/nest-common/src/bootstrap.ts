import { Logger as NestLogger, type INestApplication, type Type } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { DocumentBuilder, SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';
import { Logger } from 'nestjs-pino';
import { ConfigError, loadConfig, type ServiceConfig } from './config/service-config.js';
import { attachZodSchemasToRoutes, zodSchemaConverter } from './http/zod-openapi.js';
import { hostileInputMiddleware } from './http/hostile-input.js';

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
  app.enableShutdownHooks();
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
  await app.listen(port, host);
  new NestLogger(options.name).log(`${options.name} listening on http://${host}:${port}`);
  return app;
}
