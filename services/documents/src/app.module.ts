import { Module } from '@nestjs/common';
import { CommonModule } from '@brokerage/nest-common';
import { DOCUMENTS_ENTITIES, DOCUMENTS_MIGRATIONS } from './entities.js';
import { PdfJobsModule } from './pdf/pdf-jobs.module.js';
import { StorageModule } from './storage/storage.module.js';

/** The documents API (port 3003). */
@Module({
  imports: [
    CommonModule.forRoot({ name: 'documents', entities: DOCUMENTS_ENTITIES, migrations: DOCUMENTS_MIGRATIONS }),
    StorageModule,
    PdfJobsModule,
  ],
})
export class AppModule {}
