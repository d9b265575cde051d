import { Module } from '@nestjs/common';
import { ListingsModule } from '../listings/listings.module.js';
import { BuyerJourneyController, SellerJourneyController } from './client-journey.controller.js';
import { InternalJourneysController } from './internal-journeys.controller.js';
import { JourneysRepository } from './journeys.repository.js';
import { JourneysService } from './journeys.service.js';
import { StaffProgressService } from './staff-progress.service.js';
import { StepHistory } from './step-history.js';
import { AgentJourneyController, BrokerJourneyController } from './staff-journey.controller.js';

@Module({
  imports: [ListingsModule],
  controllers: [SellerJourneyController, BuyerJourneyController, BrokerJourneyController, AgentJourneyController, InternalJourneysController],
  providers: [JourneysRepository, JourneysService, StaffProgressService, StepHistory],
  exports: [JourneysRepository, JourneysService, StepHistory],
})
export class JourneysModule {}
