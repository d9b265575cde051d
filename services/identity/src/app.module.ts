import { Module } from '@nestjs/common';
import { CommonModule } from '@brokerage/nest-common';
import { AuthModule } from './auth/auth.module.js';
import { IDENTITY_ENTITIES, IDENTITY_MIGRATIONS } from './entities.js';
import { InternalModule } from './internal/internal.module.js';
import { NdaModule } from './nda/nda.module.js';
import { MailModule } from './mail/mail.module.js';
import { RedisModule } from './redis/redis.module.js';
import { SeedModule } from './seed/seed.module.js';
import { UsersModule } from './users/users.module.js';

@Module({
  imports: [
    CommonModule.forRoot({ name: 'identity', entities: IDENTITY_ENTITIES, migrations: IDENTITY_MIGRATIONS }),
    RedisModule,
    MailModule,
    UsersModule,
    AuthModule,
    InternalModule,
    NdaModule,
    SeedModule,
  ],
})
export class AppModule {}
