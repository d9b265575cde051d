import { Module } from '@nestjs/common';
import { JourneysModule } from '../journeys/journeys.module.js';
import { ClientFormsRepository } from './client-forms.repository.js';
import { ClientFormsService } from './client-forms.service.js';
import { FormPdfRequestsRepository } from './form-pdf-requests.repository.js';

/**
 * The store of the three client forms (questionnaire, buyer NDA, financial statement), used by their features, and
 * their submissions' PDF requests (listings.outbox rows of kind form-pdf; the outbox relay takes them to documents).
 */
@Module({
  imports: [JourneysModule],
  providers: [ClientFormsRepository, ClientFormsService, FormPdfRequestsRepository],
  exports: [ClientFormsService, ClientFormsRepository, FormPdfRequestsRepository],
})
export class ClientFormsModule {}
