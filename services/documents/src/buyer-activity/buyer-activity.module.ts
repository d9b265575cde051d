import { Module } from '@nestjs/common';
import { EngagementModule } from '../engagement/engagement.module.js';
import { BuyerActivityRepository } from './buyer-activity.repository.js';
import { InternalBuyerActivityController } from './internal-buyer-activity.controller.js';

@Module({ imports: [EngagementModule], controllers: [InternalBuyerActivityController], providers: [BuyerActivityRepository] })
export class BuyerActivityModule {}
