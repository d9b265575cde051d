import { Module } from '@nestjs/common';
import { CommonModule } from '@brokerage/nest-common';
import { CHECKLISTS_ENTITIES, CHECKLISTS_MIGRATIONS } from './entities.js';
import { PreCloseChecklistModule } from './pre-close-checklist/pre-close-checklist.module.js';
import { ListingEventsModule } from './listing-events/listing-events.module.js';

@Module({
  imports: [
    CommonModule.forRoot({ name: 'checklists', entities: CHECKLISTS_ENTITIES, migrations: CHECKLISTS_MIGRATIONS }),
    PreCloseChecklistModule,
    ListingEventsModule,
  ],
})
export class AppModule {}
