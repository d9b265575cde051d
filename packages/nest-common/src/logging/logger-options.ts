import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Params } from 'nestjs-pino';
import { REQUEST_ID_HEADER } from '@brokerage/contracts';
import type { ServiceConfig } from '../config/service-config.js';

const REQUEST_ID_PATTERN = /^[A-Za-z0-9._:-]{1,128}$/;

/** Level: LOG_LEVEL when set; silent under Jest unless asked; else info. */
export function resolveLogLevel(config: ServiceConfig): string {
  return config.LOG_LEVEL ?? (config.JEST_WORKER_ID ? 'silent' : 'info');
}

/** nestjs-pino params: one line per request, request id from x-request-id (echoed back), secrets redacted. */
export function buildLoggerParams(serviceName: string, config: ServiceConfig): Params {
  return {
    pinoHttp: {
      level: resolveLogLevel(config),
      base: { service: serviceName },
      genReqId: (req: IncomingMessage, res: ServerResponse) => {
        const incoming = req.headers[REQUEST_ID_HEADER];
        const id = typeof incoming === 'string' && REQUEST_ID_PATTERN.test(incoming) ? incoming : randomUUID();
        res.setHeader(REQUEST_ID_HEADER, id);
        return id;
      },
      autoLogging: { ignore: (req: IncomingMessage) => req.url?.startsWith('/health') === true },
      customLogLevel: (_req: IncomingMessage, res: ServerResponse, err?: Error) =>
        err || res.statusCode >= 500 ? 'error' : res.statusCode >= 400 ? 'warn' : 'info',
      serializers: {
        req: (req: { id: unknown; method: string; url: string }) => ({ id: req.id, method: req.method, url: req.url }),
        res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
      },
      redact: {
        paths: ['req.headers.cookie', 'req.headers["x-identity-token"]', 'req.headers["x-session-token"]', 'req.headers.authorization', '*.password'],
        censor: '[redacted]',
      },
    },
  } as Params;
}
