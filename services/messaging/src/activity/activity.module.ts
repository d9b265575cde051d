import { Module } from '@nestjs/common';
import { ActivityRepository } from './activity.repository.js';
import { InternalActivityController } from './internal-activity.controller.js';

@Module({ controllers: [InternalActivityController], providers: [ActivityRepository] })
export class ActivityModule {}
