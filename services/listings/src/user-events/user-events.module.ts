import { Module } from '@nestjs/common';
import { ListingsModule } from '../listings/listings.module.js';
import { UserEventsRepository } from './user-events.repository.js';
import { UserEventsService } from './user-events.service.js';
import { UserEventsWorker } from './user-events.worker.js';

@Module({
  imports: [ListingsModule],
  providers: [UserEventsRepository, UserEventsService, UserEventsWorker],
  exports: [UserEventsService],
})
export class UserEventsModule {}
