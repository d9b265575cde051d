export { bootstrapService, configureApp, type BootstrapOptions } from './bootstrap.js';
export { CommonModule, type CommonModuleOptions } from './common.module.js';
export { CommonCoreModule, SERVICE_NAME } from './common-core.module.js';
export { loadConfig, serviceConfigSchema, SERVICE_CONFIG, ConfigError, type ServiceConfig } from './config/service-config.js';
export { parseConfig, cliDatabaseUrl } from './config/parse-config.js';
export { Public, IS_PUBLIC_KEY } from './auth/public.decorator.js';
export { Roles, ROLES_KEY, type AllowedRole } from './auth/roles.decorator.js';
export { InternalCallers, INTERNAL_CALLERS_KEY } from './auth/internal-callers.decorator.js';
export { CurrentUser } from './auth/current-user.decorator.js';
export { JwtAuthGuard } from './auth/jwt-auth.guard.js';
export { RolesGuard, FORBIDDEN_MESSAGE } from './auth/roles.guard.js';
export { IdentityJwtStrategy, IDENTITY_STRATEGY } from './auth/identity-jwt.strategy.js';
export {
  signServiceToken, serviceOfKid, signIdentityToken, signSessionCacheEntry, verifyIdentityToken, parsePrivateJwk, parsePublicJwks, IDENTITY_TOKEN_TTL_SECONDS,
  type SigningKey, type VerificationKeys,
} from './auth/identity-token.js';
export { AllExceptionsFilter, toErrorResponse, GENERIC_ERROR_MESSAGE, type ErrorBody } from './http/all-exceptions.filter.js';
export { parseWith, ZodValidationPipe, createZodDto, type ZodDtoClass } from './http/zod-validation.js';
export { findHostileInput, assertCleanInput, hostileInputMiddleware, type HostileInput } from './http/hostile-input.js';
export { ApiZodResponse, zodSchemaConverter } from './http/zod-openapi.js';
export { InternalHttpClient, InternalHttpError, type InternalHttpClientOptions, type InternalRequestOptions } from './internal/internal-http-client.js';
export { createPgPoolErrorHandler, attachPgPoolErrorHandler } from './database/pg-pool-error.js';
export { buildDataSourceOptions, type DatabaseOptionsInput } from './database/typeorm-options.js';
export { ensureSchema } from './database/ensure-schema.js';
export { runMigrationsLocked } from './database/run-migrations-locked.js';
export { REDIS_CLIENT, createRedisClient } from './health/redis.provider.js';
export { HealthController } from './health/health.controller.js';
export type { IdentityClaims } from '@brokerage/contracts';
export { OutboxPump, type PumpBatch } from './outbox/outbox-pump.js';
export { EventQueues } from './outbox/event-queues.js';
export { ListingsInternalClient } from './internal/listings-internal.client.js';
export { S3Bucket, S3_PART_BYTES, type S3BucketOptions } from './storage/s3-bucket.js';
export { receiveUpload, type ReceiveOptions, type ReceivedUpload, type StoredUpload, type UploadMessages, type UploadPlan, type UploadRules, type UploadTarget } from './uploads/multipart-upload.js';
export { ObjectUpload, PartBufferPool, UploadLane, type ObjectTarget } from './uploads/object-upload.js';
export { SNIFF_BYTES, cleanFileName, contentMatchesExtension, extensionOf, type ContentDetector } from './uploads/file-checks.js';
export { ListingDeletedWorker } from './events/listing-deleted-worker.js';
export { requireListingAccess } from './auth/listing-access.js';
export { isListingParty } from '@brokerage/contracts';
export { ListingEventsPublisher } from './events/listing-live-events.js';
