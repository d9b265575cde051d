import { Global, Module } from '@nestjs/common';
import { ListingEventsPublisher } from '@brokerage/nest-common';
import { EventQueuesService } from './event-queues.service.js';
import { OutboxRelayService } from './outbox-relay.service.js';
import { OutboxRepository } from './outbox.repository.js';

@Global()
@Module({
  providers: [OutboxRepository, EventQueuesService, OutboxRelayService, ListingEventsPublisher],
  exports: [OutboxRepository, EventQueuesService, OutboxRelayService, ListingEventsPublisher],
})
export class OutboxModule {}
