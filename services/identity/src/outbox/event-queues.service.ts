import { Injectable } from '@nestjs/common';
import { EVENT_CONSUMERS } from '@brokerage/contracts';
import { EventQueues, loadConfig } from '@brokerage/nest-common';

/** identity's user events to their consumers' queues (contracts/events.ts EVENT_CONSUMERS). */
@Injectable()
export class EventQueuesService extends EventQueues {
  constructor() {
    super(loadConfig().REDIS_URL, EVENT_CONSUMERS);
  }
}
