import { Module } from '@nestjs/common';
import { ContactRequestsController } from './contact-requests.controller.js';
import { ContactRequestsRepository } from './contact-requests.repository.js';
import { ContactRequestsService } from './contact-requests.service.js';

@Module({ controllers: [ContactRequestsController], providers: [ContactRequestsRepository, ContactRequestsService] })
export class ContactRequestsModule {}
