import { Module } from '@nestjs/common';
import { JourneysModule } from '../journeys/journeys.module.js';
import { ClientFormsRepository } from './client-forms.repository.js';
import { ClientFormsService } from './client-forms.service.js';

/** The store of the three client forms (questionnaire, buyer NDA, financial statement), used by their features. */
@Module({ imports: [JourneysModule], providers: [ClientFormsRepository, ClientFormsService], exports: [ClientFormsService] })
export class ClientFormsModule {}
