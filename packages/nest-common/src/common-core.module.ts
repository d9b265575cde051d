import { Module, type DynamicModule } from '@nestjs/common';
import { APP_FILTER, APP_GUARD, APP_PIPE, DiscoveryModule } from '@nestjs/core';
import { PassportModule } from '@nestjs/passport';
import { LoggerModule } from 'nestjs-pino';
import { SERVICE_CONFIG, loadConfig, type ServiceConfig } from './config/service-config.js';
import { IdentityJwtStrategy } from './auth/identity-jwt.strategy.js';
import { JwtAuthGuard } from './auth/jwt-auth.guard.js';
import { RolesGuard } from './auth/roles.guard.js';
import { AllExceptionsFilter } from './http/all-exceptions.filter.js';
import { ZodValidationPipe } from './http/zod-validation.js';
import { RedisShutdown, redisClientProvider, REDIS_CLIENT } from './health/redis.provider.js';
import { buildLoggerParams } from './logging/logger-options.js';
import { SERVICE_NAME } from './service-name.js';
import { QueueMetrics } from './metrics/queue-metrics.js';

export { SERVICE_NAME };

/**
 * Everything of CommonModule except the database: config, logging, auth guards, filter, validation pipe, Redis.
 * Used by CommonModule and by processes without HTTP routes of their own (and by nest-common's tests).
 */
@Module({})
export class CommonCoreModule {
  static forRoot(options: { name: string }): DynamicModule {
    const configProvider = { provide: SERVICE_CONFIG, useFactory: (): ServiceConfig => loadConfig() };
    return {
      module: CommonCoreModule,
      global: true,
      imports: [
        LoggerModule.forRootAsync({
          providers: [configProvider],
          inject: [SERVICE_CONFIG],
          useFactory: (config: ServiceConfig) => buildLoggerParams(options.name, config),
        }),
        PassportModule,
        DiscoveryModule,
      ],
      providers: [
        configProvider,
        { provide: SERVICE_NAME, useValue: options.name },
        redisClientProvider,
        RedisShutdown,
        QueueMetrics, // bullmq_queue_jobs of /metrics
        IdentityJwtStrategy,
        { provide: APP_GUARD, useClass: JwtAuthGuard },
        { provide: APP_GUARD, useClass: RolesGuard },
        { provide: APP_FILTER, useClass: AllExceptionsFilter },
        { provide: APP_PIPE, useClass: ZodValidationPipe },
      ],
      exports: [SERVICE_CONFIG, SERVICE_NAME, REDIS_CLIENT],
    };
  }
}
