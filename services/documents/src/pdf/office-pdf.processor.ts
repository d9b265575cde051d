import { Logger } from '@nestjs/common';
import { Processor, WorkerHost } from '@nestjs/bullmq';
import { UnrecoverableError, type Job } from 'bullmq';
import { loadWorkerConfig } from '../config/worker-config.js';
import { S3StorageService } from '../storage/s3-storage.service.js';
import { OFFICE_PDF_QUEUE, officePdfJobSchema, officePdfKeys, type OfficePdfFailure, type OfficePdfJob } from './office-pdf-job.js';
import { OFFICE_VIEW_TYPES, OfficeConverterMissingError, officeToPdf } from './office-to-pdf.js';

const { PDF_JOB_LOCK_MS } = loadWorkerConfig();

export type OfficePdfOutcome = 'converted' | 'exists' | 'gone' | OfficePdfFailure;

/**
 * Consumer of the 'office-pdf' queue (issue 23 §1): a stored Word file's PDF for viewing, made by LibreOffice headless
 * (office-to-pdf.ts, one at a time: concurrency 1, a conversion takes a core for seconds) and written beside the
 * viewers' copies. At-least-once delivery, so the handler is idempotent: the PDF's key is the stored file's, a PDF
 * already there is kept (a job run twice leaves one PDF). No LibreOffice: given up at once ('no-converter', the viewer
 * answers 415); a file it cannot convert: given up after the last attempt ('unconvertible', 422).
 */
@Processor(OFFICE_PDF_QUEUE, { concurrency: 1, lockDuration: PDF_JOB_LOCK_MS, stalledInterval: PDF_JOB_LOCK_MS })
export class OfficePdfProcessor extends WorkerHost {
  private readonly logger = new Logger('OfficePdfProcessor');
  /** LibreOffice's soffice (SOFFICE_PATH). */
  soffice = loadWorkerConfig().SOFFICE_PATH;

  constructor(private readonly storage: S3StorageService) {
    super();
  }

  async process(job: Job<unknown>): Promise<OfficePdfOutcome> {
    const data = officePdfJobSchema.safeParse(job.data);
    if (!data.success) throw new UnrecoverableError(`invalid office-pdf job: ${data.error.issues[0]?.message ?? 'malformed'}`);
    return this.handle(data.data, job.attemptsMade + 1 >= (job.opts.attempts ?? 1));
  }

  async handle(job: OfficePdfJob, lastAttempt = true): Promise<OfficePdfOutcome> {
    const soffice = this.soffice;
    const keys = officePdfKeys(job);
    if ((await this.storage.size(keys.pdf)) !== null) return 'exists';
    const original = await this.storage.read(job.storageKey);
    if (!original) return 'gone'; // the document was deleted meanwhile: nothing to show
    try {
      const pdf = await officeToPdf(original, OFFICE_VIEW_TYPES[job.contentType]!, soffice);
      await this.storage.put(keys.pdf, pdf, 'application/pdf');
      await this.storage.remove(keys.failed).catch(() => undefined);
      return 'converted';
    } catch (err) {
      const reason: OfficePdfFailure = err instanceof OfficeConverterMissingError ? 'no-converter' : 'unconvertible';
      this.logger.warn(`document ${job.documentId} not converted for viewing (${reason}): ${String((err as Error).message).slice(0, 300)}`);
      if (reason === 'no-converter' || lastAttempt) {
        await this.storage.put(keys.failed, Buffer.from(`${reason}\n`), 'text/plain');
        if (reason === 'no-converter') throw new UnrecoverableError(`no LibreOffice (${soffice})`);
      }
      throw err;
    }
  }
}
