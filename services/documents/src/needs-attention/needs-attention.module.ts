import { Module } from '@nestjs/common';
import { InternalNeedsAttentionController } from './needs-attention.controller.js';
import { NeedsAttentionRepository } from './needs-attention.repository.js';

@Module({ controllers: [InternalNeedsAttentionController], providers: [NeedsAttentionRepository] })
export class NeedsAttentionModule {}
