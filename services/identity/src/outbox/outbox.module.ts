import { Module } from '@nestjs/common';
import { EVENT_CONSUMERS } from '@brokerage/contracts';
import { EventQueuesModule } from '@brokerage/nest-common';
import { OutboxRelayService } from './outbox-relay.service.js';

@Module({ imports: [EventQueuesModule.forConsumers(EVENT_CONSUMERS)], providers: [OutboxRelayService], exports: [OutboxRelayService] })
export class OutboxModule {}
