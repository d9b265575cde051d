import { PDFDocument, StandardFonts, degrees, rgb } from 'pdf-lib';

/** The stamp text: who downloaded it and when (so a leaked copy names its source). */
export const watermarkText = (name: string, email: string, date: Date) =>
  // the standard PDF fonts encode Latin-1 only
  `Confidential - provided to ${name} <${email}> on ${date.toISOString().slice(0, 10)}`.replace(/[^\x20-\x7e\u00a0-\u00ff]/g, '?');

/** pdf-lib could not open, stamp or save the PDF, or it has no page to stamp. */
export class UnreadablePdfError extends Error {
  constructor(cause?: unknown) {
    super('PDF could not be read', { cause });
    this.name = 'UnreadablePdfError';
  }
}

/**
 * A copy of the PDF with the text on every page: a footer line and a light diagonal across the page.
 * Throws UnreadablePdfError when pdf-lib cannot do it (a file that only starts like a PDF, a truncated one) or the
 * document has no page: a stamp that is not there must never be served as if it were.
 */
export async function watermarkPdf(original: Uint8Array, text: string): Promise<Uint8Array> {
  try {
    const pdf = await PDFDocument.load(original, { ignoreEncryption: true });
    if (pdf.getPageCount() === 0) throw new Error('no pages');
    const font = await pdf.embedFont(StandardFonts.Helvetica);
    for (const page of pdf.getPages()) {
      const { width, height } = page.getSize();
      page.drawText(text, { x: 24, y: 14, size: 8, font, color: rgb(0.35, 0.35, 0.35) });
      const size = Math.max(10, Math.min(22, (width * 1.1) / Math.max(1, text.length) * 1.8));
      page.drawText(text, { x: width * 0.08, y: height * 0.3, size, font, color: rgb(0.6, 0.6, 0.6), opacity: 0.35, rotate: degrees(35) });
    }
    return await pdf.save();
  } catch (err) {
    throw new UnreadablePdfError(err);
  }
}

/** True when every buyer's download of this PDF can be stamped: the same work as watermarkPdf, done once at upload. */
export async function canWatermark(bytes: Uint8Array): Promise<boolean> {
  try {
    await watermarkPdf(bytes, watermarkText('Upload Check', 'check@example.com', new Date()));
    return true;
  } catch {
    return false;
  }
}
