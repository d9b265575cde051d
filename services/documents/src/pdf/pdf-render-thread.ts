import { renderPdf, type PdfContent } from './pdf-renderer.js';

/** A task of PdfRenderPool, run in one of its threads: the PDF of one job. */
export default function render(content: PdfContent): Promise<Buffer> {
  return renderPdf(content);
}
