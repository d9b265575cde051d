import { ApiTags } from '@nestjs/swagger';
import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { noticeAnswerSchema, type NoticeAnswer } from '@brokerage/contracts';
import { ApiZodResponse, InternalCallers } from '@brokerage/nest-common';
import { NoticeCommandBody } from './dto/notifications.dto.js';
import { NotificationsService } from './notifications.service.js';

/** Service-to-service notices (never routed by the gateway): the services where things happen say so here. */
@ApiTags('internal')
@Controller('internal/notices')
export class InternalNoticesController {
  constructor(private readonly notifications: NotificationsService) {}

  /** Any producer's outbox relay: notify the recipients of one event (idempotent per eventId). */
  @Post()
  @InternalCallers('listings', 'documents', 'messaging')
  @HttpCode(200)
  @ApiZodResponse(200, noticeAnswerSchema)
  async notice(@Body() body: NoticeCommandBody): Promise<NoticeAnswer> {
    const { accepted } = await this.notifications.accept(body);
    return { accepted };
  }
}
