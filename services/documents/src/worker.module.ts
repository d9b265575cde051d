import { Module } from '@nestjs/common';
import { CommonModule } from '@brokerage/nest-common';
import { DOCUMENTS_ENTITIES, DOCUMENTS_MIGRATIONS } from './entities.js';
import { PdfWorkerModule } from './pdf/pdf-worker.module.js';

/** The pdf worker process: queue consumer + GET /health (port 3013). */
@Module({
  imports: [
    CommonModule.forRoot({ name: 'documents', entities: DOCUMENTS_ENTITIES, migrations: DOCUMENTS_MIGRATIONS }),
    PdfWorkerModule,
  ],
})
export class WorkerModule {}
