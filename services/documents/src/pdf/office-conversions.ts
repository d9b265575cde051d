import { Injectable, Logger, Module, ServiceUnavailableException, UnprocessableEntityException, UnsupportedMediaTypeException } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { VIEWER_MSG } from '@brokerage/contracts';
import type { DocumentRow } from '../documents/documents.repository.js';
import { JourneyEventsModule } from '../journey-events/journey-events.module.js';
import { JourneyRelayService } from '../journey-events/journey-relay.service.js';
import { StorageModule } from '../storage/storage.module.js';
import { S3StorageService } from '../storage/s3-storage.service.js';
import { OfficePdfQueue, OfficePdfQueueModule } from './office-pdf-queue.js';
import { OFFICE_PDF, isOfficeFile, officePdfKeys, type OfficePdfJob } from './office-pdf-job.js';

type StoredFile = Pick<DocumentRow, 'id' | 'listingId' | 'storageKey' | 'contentType'>;

/** The viewer asks again for a file it found unconverted at most this often (per process and file). */
const ASK_AGAIN_MS = 60_000;
/** How long the "being prepared" answer waits for that request at most. */
const ASK_AGAIN_WAIT_MS = 1500;

const jobOf = (d: StoredFile): OfficePdfJob => ({ documentId: d.id, listingId: d.listingId, storageKey: d.storageKey, contentType: d.contentType });

/** A Word file whose PDF for viewing the pdf worker has not made yet: GET …/pages answers 202, a page 503 (both "being prepared"). */
export class OfficePdfPreparingError extends ServiceUnavailableException {
  constructor() {
    super(VIEWER_MSG.preparing);
  }
}

/**
 * The documents process's side of Word files' PDFs for viewing (issue 23 §1): it requests them (documents.outbox, kind
 * `office-pdf`, delivered to the pdf worker's 'office-pdf' queue) and reads them; it never converts one itself.
 */
@Injectable()
export class OfficeConversions {
  private readonly logger = new Logger('OfficeConversions');
  private readonly asked = new Map<string, number>();

  constructor(
    private readonly ds: DataSource,
    private readonly relay: JourneyRelayService,
    private readonly storage: S3StorageService,
    private readonly queue: OfficePdfQueue,
  ) {}

  /**
   * In the transaction that stores documents: a conversion request per Word file among them (one pending row per stored
   * file: a second request while one waits adds nothing). `kick()` once the transaction committed.
   */
  async request(m: EntityManager, docs: readonly StoredFile[]): Promise<void> {
    for (const d of docs) if (isOfficeFile(d.contentType)) await this.relay.add(m, OFFICE_PDF, jobOf(d), { pendingKey: d.storageKey });
  }

  /** Wakes the relay after request()'s transaction committed. */
  kick(): void {
    this.relay.kick();
  }

  /**
   * The PDF the viewer shows a Word file through. Not made yet: OfficePdfPreparingError, and requested again when its
   * job is not in the queue (a file stored before uploads requested them; at most once a minute per file here).
   * The worker gave up: 415 "download it instead" when it has no LibreOffice, 422 when LibreOffice could not convert it.
   */
  async forViewing(doc: StoredFile): Promise<Buffer> {
    const keys = officePdfKeys({ listingId: doc.listingId, documentId: doc.id, storageKey: doc.storageKey });
    const pdf = await this.storage.read(keys.pdf);
    if (pdf) return pdf;
    const failed = await this.storage.read(keys.failed);
    if (failed) {
      if (failed.toString('utf8').startsWith('no-converter')) throw new UnsupportedMediaTypeException(VIEWER_MSG.notViewable);
      throw new UnprocessableEntityException(VIEWER_MSG.notPrepared);
    }
    // the answer never waits long on Redis or the database for this (an unreachable Redis holds BullMQ's calls)
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      this.askAgain(doc).catch((err: Error) => this.logger.warn(`document ${doc.id}: conversion not requested again (${err.message})`)),
      new Promise<void>((resolve) => { timer = setTimeout(resolve, ASK_AGAIN_WAIT_MS); }),
    ]);
    clearTimeout(timer);
    throw new OfficePdfPreparingError();
  }

  private async askAgain(doc: StoredFile): Promise<void> {
    const now = Date.now();
    if (now - (this.asked.get(doc.storageKey) ?? 0) < ASK_AGAIN_MS) return;
    this.asked.set(doc.storageKey, now);
    if (this.asked.size > 5000) this.asked.delete(this.asked.keys().next().value!);
    if (await this.queue.has(doc.storageKey)) return;
    await this.request(this.ds.manager, [doc]);
    this.kick();
  }

}

/** OfficeConversions for the documents API's modules (uploads and the viewer). */
@Module({
  imports: [JourneyEventsModule, OfficePdfQueueModule, StorageModule],
  providers: [OfficeConversions],
  exports: [OfficeConversions],
})
export class OfficeConversionsModule {}
