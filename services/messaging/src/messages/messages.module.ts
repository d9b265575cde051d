import { Module } from '@nestjs/common';
import { IdentityClient } from '../clients/identity.client.js';
import { ListingsClient } from '../clients/listings.client.js';
import { LiveEventsPublisher } from '../live/live-events.publisher.js';
import { OutboxRelayService } from '../outbox/outbox-relay.service.js';
import { AttachmentStorageService } from '../storage/attachment-storage.service.js';
import { MessagesController } from './messages.controller.js';
import { MessagesRepository } from './messages.repository.js';
import { MessagesService } from './messages.service.js';

@Module({
  controllers: [MessagesController],
  providers: [MessagesRepository, MessagesService, AttachmentStorageService, IdentityClient, ListingsClient, OutboxRelayService, LiveEventsPublisher],
  exports: [OutboxRelayService],
})
export class MessagesModule {}
