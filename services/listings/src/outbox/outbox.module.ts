import { Global, Module } from '@nestjs/common';
import { EventQueuesService } from './event-queues.service.js';
import { OutboxRelayService } from './outbox-relay.service.js';
import { OutboxRepository } from './outbox.repository.js';

@Global()
@Module({
  providers: [OutboxRepository, EventQueuesService, OutboxRelayService],
  exports: [OutboxRepository, EventQueuesService, OutboxRelayService],
})
export class OutboxModule {}
