import { spawn } from 'node:child_process';
import { Inject, Injectable, Logger, ServiceUnavailableException } from '@nestjs/common';
import { VIEWER_MSG } from '@brokerage/contracts';
import { VIEWER_CONFIG, type ViewerConfig } from '../config/viewer-config.js';
import { greyPng, isGrey, isJpeg, readPpm } from './page-image.js';

/** JPEG quality of a page with colour (photos, charts): text on it stays clean, a photo page is ~10× smaller than as a PNG. */
const JPEG_QUALITY = 85;

/** pdftoppm or pdftotext refused the PDF or the page (they exit 1–3 or 99 with a message on stderr). */
export class PageRenderError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'PageRenderError';
  }
}

/**
 * One page of a PDF as an image `width` pixels wide, by poppler's pdftoppm (the PDF on its stdin, the image on its
 * stdout: nothing on disk): drawn as raw pixels first; a grey page (text, the stamp) is then a 4-bit greyscale PNG made
 * here (greyPng: ~13× smaller than pdftoppm's own PNG, and pdftoppm spends no time compressing), a page with colour is
 * drawn again as a JPEG. At most VIEWER_RENDERS run at once; `renders` counts the renders asked for (tests read it).
 */
@Injectable()
export class PageRenderer {
  private readonly logger = new Logger(PageRenderer.name);
  private running = 0;
  private readonly waiting: Array<() => void> = [];
  renders = 0;

  constructor(@Inject(VIEWER_CONFIG) private readonly config: ViewerConfig) {}

  async render(pdf: Uint8Array, page: number, width: number): Promise<Buffer> {
    const args = ['-f', String(page), '-l', String(page), '-singlefile', '-scale-to-x', String(width), '-scale-to-y', '-1'];
    this.renders += 1;
    const pixels = readPpm(await this.poppler(this.config.PDFTOPPM_PATH, [...args, '-'], pdf, (out) => readPpm(out) !== null))!;
    if (isGrey(pixels.rgb)) return greyPng(pixels.width, pixels.height, pixels.rgb);
    return this.poppler(this.config.PDFTOPPM_PATH, ['-jpeg', '-jpegopt', `quality=${JPEG_QUALITY},optimize=y`, ...args, '-'], pdf, isJpeg);
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
