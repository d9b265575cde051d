import { Module } from '@nestjs/common';
import { QueueRootModule } from '../queue/queue-root.module.js';
import { StorageModule } from '../storage/storage.module.js';
import { GeneratedPdfsRepository } from './generated-pdfs.repository.js';
import { PdfProcessor } from './pdf.processor.js';
import { PdfRenderPool } from './pdf-render-pool.js';
import { loadWorkerConfig } from '../config/worker-config.js';

/** Worker side: the 'pdf' queue consumer. */
@Module({
  imports: [QueueRootModule, StorageModule],
  providers: [
    GeneratedPdfsRepository,
    PdfProcessor,
    { provide: PdfRenderPool, useFactory: () => new PdfRenderPool(loadWorkerConfig().PDF_RENDER_THREADS) },
  ],
  exports: [PdfProcessor],
})
export class PdfWorkerModule {}
