import { Module } from '@nestjs/common';
import { QueueRootModule } from '../queue/queue-root.module.js';
import { StorageModule } from '../storage/storage.module.js';
import { GeneratedPdfsRepository } from './generated-pdfs.repository.js';
import { PdfProcessor } from './pdf.processor.js';
import { PdfRenderPool } from './pdf-render-pool.js';
import { loadWorkerConfig } from '../config/worker-config.js';
import { OfficePdfProcessor } from './office-pdf.processor.js';
import { OfficePdfQueueModule } from './office-pdf-queue.js';

/** Worker side: the 'pdf' queue consumer (form PDFs) and the 'office-pdf' one (Word files' PDFs for viewing). */
@Module({
  imports: [QueueRootModule, OfficePdfQueueModule, StorageModule],
  providers: [
    GeneratedPdfsRepository,
    PdfProcessor,
    OfficePdfProcessor,
    { provide: PdfRenderPool, useFactory: () => new PdfRenderPool(loadWorkerConfig().PDF_RENDER_THREADS) },
  ],
  exports: [PdfProcessor, OfficePdfProcessor],
})
export class PdfWorkerModule {}
