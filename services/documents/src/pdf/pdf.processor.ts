import { Logger } from '@nestjs/common';
import { Processor, WorkerHost } from '@nestjs/bullmq';
import { UnrecoverableError, type Job } from 'bullmq';
import { PDF_QUEUE } from '../queue/bull-connection.js';
import { loadWorkerConfig } from '../config/worker-config.js';
import { S3StorageService } from '../storage/s3-storage.service.js';
import { GeneratedPdfsRepository } from './generated-pdfs.repository.js';
import { PdfRenderPool } from './pdf-render-pool.js';
import { pdfJobSchema, pdfStorageKey, type PdfJobData } from './pdf-job.js';

const { PDF_JOB_LOCK_MS } = loadWorkerConfig();

/**
 * Consumer of the 'pdf' queue. At-least-once delivery, so the handler is idempotent: a READY key whose object exists
 * is skipped; otherwise the PDF is rendered and written to the same generated key (an overwrite on retry). A worker
 * that dies mid-job leaves its lock to expire (PDF_JOB_LOCK_MS); the stalled job goes back to the queue and the next
 * worker renders it again, into the same object and document row.
 */
@Processor(PDF_QUEUE, { concurrency: 4, lockDuration: PDF_JOB_LOCK_MS, stalledInterval: PDF_JOB_LOCK_MS })
export class PdfProcessor extends WorkerHost {
  private readonly logger = new Logger('PdfProcessor');

  constructor(
    private readonly pdfs: GeneratedPdfsRepository,
    private readonly storage: S3StorageService,
    private readonly renderer: PdfRenderPool,
  ) {
    super();
  }

  async process(job: Job<unknown>): Promise<{ storageKey: string; sizeBytes: number; skipped: boolean }> {
    // the payload crossed a queue: held to the same contract as the API body; a malformed one is never retried
    const data = pdfJobSchema.safeParse(job.data);
    if (!data.success) throw new UnrecoverableError(`invalid pdf job: ${data.error.issues[0]?.message ?? 'malformed'}`);
    return this.handle(data.data, job.attemptsMade + 1 >= (job.opts.attempts ?? 1));
  }

  async handle(data: PdfJobData, lastAttempt = false): Promise<{ storageKey: string; sizeBytes: number; skipped: boolean }> {
    const storageKey = pdfStorageKey(data.key);
    const claimed = await this.pdfs.claim(data);
    if (claimed.status === 'READY' && claimed.storageKey) {
      const size = await this.storage.size(claimed.storageKey);
      if (size !== null) return { storageKey: claimed.storageKey, sizeBytes: size, skipped: true };
      await this.pdfs.countAttempt(data.key);
    }
    try {
      const pdf = await this.renderer.render(data);
      await this.storage.put(storageKey, pdf, 'application/pdf');
      await this.pdfs.markReady(data.key, storageKey, pdf, data.document);
      return { storageKey, sizeBytes: pdf.length, skipped: false };
    } catch (err) {
      this.logger.error(`pdf ${data.key} failed: ${(err as Error).message}`);
      if (lastAttempt) await this.pdfs.markFailed(data.key);
      throw err;
    }
  }
}
