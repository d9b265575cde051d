import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { PdfJobsService } from './pdf-jobs.service.js';

const SWEEP_EVERY_MS = 60_000;

/** Every minute (and at start), re-enqueues PDF requests that stayed PENDING: nothing half-done after a crash. */
@Injectable()
export class PdfOutboxSweeper implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('PdfOutboxSweeper');
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly jobs: PdfJobsService) {}

  onApplicationBootstrap(): void {
    const sweep = () =>
      this.jobs
        .replayPending()
        .then((n) => n && this.logger.log(`re-enqueued ${n} pending pdf job(s)`))
        .catch((err: Error) => this.logger.warn(`pdf outbox sweep failed: ${err.message}`));
    void sweep();
    this.timer = setInterval(() => void sweep(), SWEEP_EVERY_MS);
    this.timer.unref();
  }

  onApplicationShutdown(): void {
    clearInterval(this.timer);
  }
}
