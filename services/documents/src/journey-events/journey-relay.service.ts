import { Inject, Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { JourneyEvent, NoticeCommand } from '@brokerage/contracts';
import { InternalHttpClient, NOTICE, OutboxRelay, SERVICE_CONFIG, sendNotice, type ServiceConfig } from '@brokerage/nest-common';
import { DOCUMENTS_CONFIG, type DocumentsConfig } from '../config/documents-config.js';
import { ListingsClient } from '../listings-access/listings.client.js';
import { OFFICE_PDF, type OfficePdfJob } from '../pdf/office-pdf-job.js';
import { OfficePdfQueue } from '../pdf/office-pdf-queue.js';

/** A document action that completes a journey step, for listings' POST /internal/journeys/events (deduped on eventId). */
export const JOURNEY_STEP = 'journey-step';

/** What documents.outbox carries: one payload type per kind. */
export interface DocumentsOutbox {
  [JOURNEY_STEP]: JourneyEvent & { eventId: string };
  /** A stored Word file's PDF for viewing, for the pdf worker's 'office-pdf' queue (job id = the file's). */
  [OFFICE_PDF]: OfficePdfJob;
  /** An e-mail notice (contracts notifications.ts), for identity's POST /internal/notices (row id = eventId). */
  [NOTICE]: NoticeCommand;
}

/** documents.outbox (nest-common OutboxRelay): at start, every JOURNEY_OUTBOX_POLL_MS and right after a new event (kick). */
@Injectable()
export class JourneyRelayService extends OutboxRelay<DocumentsOutbox> {
  constructor(
    ds: DataSource,
    listings: ListingsClient,
    officePdfs: OfficePdfQueue,
    @Inject(DOCUMENTS_CONFIG) config: DocumentsConfig,
    @Inject(SERVICE_CONFIG) service: ServiceConfig,
  ) {
    const identity = new InternalHttpClient({ from: 'documents', baseUrl: service.IDENTITY_URL, timeoutMs: 10_000 });
    super('JourneyRelay', ds, 'documents', {
      [JOURNEY_STEP]: (event) => listings.journeyEvent(event),
      [OFFICE_PDF]: (job) => officePdfs.enqueue(job),
      [NOTICE]: (notice) => sendNotice(identity, notice),
    }, { pollMs: config.JOURNEY_OUTBOX_POLL_MS });
  }
}
