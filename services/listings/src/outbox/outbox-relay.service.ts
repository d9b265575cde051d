import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { LISTING_DELETED, type ListingDeletedEvent, type PdfJobRequest } from '@brokerage/contracts';
import { EventQueues, InternalHttpClient, OutboxRelay, SERVICE_CONFIG, type ServiceConfig } from '@brokerage/nest-common';

/** A submitted form's PDF, for documents' POST /internal/pdf-jobs (idempotent on its key, the submission's). */
export const FORM_PDF = 'form-pdf';

/** What listings.outbox carries: one payload type per kind. */
export interface ListingsOutbox {
  [LISTING_DELETED]: ListingDeletedEvent;
  [FORM_PDF]: PdfJobRequest;
}

/**
 * listings.outbox (nest-common OutboxRelay): listing.deleted → its consumers' BullMQ queues (LISTING_DELETED_CONSUMERS,
 * registered by OutboxModule; jobId = eventId = row id),
 * form PDFs → documents (the job key is the submission's, so a request relayed again is the same job, rendered once).
 */
@Injectable()
export class OutboxRelayService extends OutboxRelay<ListingsOutbox> {
  constructor(@InjectDataSource() ds: DataSource, @Inject(SERVICE_CONFIG) config: ServiceConfig, queues: EventQueues) {
    const documents = new InternalHttpClient({ from: 'listings', baseUrl: config.DOCUMENTS_URL, timeoutMs: 10_000 });
    super('OutboxRelay', ds, 'listings', {
      [LISTING_DELETED]: (event, row) => queues.publish(row.kind, row.id, event),
      [FORM_PDF]: async (job) => void (await documents.post('/internal/pdf-jobs', job)),
    }, { pollMs: 2000 });
  }
}
