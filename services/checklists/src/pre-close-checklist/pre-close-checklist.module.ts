import { Module } from '@nestjs/common';
import { BrokerChecklistController } from './broker-checklist.controller.js';
import { PreCloseChecklistRepository } from './pre-close-checklist.repository.js';
import { PreCloseChecklistService } from './pre-close-checklist.service.js';

@Module({
  controllers: [BrokerChecklistController],
  providers: [PreCloseChecklistRepository, PreCloseChecklistService],
})
export class PreCloseChecklistModule {}
