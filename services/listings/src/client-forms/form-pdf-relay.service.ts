import { Injectable } from '@nestjs/common';
import { InternalHttpError, OutboxPump, type PumpBatch } from '@brokerage/nest-common';
import { DocumentsPdfClient } from './documents-pdf.client.js';
import { FormPdfRequestsRepository } from './form-pdf-requests.repository.js';

const POLL_MS = 2000;
const BATCH = 20;

/**
 * form_pdf_requests → documents' POST /internal/pdf-jobs: at start (rows a crash left), every 2 s and right after a
 * submit (kick). Documents down or failing (no answer, 5xx) → the row stays for the next round; a 4xx answer will
 * never succeed, so the row is closed with the reason. A crash between the call and sent_at sends the request again:
 * documents answers the same job (the key is the submission's), so the PDF is still produced once.
 */
@Injectable()
export class FormPdfRelayService extends OutboxPump {
  constructor(
    private readonly requests: FormPdfRequestsRepository,
    private readonly documents: DocumentsPdfClient,
  ) {
    super('FormPdfRelay', POLL_MS, BATCH);
  }

  protected relayOnce(): Promise<PumpBatch> {
    return this.requests.dataSource.transaction(async (em) => {
      const rows = await this.requests.claimUnsent(em, BATCH);
      let sent = 0;
      for (const row of rows) {
        try {
          await this.documents.request(row.payload);
          await this.requests.markSent(em, row.id);
          sent++;
        } catch (err) {
          const status = err instanceof InternalHttpError ? err.upstreamStatus : 0;
          if (status >= 400 && status < 500) {
            this.logger.error(`pdf request ${row.id} refused by documents (${status}): ${(err as Error).message}`);
            await this.requests.markSent(em, row.id, `refused ${status}: ${(err as Error).message}`);
            continue;
          }
          await this.requests.markFailed(em, row.id, (err as Error).message);
          break; // documents is likely unavailable for the rest too
        }
      }
      return { claimed: rows.length, sent };
    });
  }
}
