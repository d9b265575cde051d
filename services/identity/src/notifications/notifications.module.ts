import { Module } from '@nestjs/common';
import { BullModule } from '@nestjs/bullmq';
import { BullRootModule } from '@brokerage/nest-common';
import { InternalNoticesController } from './internal-notices.controller.js';
import { NotificationClock } from './notification-clock.js';
import { NotificationsController } from './notifications.controller.js';
import { NOTICE_QUEUE } from './notifications.constants.js';
import { NotificationsRepository } from './notifications.repository.js';
import { NotificationsService } from './notifications.service.js';
import { NoticesProcessor } from './notices.processor.js';
import { UnsubscribeTokens } from './unsubscribe-token.js';

/** E-mail notifications (issue 24 §2); the issue-9 new-message notice is one of them. */
@Module({
  imports: [BullRootModule, BullModule.registerQueue({ name: NOTICE_QUEUE })],
  controllers: [NotificationsController, InternalNoticesController],
  providers: [NotificationsService, NotificationsRepository, NotificationClock, UnsubscribeTokens, NoticesProcessor],
  exports: [NotificationsService],
})
export class NotificationsModule {}
