import { Global, Module } from '@nestjs/common';
import { ListingEventsPublisher } from '@brokerage/nest-common';
import { EventQueuesService } from './event-queues.service.js';
import { OutboxRelayService } from './outbox-relay.service.js';

@Global()
@Module({
  providers: [EventQueuesService, OutboxRelayService, ListingEventsPublisher],
  exports: [EventQueuesService, OutboxRelayService, ListingEventsPublisher],
})
export class OutboxModule {}
