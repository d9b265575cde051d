import { Module } from '@nestjs/common';
import { ListingsModule } from '../listings/listings.module.js';
import { OffersModule } from '../offers/offers.module.js';
import { ActivitySourcesClient } from './activity-sources.client.js';
import { SellerBuyerActivityController } from './buyer-activity.controller.js';
import { BuyerActivityRepository } from './buyer-activity.repository.js';
import { BuyerActivityService } from './buyer-activity.service.js';

@Module({
  imports: [ListingsModule, OffersModule],
  controllers: [SellerBuyerActivityController],
  providers: [BuyerActivityRepository, BuyerActivityService, ActivitySourcesClient],
})
export class BuyerActivityModule {}
