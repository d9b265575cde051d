import { Inject, Injectable } from '@nestjs/common';
import { LISTING_DELETED, LISTING_DELETED_CONSUMERS } from '@brokerage/contracts';
import { EventQueues, SERVICE_CONFIG, type ServiceConfig } from '@brokerage/nest-common';

/** listings' events (listing.deleted) to their consumers' queues. */
@Injectable()
export class EventQueuesService extends EventQueues {
  constructor(@Inject(SERVICE_CONFIG) config: ServiceConfig) {
    super(config.REDIS_URL, { [LISTING_DELETED]: LISTING_DELETED_CONSUMERS });
  }
}
