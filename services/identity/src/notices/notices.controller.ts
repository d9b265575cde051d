import { ApiTags } from '@nestjs/swagger';
import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { newMessageNoticeAnswerSchema, type NewMessageNoticeAnswer } from '@brokerage/contracts';
import { ApiZodResponse, InternalCallers } from '@brokerage/nest-common';
import { NewMessageNoticeBody } from './dto/new-message-notice.dto.js';
import { NoticesService } from './notices.service.js';

/** Service-to-service notices (never routed by the gateway). */
@ApiTags('internal')
@Controller('internal/notices')
@InternalCallers('messaging')
export class NoticesController {
  constructor(private readonly notices: NoticesService) {}

  /** Messaging's outbox relay: e-mail the receiver that a message arrived (idempotent by messageId). */
  @Post('new-message')
  @HttpCode(200)
  @ApiZodResponse(200, newMessageNoticeAnswerSchema)
  newMessage(@Body() body: NewMessageNoticeBody): Promise<NewMessageNoticeAnswer> {
    return this.notices.newMessage(body);
  }
}
