import pLimit from 'p-limit';
import { PDFDocument, StandardFonts, degrees, rgb } from 'pdf-lib';
import type { DocumentAudience, DocumentCategory, DocumentType } from '@brokerage/contracts';

/**
 * What a buyer's download serves as stored, never stamped (issue 23 §1: "NDAs and other signed originals aside"):
 *  - type NDA: the buyer's NDA however it was filed (the pdf worker's PDF of what they signed, whose text's sha256 is
 *    the evidence, or a signed copy staff uploaded): a stamp would alter the signed record;
 *  - category GENERATED: the worker's PDFs of what a party typed and signed (NDA, certified financial statement,
 *    questionnaire);
 *  - categories BUYER_UPLOAD / SELLER_UPLOAD: what a party uploaded, i.e. the signed purchase contract, the signed
 *    listing / purchase agreement and their own files (a buyer only ever sees their own uploads, a seller's reach no
 *    buyer): the original they gave back as they gave it.
 * Everything else a buyer can reach is staff's (STAFF_UPLOAD: the CBR/CIM, due diligence, closing documents, the
 * purchase contract to sign, …): its PDFs are stamped. Only PDFs are: images, Word and Excel files are served as stored.
 */
export const UNSTAMPED_ORIGINALS: { readonly types: readonly DocumentType[]; readonly categories: readonly DocumentCategory[] } = {
  types: ['NDA'],
  categories: ['GENERATED', 'BUYER_UPLOAD', 'SELLER_UPLOAD'],
};

type Stampable = { type: DocumentType; category: DocumentCategory };
const isSignedOriginal = (d: Stampable) => UNSTAMPED_ORIGINALS.types.includes(d.type) || UNSTAMPED_ORIGINALS.categories.includes(d.category);

/** A download by this role of this document is stamped with the caller's name, e-mail and the date: a buyer's PDF that is no signed original. */
export const stampsDownload = (role: string, d: Stampable & { contentType: string }) =>
  role === 'BUYER' && d.contentType === 'application/pdf' && !isSignedOriginal(d);

/** A new document's PDFs some buyer's download will stamp (its audience reaches buyers), so uploads check them (uploads/readable-pdf.ts). */
export const stampedForBuyers = (d: Stampable & { audience: DocumentAudience }) => d.audience !== 'SELLER' && !isSignedOriginal(d);

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
export function watermarkPdf(original: Uint8Array, text: string): Promise<Uint8Array> {
  return stamping(() => stamp(original, text));
}

/**
 * Two stamps at a time in a process: each is a few tens of ms of pdf-lib work on the event loop, so 200 buyers'
 * downloads at once held every other request (and PostgreSQL's connect timer fired first: 500s in bench:viewer);
 * queued, they leave turns to the rest.
 */
const stamping = pLimit(2);

async function stamp(original: Uint8Array, text: string): Promise<Uint8Array> {
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
