import { Global, Module } from '@nestjs/common';
import { LISTING_DELETED, LISTING_DELETED_CONSUMERS } from '@brokerage/contracts';
import { EventQueuesModule, ListingEventsPublisher } from '@brokerage/nest-common';
import { ListingNotices } from './listing-notices.js';
import { OutboxRelayService } from './outbox-relay.service.js';

@Global()
@Module({
  imports: [EventQueuesModule.forConsumers({ [LISTING_DELETED]: LISTING_DELETED_CONSUMERS })],
  providers: [OutboxRelayService, ListingEventsPublisher, ListingNotices],
  exports: [OutboxRelayService, ListingEventsPublisher, ListingNotices],
})
export class OutboxModule {}
