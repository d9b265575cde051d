import { Injectable, Logger } from '@nestjs/common';
import { InjectQueue } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import { PDF_QUEUE } from '../queue/bull-connection.js';
import { GeneratedPdfsRepository } from './generated-pdfs.repository.js';
import type { PdfJobStatus } from '@brokerage/contracts';
import { PDF_JOB_NAME, keptJobOptions, pdfJobId, type PdfJobData } from './pdf-job.js';
import type { GeneratedPdf } from './generated-pdf.entity.js';

const view = (row: GeneratedPdf): PdfJobStatus => ({
  key: row.jobKey,
  status: row.status,
  storageKey: row.storageKey,
  sizeBytes: row.sizeBytes,
  completedAt: row.completedAt ? row.completedAt.toISOString() : null,
});

const ENQUEUE_WAIT_MS = 1500;

/** Producer side of the 'pdf' queue: records the request, then enqueues (jobId derived from the key, so duplicates collapse). */
@Injectable()
export class PdfJobsService {
  constructor(
    @InjectQueue(PDF_QUEUE) private readonly queue: Queue<PdfJobData>,
    private readonly pdfs: GeneratedPdfsRepository,
  ) {}

  private readonly logger = new Logger('PdfJobs');

  async request(data: PdfJobData): Promise<PdfJobStatus> {
    const row = await this.pdfs.ensurePending(data);
    if (row.status !== 'READY') await this.enqueueSoon(data);
    return this.withDocument(row);
  }

  /**
   * Enqueues, waiting at most ENQUEUE_WAIT_MS: while Redis is away the request is recorded (PENDING) all the same and
   * answered; the add goes through when Redis is back (ioredis' offline queue), and the outbox sweeper re-enqueues
   * whatever is still PENDING after a minute. The caller never hangs on Redis (issue 20 §2).
   */
  private async enqueueSoon(data: PdfJobData): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    const added = this.enqueue(data);
    const waited = await Promise.race([
      added.then(() => true),
      new Promise<false>((resolve) => { timer = setTimeout(() => resolve(false), ENQUEUE_WAIT_MS); }),
    ]).catch((err: Error) => { this.logger.warn(`pdf ${data.key}: enqueue failed (${err.message}); the sweeper retries it`); return true; });
    clearTimeout(timer);
    if (!waited) {
      this.logger.warn(`pdf ${data.key}: Redis did not take the job within ${ENQUEUE_WAIT_MS} ms; recorded, enqueued when it is back`);
      added.catch(() => undefined);
    }
  }

  private async withDocument(row: GeneratedPdf): Promise<PdfJobStatus> {
    return { ...view(row), documentId: row.storageKey ? await this.pdfs.documentIdOf(row.storageKey) : null };
  }

  /** Adds the job; a job with the same id already waiting, active or kept as completed makes this a no-op. */
  async enqueue(data: PdfJobData): Promise<void> {
    await this.queue.add(PDF_JOB_NAME, data, keptJobOptions(pdfJobId(data.key), 5, 1000));
  }

  /** Re-enqueues requests left PENDING (crash between the insert and the enqueue). */
  async replayPending(olderThanSeconds = 60): Promise<number> {
    const pending = await this.pdfs.pendingOlderThan(olderThanSeconds);
    for (const data of pending) await this.enqueue(data);
    return pending.length;
  }

  async status(key: string): Promise<PdfJobStatus | null> {
    const row = await this.pdfs.findByKey(key);
    return row ? this.withDocument(row) : null;
  }
}
