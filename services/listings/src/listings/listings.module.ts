import { Module } from '@nestjs/common';
import { AgentListingsController, BrokerListingsController } from './broker-listings.controller.js';
import { BuyerListingsController, SellerListingsController } from './client-listings.controller.js';
import { InternalListingsController } from './internal-listings.controller.js';
import { InternalPartiesController } from './internal-parties.controller.js';
import { ListingAdminService } from './listing-admin.service.js';
import { ListingsMemo } from './listings-memo.js';
import { ListingPresenter } from './listing-presenter.js';
import { ListingsRepository } from './listings.repository.js';
import { ListingsService } from './listings.service.js';
import { PartiesService } from './parties.service.js';
import { PublicListingsController } from './public-listings.controller.js';

@Module({
  controllers: [
    PublicListingsController,
    InternalListingsController,
    InternalPartiesController,
    BrokerListingsController,
    AgentListingsController,
    SellerListingsController,
    BuyerListingsController,
  ],
  providers: [ListingsRepository, ListingsService, ListingPresenter, ListingAdminService, PartiesService, ListingsMemo],
  exports: [ListingsRepository, ListingsService, ListingPresenter, ListingAdminService, ListingsMemo],
})
export class ListingsModule {}
