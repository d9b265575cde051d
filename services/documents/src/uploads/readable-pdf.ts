import { BadRequestException } from '@nestjs/common';
import { DOCUMENT_MSG, type DocumentAudience, type DocumentCategory, type DocumentType } from '@brokerage/contracts';
import { canWatermark, stampedForBuyers } from '../downloads/watermark.js';
import type { S3StorageService } from '../storage/s3-storage.service.js';

interface StoredFile {
  key: string;
  contentType: string;
}

/**
 * The PDFs of an upload that buyers' downloads will stamp (watermark.ts stampedForBuyers: staff's documents for buyers,
 * NDAs aside), read back one at a time from S3 once the request is stored: each must be one pdf-lib can open and stamp
 * (the type check only saw its first bytes; so a buyer never meets 422 downloadNotPrepared on a fresh upload), else every object of the request is removed (all or
 * nothing, like the other refusals) and 400 `unreadablePdf` is thrown, before any row is written.
 */
export async function refuseUnreadablePdfs(
  storage: S3StorageService,
  doc: { type: DocumentType; category: DocumentCategory; audience: DocumentAudience },
  files: readonly StoredFile[],
): Promise<void> {
  if (!stampedForBuyers(doc)) return;
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
