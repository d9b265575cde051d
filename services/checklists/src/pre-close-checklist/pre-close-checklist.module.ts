import { Module } from '@nestjs/common';
import { ListingsAccessModule } from '../listings-access/listings-access.module.js';
import { LISTING_CHECKLIST_CONTROLLERS } from './listing-checklist.controller.js';
import { SELECTED_LISTING_CHECKLIST_CONTROLLERS } from './selected-listing-checklist.controller.js';
import { PreCloseChecklistRepository } from './pre-close-checklist.repository.js';
import { PreCloseChecklistService } from './pre-close-checklist.service.js';

@Module({
  imports: [ListingsAccessModule],
  controllers: [...LISTING_CHECKLIST_CONTROLLERS, ...SELECTED_LISTING_CHECKLIST_CONTROLLERS],
  providers: [PreCloseChecklistRepository, PreCloseChecklistService],
})
export class PreCloseChecklistModule {}
