import { Module } from '@nestjs/common';
import { CommonModule } from '@brokerage/nest-common';
import { MESSAGING_ENTITIES, MESSAGING_MIGRATIONS } from './entities.js';
import { ContactRequestsModule } from './contact-requests/contact-requests.module.js';
import { MessagesModule } from './messages/messages.module.js';
import { ActivityModule } from './activity/activity.module.js';

@Module({
  imports: [
    CommonModule.forRoot({ name: 'messaging', entities: MESSAGING_ENTITIES, migrations: MESSAGING_MIGRATIONS }),
    ContactRequestsModule,
    MessagesModule,
    ActivityModule,
  ],
})
export class AppModule {}
