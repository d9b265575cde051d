import { Module } from '@nestjs/common';
import { OutboxModule } from '../outbox/outbox.module.js';
import { SessionsModule } from '../sessions/sessions.module.js';
import { UsersModule } from '../users/users.module.js';
import { PeopleController } from './people.controller.js';
import { PeopleRepository } from './people.repository.js';
import { PeopleService } from './people.service.js';

@Module({
  imports: [UsersModule, SessionsModule, OutboxModule],
  controllers: [PeopleController],
  providers: [PeopleRepository, PeopleService],
  exports: [PeopleService, PeopleRepository],
})
export class PeopleModule {}
