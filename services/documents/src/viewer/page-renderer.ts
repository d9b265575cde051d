import { spawn } from 'node:child_process';
import { Inject, Injectable, Logger, ServiceUnavailableException } from '@nestjs/common';
import { VIEWER_MSG } from '@brokerage/contracts';
import { VIEWER_CONFIG, type ViewerConfig } from '../config/viewer-config.js';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
export const isPng = (b: Buffer): boolean => b.length > PNG_SIGNATURE.length && b.subarray(0, 8).equals(PNG_SIGNATURE);

/** pdftoppm or pdftotext refused the PDF or the page (they exit 1–3 or 99 with a message on stderr). */
export class PageRenderError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PageRenderError';
  }
}

/**
 * One page of a PDF as a PNG `width` pixels wide, by poppler's pdftoppm (the PDF on its stdin, the image on its
 * stdout: nothing on disk). At most VIEWER_RENDERS run at once; `renders` counts the renders asked for (tests read it).
 */
@Injectable()
export class PageRenderer {
  private readonly logger = new Logger(PageRenderer.name);
  private running = 0;
  private readonly waiting: Array<() => void> = [];
  renders = 0;

  constructor(@Inject(VIEWER_CONFIG) private readonly config: ViewerConfig) {}

  async render(pdf: Uint8Array, page: number, width: number): Promise<Buffer> {
    const args = ['-png', '-f', String(page), '-l', String(page), '-singlefile', '-scale-to-x', String(width), '-scale-to-y', '-1', '-'];
    this.renders += 1;
    return this.poppler(this.config.PDFTOPPM_PATH, args, pdf, isPng);
  }

  /**
   * A poppler tool (pdftoppm, pdftotext) run on the PDF given on its stdin, in the same slots as the renders: its
   * stdout when it exits 0 and `valid` accepts it; 503 when it cannot run or times out, PageRenderError when it refuses
   * the file or the page.
   */
  async poppler(tool: string, args: string[], pdf: Uint8Array, valid: (out: Buffer) => boolean): Promise<Buffer> {
    await this.slot();
    try {
      return await this.run(tool, args, pdf, valid);
    } finally {
      this.running -= 1;
      this.waiting.shift()?.();
    }
  }

  private async slot(): Promise<void> {
    if (this.running < this.config.VIEWER_RENDERS) {
      this.running += 1;
      return;
    }
    await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.running += 1;
  }

  private run(tool: string, args: string[], pdf: Uint8Array, valid: (out: Buffer) => boolean): Promise<Buffer> {
    const name = tool.split('/').pop();
    return new Promise<Buffer>((resolve, reject) => {
      const child = spawn(tool, args, { stdio: ['pipe', 'pipe', 'pipe'], timeout: this.config.VIEWER_RENDER_TIMEOUT_MS });
      const out: Buffer[] = [];
      let err = '';
      child.stdout.on('data', (c: Buffer) => out.push(c));
      child.stderr.on('data', (c: Buffer) => (err = (err + c.toString()).slice(-500)));
      child.stdin.on('error', () => undefined); // the tool may exit before reading it all (a broken file): its exit code says why
      child.on('error', (e) => {
        this.logger.error(`${name} could not run (${tool}): ${e.message}`);
        reject(new ServiceUnavailableException(VIEWER_MSG.renderUnavailable));
      });
      child.on('close', (code, signal) => {
        const answer = Buffer.concat(out);
        if (code === 0 && valid(answer)) return resolve(answer);
        if (signal) {
          this.logger.warn(`${name} ${args.join(' ')} stopped by ${signal} (timeout ${this.config.VIEWER_RENDER_TIMEOUT_MS} ms)`);
          return reject(new ServiceUnavailableException(VIEWER_MSG.renderUnavailable));
        }
        reject(new PageRenderError(`${name} exit ${code}: ${err.trim().slice(0, 200)}`));
      });
      child.stdin.end(pdf);
    });
  }
}
