import { ApiTags } from '@nestjs/swagger';
import { Body, Controller, Get, HttpCode, Post, Put, Query } from '@nestjs/common';
import {
  notificationSettingsSchema,
  unsubscribeAnswerSchema,
  type IdentityClaims,
  type NotificationSettings,
  type UnsubscribeAnswer,
} from '@brokerage/contracts';
import { ApiZodResponse, CurrentUser, Public, Roles } from '@brokerage/nest-common';
import { UnsubscribeBody, UnsubscribeQuery, UpdateNotificationSettingsBody } from './dto/notifications.dto.js';
import { NotificationsService } from './notifications.service.js';

/** The Settings screen's notification settings (the caller's own) and the e-mails' unsubscribe (public, token). */
@ApiTags('auth')
@Controller('auth')
export class NotificationsController {
  constructor(private readonly notifications: NotificationsService) {}

  @Get('notification-settings')
  @Roles('BROKER', 'AGENT', 'SELLER', 'BUYER')
  @ApiZodResponse(200, notificationSettingsSchema)
  settings(@CurrentUser() caller: IdentityClaims): Promise<NotificationSettings> {
    return this.notifications.settings(caller.sub);
  }

  @Put('notification-settings')
  @Roles('BROKER', 'AGENT', 'SELLER', 'BUYER')
  @ApiZodResponse(200, notificationSettingsSchema)
  update(@CurrentUser() caller: IdentityClaims, @Body() body: UpdateNotificationSettingsBody): Promise<NotificationSettings> {
    return this.notifications.updateSettings(caller.sub, body);
  }

  /** No sign-in: the signed token says whose kind goes Off. A mail client's one-click POST carries it in the query. */
  @Post('unsubscribe')
  @Public()
  @HttpCode(200)
  @ApiZodResponse(200, unsubscribeAnswerSchema)
  unsubscribe(@Body() body: UnsubscribeBody, @Query() query: UnsubscribeQuery): Promise<UnsubscribeAnswer> {
    return this.notifications.unsubscribe(body.token ?? query.token);
  }
}
