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
  /** argon2id cost; never below OWASP's minimum (PasswordService clamps). */
  ARGON2_MEMORY_KIB: positiveInt,
  ARGON2_TIME_COST: positiveInt,
  ARGON2_PARALLELISM: positiveInt,
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
