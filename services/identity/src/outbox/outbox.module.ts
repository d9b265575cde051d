import { Module } from '@nestjs/common';
import { EventQueuesService } from './event-queues.service.js';
import { OutboxRelayService } from './outbox-relay.service.js';

@Module({
  providers: [EventQueuesService, OutboxRelayService],
  exports: [OutboxRelayService, EventQueuesService],
})
export class OutboxModule {}
