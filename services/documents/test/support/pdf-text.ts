import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

/** The text a PDF reader extracts (poppler's pdftotext), so a test checks what a person would read. */
export async function pdfText(bytes: Buffer, { layout = false } = {}): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'pdf-'));
  try {
    await writeFile(path.join(dir, 'doc.pdf'), bytes);
    const { stdout } = await promisify(execFile)('pdftotext', [...(layout ? ['-layout'] : []), path.join(dir, 'doc.pdf'), '-']);
    return stdout;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
