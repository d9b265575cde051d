import { BadRequestException } from '@nestjs/common';
import { DOCUMENT_MSG, type DocumentType } from '@brokerage/contracts';
import { canWatermark } from '../downloads/watermark.js';
import type { S3StorageService } from '../storage/s3-storage.service.js';

/** The types whose PDFs are stamped at every buyer's download (downloads.service.ts). */
const STAMPED_TYPES: ReadonlySet<DocumentType> = new Set(['CBR_CIM']);

interface StoredFile {
  key: string;
  contentType: string;
}

/**
 * A CBR/CIM upload's PDFs, read back one at a time from S3 once the request is stored: each must be one pdf-lib can
 * open and stamp (the type check only saw its first bytes), else every object of the request is removed (all or
 * nothing, like the other refusals) and 400 `unreadablePdf` is thrown, before any row is written.
 */
export async function refuseUnreadablePdfs(storage: S3StorageService, type: DocumentType, files: readonly StoredFile[]): Promise<void> {
  if (!STAMPED_TYPES.has(type)) return;
  for (const f of files) {
    if (f.contentType !== 'application/pdf') continue;
    let readable: boolean;
    try {
      readable = await canWatermark(await readAll(await storage.get(f.key)));
    } catch (err) {
      await removeAll(storage, files);
      throw err;
    }
    if (!readable) {
      await removeAll(storage, files);
      throw new BadRequestException(DOCUMENT_MSG.unreadablePdf);
    }
  }
}

const removeAll = (storage: S3StorageService, files: readonly StoredFile[]) =>
  Promise.all(files.map((f) => storage.remove(f.key).catch(() => undefined)));

async function readAll(s: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of s) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}
