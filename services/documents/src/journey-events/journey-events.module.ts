import { Module } from '@nestjs/common';
import { ListingsAccessModule } from '../listings-access/listings-access.module.js';
import { DocumentNotices } from '../notices/document-notices.js';
import { OfficePdfQueueModule } from '../pdf/office-pdf-queue.js';
import { JourneyEventsService } from './journey-events.service.js';
import { JourneyRelayService } from './journey-relay.service.js';

@Module({
  imports: [ListingsAccessModule, OfficePdfQueueModule],
  providers: [JourneyRelayService, JourneyEventsService, DocumentNotices],
  exports: [JourneyEventsService, JourneyRelayService, DocumentNotices],
})
export class JourneyEventsModule {}
