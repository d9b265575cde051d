import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

/** Word files the viewer shows through a PDF the pdf worker makes with LibreOffice (issue 23 §1); the original stays the download. */
export const OFFICE_VIEW_TYPES: Readonly<Record<string, string>> = {
  'application/msword': '.doc',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': '.docx',
};

/** LibreOffice is not installed (no `soffice`): the document stays downloadable, the viewer says it cannot show it. */
export class OfficeConverterMissingError extends Error {}
/** LibreOffice ran but made no PDF (a damaged file, a timeout). */
export class OfficeConversionError extends Error {}

const TIMEOUT_MS = 120_000;

/**
 * A .doc/.docx converted (`soffice`: the worker config's SOFFICE_PATH) to PDF by LibreOffice headless (`soffice
 * --headless --convert-to pdf`), in a temporary folder with its own LibreOffice profile (conversions side by side do not
 * share one profile's lock). One at a time per process: a conversion takes a core for seconds. Run by the pdf worker
 * only (office-pdf.processor.ts), never by the documents process.
 */
let queue: Promise<unknown> = Promise.resolve();
export function officeToPdf(bytes: Uint8Array, extension: string, soffice: string): Promise<Buffer> {
  const run = queue.then(() => convert(bytes, extension, soffice));
  queue = run.catch(() => undefined);
  return run;
}

async function convert(bytes: Uint8Array, extension: string, soffice: string): Promise<Buffer> {
  const dir = await mkdtemp(join(tmpdir(), 'office-pdf-'));
  try {
    const input = join(dir, `document${extension}`);
    await writeFile(input, bytes);
    await new Promise<void>((resolve, reject) => {
      execFile(
        soffice,
        [`-env:UserInstallation=${pathToFileURL(join(dir, 'profile')).href}`, '--headless', '--norestore', '--convert-to', 'pdf', '--outdir', dir, input],
        { timeout: TIMEOUT_MS, maxBuffer: 1024 * 1024 },
        (err, _stdout, stderr) => {
          if (!err) return resolve();
          if ((err as NodeJS.ErrnoException).code === 'ENOENT') return reject(new OfficeConverterMissingError(`${soffice} not found`));
          reject(new OfficeConversionError(`soffice failed: ${String(stderr || err.message).slice(0, 300)}`));
        },
      );
    });
    const pdf = await readFile(join(dir, 'document.pdf')).catch(() => null);
    if (!pdf || pdf.subarray(0, 5).toString('latin1') !== '%PDF-') throw new OfficeConversionError('soffice made no PDF');
    return pdf;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
