import { Module } from '@nestjs/common';
import { CommonModule } from '@brokerage/nest-common';
import { LISTINGS_ENTITIES, LISTINGS_MIGRATIONS } from './entities.js';
import { ListingsModule } from './listings/listings.module.js';
import { NdasModule } from './ndas/ndas.module.js';
import { SeedModule } from './seed/seed.module.js';

@Module({
  imports: [
    CommonModule.forRoot({ name: 'listings', entities: LISTINGS_ENTITIES, migrations: LISTINGS_MIGRATIONS }),
    ListingsModule,
    NdasModule,
    SeedModule,
  ],
})
export class AppModule {}
