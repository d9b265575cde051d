import { Module } from '@nestjs/common';
import { IdentityNoticesClient } from './identity-notices.client.js';
import { NoticeOutboxRepository } from './notice-outbox.repository.js';
import { NoticeRelayService } from './notice-relay.service.js';

/** New-message e-mail notices: the outbox row (written by a send) and its relay to identity. */
@Module({ providers: [NoticeOutboxRepository, NoticeRelayService, IdentityNoticesClient], exports: [NoticeOutboxRepository, NoticeRelayService] })
export class NoticesModule {}
