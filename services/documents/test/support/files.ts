import { PDFDocument, StandardFonts } from 'pdf-lib';

/** A real PDF with a line of text on each page. */
export async function pdfFile(text = 'Confidential Business Review', pages = 2): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  for (let i = 0; i < pages; i++) pdf.addPage([612, 792]).drawText(`${text} page ${i + 1}`, { x: 72, y: 700, size: 14, font });
  return Buffer.from(await pdf.save());
}

/** A 1×1 PNG. */
export const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
/** An OLE compound file header (.doc/.xls) followed by padding. */
export const OLE_DOC = Buffer.concat([Buffer.from('d0cf11e0a1b11ae1', 'hex'), Buffer.alloc(5000, 0)]);
/** A Windows executable's first bytes (MZ header) — what a renamed .exe carries. */
export const EXE = Buffer.concat([Buffer.from('4d5a90000300000004000000ffff0000', 'hex'), Buffer.alloc(5000, 0x41)]);
/** A file of `bytes` bytes that starts like a PDF. */
export const pdfLike = (bytes: number) => Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(Math.max(0, bytes - 9), 0x20)]);
