import { Controller, Get, Inject, ServiceUnavailableException } from '@nestjs/common';
import { HealthCheck, HealthCheckService, HealthIndicatorService, TypeOrmHealthIndicator } from '@nestjs/terminus';
import type { Redis } from 'ioredis';
import { MSG } from '@brokerage/contracts';
import { Public } from '../auth/public.decorator.js';
import { lifecycle, tcpReachable } from '../lifecycle/lifecycle.js';
import { REDIS_CLIENT } from './redis.provider.js';

/**
 * Liveness and readiness (issue 20 §2):
 *   GET /health/live   200 while the process runs its event loop (an orchestrator restarts it when this fails)
 *   GET /health/ready  200 {status:'ok', info:{database, redis[, s3]}} when it can serve; 503 {message} while its
 *                      database, Redis or S3 is unreachable or it is shutting down (the gateway routes around it)
 *   GET /health        the same as /health/ready (older callers)
 */
@Controller('health')
export class HealthController {
  constructor(
    private readonly health: HealthCheckService,
    private readonly db: TypeOrmHealthIndicator,
    private readonly indicators: HealthIndicatorService,
    @Inject(REDIS_CLIENT) private readonly redis: Redis,
  ) {}

  @Get('live')
  @Public()
  live() {
    return { status: 'ok' };
  }

  @Get('ready')
  @Public()
  @HealthCheck()
  ready() {
    if (lifecycle.draining) throw new ServiceUnavailableException({ message: MSG.serviceUnavailable, status: 'shutting-down' });
    return this.health.check([
      () => this.db.pingCheck('database').withTimeout(1500),
      () =>
        this.indicators
          .check('redis')
          .attempt(async () => {
            if (this.redis.status === 'wait') await this.redis.connect();
            await this.redis.ping();
          })
          .withTimeout(1500),
      ...[...lifecycle.s3Endpoints].map((endpoint) => () =>
        this.indicators
          .check('s3')
          .attempt(async () => {
            if (!(await tcpReachable(endpoint, 1000))) throw new Error('unreachable');
          })
          .withTimeout(1500)),
    ]);
  }

  @Get()
  @Public()
  @HealthCheck()
  check() {
    return this.ready();
  }
}
