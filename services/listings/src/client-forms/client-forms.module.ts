import { Module } from '@nestjs/common';
import { JourneysModule } from '../journeys/journeys.module.js';
import { ClientFormsRepository } from './client-forms.repository.js';
import { ClientFormsService } from './client-forms.service.js';
import { DocumentsPdfClient } from './documents-pdf.client.js';
import { FormPdfRelayService } from './form-pdf-relay.service.js';
import { FormPdfRequestsRepository } from './form-pdf-requests.repository.js';

/**
 * The store of the three client forms (questionnaire, buyer NDA, financial statement), used by their features, and
 * the relay of their submissions' PDF requests to documents (outbox → POST /internal/pdf-jobs).
 */
@Module({
  imports: [JourneysModule],
  providers: [ClientFormsRepository, ClientFormsService, FormPdfRequestsRepository, DocumentsPdfClient, FormPdfRelayService],
  exports: [ClientFormsService, ClientFormsRepository, FormPdfRequestsRepository, FormPdfRelayService],
})
export class ClientFormsModule {}
