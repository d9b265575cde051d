import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { InternalHttpError } from '@brokerage/nest-common';
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
export class FormPdfRelayService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('FormPdfRelay');
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<number> | null = null;
  private again = false;

  constructor(
    private readonly requests: FormPdfRequestsRepository,
    private readonly documents: DocumentsPdfClient,
  ) {}

  onApplicationBootstrap(): void {
    this.kick();
    this.timer = setInterval(() => this.kick(), POLL_MS);
    this.timer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running?.catch(() => undefined);
  }

  kick(): void {
    this.drain().catch((err: Error) => this.logger.warn(`pdf request relay failed: ${err.message}`));
  }

  /** Relays until nothing more goes through; answers how many requests documents took. */
  drain(): Promise<number> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      let total = 0;
      try {
        do {
          this.again = false;
          for (;;) {
            const { claimed, sent } = await this.relayOnce();
            total += sent;
            if (claimed < BATCH || sent < claimed) break;
          }
        } while (this.again);
      } finally {
        this.running = null;
      }
      return total;
    })();
    return this.running;
  }

  private relayOnce(): Promise<{ claimed: number; sent: number }> {
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
