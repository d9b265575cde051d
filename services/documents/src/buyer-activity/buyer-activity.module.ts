import { Module } from '@nestjs/common';
import { BuyerActivityRepository } from './buyer-activity.repository.js';
import { InternalBuyerActivityController } from './internal-buyer-activity.controller.js';

@Module({ controllers: [InternalBuyerActivityController], providers: [BuyerActivityRepository] })
export class BuyerActivityModule {}
