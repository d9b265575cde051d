import { Module } from '@nestjs/common';
import { CommonModule } from '@brokerage/nest-common';
import { LISTINGS_ENTITIES, LISTINGS_MIGRATIONS } from './entities.js';
import { DashboardsModule } from './dashboards/dashboards.module.js';
import { IdentityModule } from './identity/identity.module.js';
import { JourneysModule } from './journeys/journeys.module.js';
import { ListingsModule } from './listings/listings.module.js';
import { NdasModule } from './ndas/ndas.module.js';
import { OutboxModule } from './outbox/outbox.module.js';
import { PeopleModule } from './people/people.module.js';
import { SeedModule } from './seed/seed.module.js';
import { UserEventsModule } from './user-events/user-events.module.js';
import { QuestionnaireModule } from './questionnaire/questionnaire.module.js';
import { BuyerNdaModule } from './buyer-nda/buyer-nda.module.js';
import { FinancialStatementModule } from './financial-statement/financial-statement.module.js';
import { OffersModule } from './offers/offers.module.js';
import { BuyerActivityModule } from './buyer-activity/buyer-activity.module.js';
import { NeedsAttentionModule } from './needs-attention/needs-attention.module.js';

@Module({
  imports: [
    CommonModule.forRoot({ name: 'listings', entities: LISTINGS_ENTITIES, migrations: LISTINGS_MIGRATIONS }),
    IdentityModule,
    OutboxModule,
    ListingsModule,
    JourneysModule,
    DashboardsModule,
    PeopleModule,
    UserEventsModule,
    NdasModule,
    QuestionnaireModule,
    BuyerNdaModule,
    FinancialStatementModule,
    OffersModule,
    BuyerActivityModule,
    NeedsAttentionModule,
    SeedModule,
  ],
})
export class AppModule {}
