import PDFDocument from 'pdfkit';

/** Renders a simple letter-size document: title, date, paragraphs. */
export function renderPdf(title: string, lines: string[], now = new Date()): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'LETTER', margin: 56, info: { Title: title, Producer: 'Brokerage portal', CreationDate: now } });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.fontSize(18).text(title, { align: 'left' });
    doc.moveDown(0.5);
    doc.fontSize(9).fillColor('#555555').text(now.toISOString().slice(0, 10));
    doc.moveDown();
    doc.fillColor('#000000').fontSize(11);
    for (const line of lines) doc.text(line).moveDown(0.5);
    doc.end();
  });
}
