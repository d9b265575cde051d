import { Controller, Get, Inject } from '@nestjs/common';
import { HealthCheck, HealthCheckService, HealthIndicatorService, TypeOrmHealthIndicator } from '@nestjs/terminus';
import type { Redis } from 'ioredis';
import { Public } from '../auth/public.decorator.js';
import { REDIS_CLIENT } from './redis.provider.js';

/** GET /health: 200 {status:'ok', info:{database, redis}} or 503 {message}. */
@Controller('health')
export class HealthController {
  constructor(
    private readonly health: HealthCheckService,
    private readonly db: TypeOrmHealthIndicator,
    private readonly indicators: HealthIndicatorService,
    @Inject(REDIS_CLIENT) private readonly redis: Redis,
  ) {}

  @Get()
  @Public()
  @HealthCheck()
  check() {
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
    ]);
  }
}
