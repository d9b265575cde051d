import { Module } from '@nestjs/common';
import { JourneysModule } from '../journeys/journeys.module.js';
import { ListingsModule } from '../listings/listings.module.js';
import { OffersRepository } from './offers.repository.js';
import { OffersService } from './offers.service.js';
import { AgentOffersController, BrokerOffersController } from './staff-offers.controller.js';

@Module({
  imports: [ListingsModule, JourneysModule],
  controllers: [BrokerOffersController, AgentOffersController],
  providers: [OffersRepository, OffersService],
  exports: [OffersRepository],
})
export class OffersModule {}
