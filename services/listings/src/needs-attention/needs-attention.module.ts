import { Module } from '@nestjs/common';
import { NeedsAttentionController } from './needs-attention.controller.js';
import { NeedsAttentionRepository } from './needs-attention.repository.js';
import { NeedsAttentionService } from './needs-attention.service.js';
import { NeedsAttentionSources } from './needs-attention.sources.js';

@Module({
  controllers: [NeedsAttentionController],
  providers: [NeedsAttentionRepository, NeedsAttentionService, NeedsAttentionSources],
})
export class NeedsAttentionModule {}
