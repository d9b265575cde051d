import { Module } from '@nestjs/common';
import { ListingsRepository } from './listings.repository.js';
import { ListingsService } from './listings.service.js';
import { PublicListingsController } from './public-listings.controller.js';
import { InternalListingsController } from './internal-listings.controller.js';

@Module({
  controllers: [PublicListingsController, InternalListingsController],
  providers: [ListingsRepository, ListingsService],
  exports: [ListingsRepository, ListingsService],
})
export class ListingsModule {}
