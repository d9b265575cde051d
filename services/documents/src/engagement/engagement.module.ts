import { Module } from '@nestjs/common';
import { DocumentsModule } from '../documents/documents.module.js';
import { StorageModule } from '../storage/storage.module.js';
import { ENGAGEMENT_CONTROLLERS } from './engagement.controller.js';
import { EngagementQueue } from './engagement-queue.js';
import { EngagementRepository } from './engagement.repository.js';
import { EngagementService } from './engagement.service.js';
import { ViewTickets } from './view-tickets.js';

/** Page-level engagement (issue 23 §3): the viewer's reports, the staff's and the buyer's reads. */
@Module({
  imports: [StorageModule, DocumentsModule],
  controllers: ENGAGEMENT_CONTROLLERS,
  providers: [EngagementRepository, EngagementQueue, EngagementService, ViewTickets],
  exports: [EngagementQueue, ViewTickets],
})
export class EngagementModule {}
