import { Module } from '@nestjs/common';
import { JourneysModule } from '../journeys/journeys.module.js';
import { ListingsModule } from '../listings/listings.module.js';
import { DashboardsController } from './dashboards.controller.js';
import { DashboardsRepository } from './dashboards.repository.js';
import { DashboardsService } from './dashboards.service.js';

@Module({
  imports: [ListingsModule, JourneysModule],
  controllers: [DashboardsController],
  providers: [DashboardsRepository, DashboardsService],
})
export class DashboardsModule {}
