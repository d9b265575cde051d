import { Module } from '@nestjs/common';
import { BullModule } from '@nestjs/bullmq';
import { BullRootModule } from '@brokerage/nest-common';
import { IDLE_JOURNEY_QUEUE, IdleJourneyNotices, IdleJourneyWorker } from './idle-journey-notices.js';
import { NeedsAttentionController } from './needs-attention.controller.js';
import { NeedsAttentionRepository } from './needs-attention.repository.js';
import { NeedsAttentionService } from './needs-attention.service.js';
import { NeedsAttentionSources } from './needs-attention.sources.js';

@Module({
  imports: [BullRootModule, BullModule.registerQueue({ name: IDLE_JOURNEY_QUEUE })],
  controllers: [NeedsAttentionController],
  providers: [NeedsAttentionRepository, NeedsAttentionService, NeedsAttentionSources, IdleJourneyNotices, IdleJourneyWorker],
})
export class NeedsAttentionModule {}
