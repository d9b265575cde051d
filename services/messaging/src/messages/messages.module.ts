import { Module } from '@nestjs/common';
import { IdentityClient } from '../clients/identity.client.js';
import { ListingsClient } from '../clients/listings.client.js';
import { LiveEventsPublisher } from '../live/live-events.publisher.js';
import { NoticesModule } from '../notices/notices.module.js';
import { JourneyOutboxRepository } from '../outbox/journey-outbox.repository.js';
import { JourneyRelayService } from '../outbox/journey-relay.service.js';
import { AttachmentStorageService } from '../storage/attachment-storage.service.js';
import { MessagesController } from './messages.controller.js';
import { MessagesRepository } from './messages.repository.js';
import { MessagesService } from './messages.service.js';

@Module({
  imports: [NoticesModule],
  controllers: [MessagesController],
  providers: [MessagesRepository, MessagesService, AttachmentStorageService, IdentityClient, ListingsClient, JourneyOutboxRepository, JourneyRelayService, LiveEventsPublisher],
  exports: [JourneyRelayService],
})
export class MessagesModule {}
