import { Global, Module } from '@nestjs/common';
import { ListingEventsPublisher } from '@brokerage/nest-common';
import { OutboxRelayService } from './outbox-relay.service.js';

@Global()
@Module({ providers: [OutboxRelayService, ListingEventsPublisher], exports: [OutboxRelayService, ListingEventsPublisher] })
export class OutboxModule {}
