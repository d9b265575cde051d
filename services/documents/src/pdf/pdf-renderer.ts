import PDFDocument from 'pdfkit';
import { FIRM, type PdfJobData } from '@brokerage/contracts';

export type PdfContent = Pick<PdfJobData, 'title' | 'lines'> & Partial<Pick<PdfJobData, 'sections' | 'signature' | 'certificate'>>;

/** The firm's letterhead: name, address, phone, e-mail, licence, and a rule under them. */
function letterhead(doc: PDFKit.PDFDocument): void {
  const a = FIRM.address;
  doc.fillColor('#1f3a5f').fontSize(16).font('Helvetica-Bold').text(FIRM.name);
  doc.font('Helvetica').fontSize(8.5).fillColor('#555555')
    .text(`${a.street}, ${a.city}, ${a.state} ${a.zip}  |  ${FIRM.phone}  |  ${FIRM.email}`)
    .text(FIRM.licence);
  const y = doc.y + 6;
  doc.moveTo(doc.page.margins.left, y).lineTo(doc.page.width - doc.page.margins.right, y).strokeColor('#1f3a5f').lineWidth(1).stroke();
  doc.y = y + 12;
}

/** An answer as printed: blank (or a lone dash, which pdfkit drops from a continued line) → an em dash. */
const shown = (value: string) => (value.trim() === '' || /^-+$/.test(value.trim()) ? '\u2014' : value);

/** The certificate alone on a last page of its own (a signed NDA's: who, when, from where, which text, how to verify). */
function certificatePage(doc: PDFKit.PDFDocument, cert: NonNullable<PdfContent['certificate']>): void {
  doc.addPage();
  letterhead(doc);
  doc.fillColor('#000000').font('Helvetica-Bold').fontSize(16).text(cert.title);
  doc.moveDown(0.6).fontSize(10);
  for (const row of cert.rows) {
    doc.font('Helvetica-Bold').fillColor('#000000').text(`${row.label}: `, { continued: true }).font('Helvetica').text(shown(row.value));
    doc.moveDown(0.2);
  }
  const [heading, ...paragraphs] = cert.lines ?? [];
  if (heading) doc.moveDown(0.8).font('Helvetica-Bold').fontSize(12).fillColor('#1f3a5f').text(heading);
  doc.font('Helvetica').fontSize(9.5).fillColor('#333333');
  for (const p of paragraphs) doc.moveDown(0.3).text(p);
}

/**
 * Renders a letter-size document on the firm's letterhead: title, date, paragraphs, labelled sections and, when signed,
 * the signature with its evidence (time, IP, user agent, sha256 of the signed text).
 */
export function renderPdf(content: PdfContent, now = new Date()): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'LETTER', margin: 56, info: { Title: content.title, Producer: FIRM.name, CreationDate: now } });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    letterhead(doc);
    doc.fillColor('#000000').font('Helvetica-Bold').fontSize(18).text(content.title, { align: 'left' });
    doc.moveDown(0.3);
    doc.font('Helvetica').fontSize(9).fillColor('#555555').text(now.toISOString().slice(0, 10));
    doc.moveDown();
    doc.fillColor('#000000').fontSize(11);
    for (const line of content.lines ?? []) doc.text(line).moveDown(0.5);
    for (const section of content.sections ?? []) {
      doc.moveDown(0.5).font('Helvetica-Bold').fontSize(12).fillColor('#1f3a5f').text(section.heading);
      doc.moveDown(0.2).fillColor('#000000').fontSize(10);
      for (const row of section.rows) {
        doc.font('Helvetica-Bold').text(`${row.label}: `, { continued: true }).font('Helvetica').text(shown(row.value));
      }
    }
    const sig = content.signature;
    if (sig) {
      doc.moveDown().font('Helvetica-Bold').fontSize(12).fillColor('#1f3a5f').text('Signature');
      doc.fillColor('#000000').font('Helvetica-Oblique').fontSize(14).text(sig.name);
      doc.font('Helvetica').fontSize(9).fillColor('#333333')
        .text(`Signed electronically at ${sig.signedAt}`)
        .text(`IP address: ${sig.ip ?? 'unknown'}`)
        .text(`User agent: ${sig.userAgent ?? 'unknown'}`)
        .text(`SHA-256 of the signed text: ${sig.textSha256 ?? 'not recorded'}`);
      if (sig.textVersion) doc.text(`Version of the signed text: ${sig.textVersion}`);
    }
    if (content.certificate) certificatePage(doc, content.certificate);
    doc.end();
  });
}
