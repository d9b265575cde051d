import { Module } from '@nestjs/common';
import { CommonModule } from '@brokerage/nest-common';
import { AdminModule } from './admin/admin.module.js';
import { AuthModule } from './auth/auth.module.js';
import { DraftsModule } from './drafts/drafts.module.js';
import { IdentityConfigModule } from './config/identity-config.js';
import { IDENTITY_ENTITIES, IDENTITY_MIGRATIONS } from './entities.js';
import { InternalModule } from './internal/internal.module.js';
import { NdaModule } from './nda/nda.module.js';
import { NotificationsModule } from './notifications/notifications.module.js';
import { OutboxModule } from './outbox/outbox.module.js';
import { PeopleModule } from './people/people.module.js';
import { MailModule } from './mail/mail.module.js';
import { RedisModule } from './redis/redis.module.js';
import { SeedModule } from './seed/seed.module.js';
import { UsersModule } from './users/users.module.js';

@Module({
  imports: [
    CommonModule.forRoot({ name: 'identity', entities: IDENTITY_ENTITIES, migrations: IDENTITY_MIGRATIONS }),
    IdentityConfigModule,
    RedisModule,
    MailModule,
    UsersModule,
    AuthModule,
    InternalModule,
    NdaModule,
    NotificationsModule,
    OutboxModule,
    PeopleModule,
    AdminModule,
    DraftsModule,
    SeedModule,
  ],
})
export class AppModule {}
