import { Global, Module } from '@nestjs/common';
import { z } from 'zod';
import { parseConfig, serviceConfigSchema } from '@brokerage/nest-common';

const positiveInt = z.coerce.number().int().positive().optional();

/** Identity's environment: the common service settings plus mail, links and password hashing. */
export const identityConfigSchema = serviceConfigSchema.extend({
  /** Where reset links point (the gateway's public origin). */
  PUBLIC_URL: z.string().default('http://localhost:8080').transform((u) => u.replace(/\/+$/, '')),
  /** smtp://user:pass@host:587 sends mail; unset writes it to the mailbox folder. */
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().optional(),
  MAIL_DIR: z.string().optional(),
  DATA_DIR: z.string().optional(),
  /**
   * HMAC key of the e-mails' unsubscribe links (issue 24 §2). Unset: derived (HKDF) from this service's own
   * SERVICE_JWT_PRIVATE_KEY, so links stay valid across restarts and replicas and change with that key's rotation.
   */
  NOTICE_TOKEN_SECRET: z.string().min(32, 'NOTICE_TOKEN_SECRET must be at least 32 characters').optional(),
  /** How often the daily digest's tick looks for users whose 7:00 has come (ms; 0: no tick, tests run it by hand). */
  NOTICE_DIGEST_TICK_MS: z.coerce.number().int().min(0).default(15 * 60_000),
  /** argon2id cost; never below OWASP's minimum (PasswordService clamps). */
  ARGON2_MEMORY_KIB: positiveInt,
  ARGON2_TIME_COST: positiveInt,
  ARGON2_PARALLELISM: positiveInt,
  /**
   * argon2 computations at once (more wait their turn). Each holds one of libuv's threads (4 unless UV_THREADPOOL_SIZE)
   * for its whole run; the pg driver's SCRAM sign-in (WebCrypto), file and DNS work need the same threads. Default 2:
   * a burst of sign-ins leaves the other two free (npm run soak: 500 sign-ins made new database connections wait past
   * their 1.5 s timeout, 503s).
   */
  ARGON2_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(2),
  /**
   * A sign-in that waited this long for its argon2 turn is answered 503 without computing it: the portal gave up on it
   * at 15 s and tried again, and a burst spent its argon2 capacity on the attempts no one waited for any more
   * (npm run soak: timed-out sign-ins queued behind abandoned ones). Default 14 s.
   */
  ARGON2_QUEUE_WAIT_MS: z.coerce.number().int().min(1).max(600_000).default(14_000),
});
export type IdentityConfig = z.output<typeof identityConfigSchema>;

/** Injection token of the validated IdentityConfig (read once per app, when the module is built). */
export const IDENTITY_CONFIG = Symbol('IDENTITY_CONFIG');

export const loadIdentityConfig = (env: NodeJS.ProcessEnv = process.env): IdentityConfig => parseConfig(identityConfigSchema, env);

@Global()
@Module({
  providers: [{ provide: IDENTITY_CONFIG, useFactory: () => loadIdentityConfig() }],
  exports: [IDENTITY_CONFIG],
})
export class IdentityConfigModule {}
