import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Put, Query, Req, Res } from '@nestjs/common';
import { ApiBody, ApiConsumes, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { pipeline } from 'node:stream/promises';
import {
  MESSAGE_ATTACHMENT_EXTENSIONS,
  MESSAGE_LIMITS,
  messagePageSchema,
  messageResponseSchema,
  sendMessageResponseSchema,
  unreadCountSchema,
  type IdentityClaims,
} from '@brokerage/contracts';
import { ApiZodResponse, CurrentUser, Roles } from '@brokerage/nest-common';
import { AttachmentParams, EmailAgentBody, MessageIdParams, MessagesQueryDto } from './dto/messages.dto.js';
import { MessagesService } from './messages.service.js';

const contentDisposition = (fileName: string) =>
  `attachment; filename="${fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;

/** Spec part 2 §7 / part 3 §7 Messaging: the same screen and calls for all four roles. */
@ApiTags('messages')
@Controller()
export class MessagesController {
  constructor(private readonly messages: MessagesService) {}

  /** Newest first, 50 a page; `nextCursor` → ?cursor= for "Load more". Brokers also get the Website items. */
  @Get('messages/inbox')
  @Roles('BROKER', 'AGENT', 'SELLER', 'BUYER')
  @ApiZodResponse(200, messagePageSchema)
  inbox(@CurrentUser() caller: IdentityClaims, @Query() q: MessagesQueryDto) {
    return this.messages.inbox(caller, q.cursor);
  }

  @Get('messages/sent')
  @Roles('BROKER', 'AGENT', 'SELLER', 'BUYER')
  @ApiZodResponse(200, messagePageSchema)
  sent(@CurrentUser() caller: IdentityClaims, @Query() q: MessagesQueryDto) {
    return this.messages.sent(caller, q.cursor);
  }

  /** Defined: the sidebar's unread badge (reloaded when a live event arrives). */
  @Get('messages/unread-count')
  @Roles('BROKER', 'AGENT', 'SELLER', 'BUYER')
  @ApiZodResponse(200, unreadCountSchema)
  unreadCount(@CurrentUser() caller: IdentityClaims) {
    return this.messages.unreadCount(caller);
  }

  /** multipart/form-data: receiverId, subject, content (fields first), then up to 10 `attachments` of ≤ 25 MB. */
  @Post('messages/send')
  @Roles('BROKER', 'AGENT', 'SELLER', 'BUYER')
  @HttpCode(201)
  @ApiConsumes('multipart/form-data')
  @ApiBody({
    schema: {
      type: 'object',
      required: ['receiverId', 'subject', 'content'],
      properties: {
        receiverId: { type: 'string', format: 'uuid' },
        subject: { type: 'string', maxLength: MESSAGE_LIMITS.subjectChars },
        content: { type: 'string', maxLength: MESSAGE_LIMITS.contentChars },
        attachments: {
          type: 'array',
          maxItems: MESSAGE_LIMITS.maxFiles,
          items: { type: 'string', format: 'binary' },
          description: `${MESSAGE_ATTACHMENT_EXTENSIONS.join(' ')}; ≤ 25 MB each`,
        },
      },
    },
  })
  @ApiZodResponse(201, sendMessageResponseSchema)
  send(@CurrentUser() caller: IdentityClaims, @Req() req: Request) {
    return this.messages.send(caller, req);
  }

  /** Defined body {subject, content}: to the agent of the buyer's selected listing, else the broker. */
  @Post('buyer/email-agent')
  @Roles('BUYER')
  @HttpCode(201)
  @ApiZodResponse(201, sendMessageResponseSchema)
  emailAgent(@CurrentUser() caller: IdentityClaims, @Body() body: EmailAgentBody) {
    return this.messages.emailAgent(caller, body);
  }

  @Put('messages/:id/read')
  @Roles('BROKER', 'AGENT', 'SELLER', 'BUYER')
  @ApiZodResponse(200, messageResponseSchema)
  markRead(@CurrentUser() caller: IdentityClaims, @Param() p: MessageIdParams) {
    return this.messages.markRead(caller, p.id);
  }

  /** Alias of PUT (the spec does not show the method on one screen). */
  @Patch('messages/:id/read')
  @Roles('BROKER', 'AGENT', 'SELLER', 'BUYER')
  @ApiZodResponse(200, messageResponseSchema)
  markReadPatch(@CurrentUser() caller: IdentityClaims, @Param() p: MessageIdParams) {
    return this.messages.markRead(caller, p.id);
  }

  /** Removes the caller's copy only; the other party keeps theirs. */
  @Delete('messages/:id')
  @Roles('BROKER', 'AGENT', 'SELLER', 'BUYER')
  @ApiZodResponse(200, messageResponseSchema)
  remove(@CurrentUser() caller: IdentityClaims, @Param() p: MessageIdParams) {
    return this.messages.remove(caller, p.id);
  }

  /** Streamed from storage to the sender or receiver only. */
  @Get('messages/:id/attachments/:attachmentId')
  @Roles('BROKER', 'AGENT', 'SELLER', 'BUYER')
  async download(@CurrentUser() caller: IdentityClaims, @Param() p: AttachmentParams, @Res() res: Response): Promise<void> {
    const file = await this.messages.attachment(caller, p.id, p.attachmentId);
    res.status(200);
    res.setHeader('Content-Type', file.contentType);
    res.setHeader('Content-Length', String(file.fileSize));
    res.setHeader('Content-Disposition', contentDisposition(file.fileName));
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Cache-Control', 'private, no-store');
    await pipeline(file.body, res).catch(() => res.destroy());
  }
}
