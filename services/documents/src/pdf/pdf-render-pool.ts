import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Logger, type OnModuleDestroy } from '@nestjs/common';
import { Piscina } from 'piscina';
import { renderPdf, type PdfContent } from './pdf-renderer.js';

/** The built renderer module a thread runs (its renderPdf); absent when running from the TypeScript sources (Jest). */
export const RENDER_THREAD_FILE = fileURLToPath(new URL('./pdf-renderer.js', import.meta.url));

/**
 * Renders PDFs on threads of their own. A render is ~13 ms of synchronous pdfkit work; on the worker's event loop it
 * would hold up the queue, S3 and database I/O of the other jobs (and lock renewals), so the worker would run at the
 * render rate minus all that. With the rendering off the loop, one worker renders at pdfkit's own pace while its
 * loop stores and files the finished ones. `threads` 0 (or no built renderer module) renders on the calling thread.
 */
export class PdfRenderPool implements OnModuleDestroy {
  private readonly logger = new Logger('PdfRenderPool');
  private readonly pool: Piscina<PdfContent, Uint8Array> | null;

  constructor(threads: number, threadFile = RENDER_THREAD_FILE) {
    const usable = threads > 0 && existsSync(threadFile);
    if (threads > 0 && !usable) this.logger.warn(`no built renderer at ${threadFile}: rendering on the event loop`);
    this.pool = usable ? new Piscina({ filename: threadFile, name: 'renderPdf', minThreads: threads, maxThreads: threads, idleTimeout: 60_000 }) : null;
  }

  get threads(): number {
    return this.pool?.maxThreads ?? 0;
  }

  async render(content: PdfContent): Promise<Buffer> {
    if (!this.pool) return renderPdf(content);
    const pdf = await this.pool.run(content);
    return Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength);
  }

  async onModuleDestroy(): Promise<void> {
    await this.pool?.destroy();
  }
}
