import { Module } from '@nestjs/common';
import { DocumentsModule } from '../documents/documents.module.js';
import { StorageModule } from '../storage/storage.module.js';
import { EngagementReportController } from './engagement.controller.js';
import { ENGAGEMENT_QUEUE_MODE, EngagementQueue, type EngagementQueueMode } from './engagement-queue.js';
import { EngagementRepository } from './engagement.repository.js';
import { EngagementService } from './engagement.service.js';

/**
 * The viewer's reports alone (issue 23 §3, bench:viewer: a write ≤ 5 ms p99): the same rule and the same queue as the
 * API's, on an event loop no page image waits on. It appends to the queue; the documents API writes it to PostgreSQL.
 */
@Module({
  imports: [StorageModule, DocumentsModule],
  controllers: [EngagementReportController],
  providers: [EngagementRepository, { provide: ENGAGEMENT_QUEUE_MODE, useValue: 'append' satisfies EngagementQueueMode }, EngagementQueue, EngagementService],
})
export class EngagementIngestModule {}
