import { Module } from '@nestjs/common';
import { CommonModule } from '@brokerage/nest-common';
import { DOCUMENTS_ENTITIES, DOCUMENTS_MIGRATIONS } from './entities.js';
import { EngagementIngestModule } from './engagement/engagement-ingest.module.js';
import { ListingsAccessModule } from './listings-access/listings-access.module.js';

/** The engagement ingest process (port 3023): POST /buyer/documents/{id}/engagement + GET /health. */
@Module({
  imports: [
    CommonModule.forRoot({ name: 'documents', entities: DOCUMENTS_ENTITIES, migrations: DOCUMENTS_MIGRATIONS }),
    ListingsAccessModule,
    EngagementIngestModule,
  ],
})
export class EngagementIngestAppModule {}
