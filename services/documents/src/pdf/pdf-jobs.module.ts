import { Module } from '@nestjs/common';
import { QueueRootModule } from '../queue/queue-root.module.js';
import { GeneratedPdfsRepository } from './generated-pdfs.repository.js';
import { PdfJobsService } from './pdf-jobs.service.js';
import { InternalPdfJobsController } from './internal-pdf-jobs.controller.js';
import { PdfOutboxSweeper } from './pdf-outbox-sweeper.js';

/** API side: POST/GET /internal/pdf-jobs, producer of the 'pdf' queue. */
@Module({
  imports: [QueueRootModule],
  controllers: [InternalPdfJobsController],
  providers: [GeneratedPdfsRepository, PdfJobsService, PdfOutboxSweeper],
  exports: [PdfJobsService],
})
export class PdfJobsModule {}
