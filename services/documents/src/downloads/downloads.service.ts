import { Injectable, Logger, UnprocessableEntityException } from '@nestjs/common';
import type { Request, Response } from 'express';
import { DOCUMENT_MSG, type IdentityClaims } from '@brokerage/contracts';
import { pipeline } from 'node:stream/promises';
import type { DocumentRow } from '../documents/documents.repository.js';
import { CBR_DOWNLOAD_STEP, JourneyEventsService } from '../journey-events/journey-events.service.js';
import { DocumentPermissionsService } from '../permissions/document-permissions.service.js';
import { S3StorageService } from '../storage/s3-storage.service.js';
import { DownloadsRepository } from './downloads.repository.js';
import { UnreadablePdfError, stampsDownload, watermarkPdf, watermarkText } from './watermark.js';

/** attachment; an ASCII fallback name plus the exact name (RFC 5987); quotes, backslashes and controls cannot break out. */
export function contentDisposition(fileName: string, kind: 'attachment' | 'inline' = 'attachment'): string {
  // eslint-disable-next-line no-control-regex -- control characters are what is replaced
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_').replace(/[\u0000-\u001f]/g, '_') || 'download';
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)}`;
}

/** bytes=a-b / a- / -n of a single range → [start, end] inclusive; null = whole file; 'bad' = unsatisfiable. */
export function parseRange(header: string | undefined, size: number): [number, number] | null | 'bad' {
  if (!header) return null;
  const m = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!m || (m[1] === '' && m[2] === '')) return null; // several ranges or junk: answer the whole file
  let start: number;
  let end: number;
  if (m[1] === '') {
    const suffix = Number(m[2]);
    if (suffix === 0) return 'bad';
    start = Math.max(0, size - suffix);
    end = size - 1;
  } else {
    start = Number(m[1]);
    end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  }
  if (start >= size || start > end) return 'bad';
  return [start, end];
}

/** The client address as the gateway passed it on. */
export function clientIp(req: Request): string | null {
  const fwd = req.headers['x-forwarded-for'];
  const first = (Array.isArray(fwd) ? fwd[0] : fwd)?.split(',')[0]?.trim();
  return (first || req.socket.remoteAddress || null)?.slice(0, 64) ?? null;
}

@Injectable()
export class DownloadsService {
  private readonly logger = new Logger(DownloadsService.name);

  constructor(
    private readonly storage: S3StorageService,
    private readonly downloads: DownloadsRepository,
    private readonly journeys: JourneyEventsService,
    private readonly permissions: DocumentPermissionsService,
  ) {}

  /**
   * Streams the stored file to the caller (Range, Content-Disposition), and records the download. Every PDF a buyer
   * downloads is stamped per download with their name, e-mail and the date (issue 23 §1; the stored original is never
   * changed), NDAs and signed originals aside (watermark.ts UNSTAMPED_ORIGINALS); other files are served as stored. A
   * stamped copy is answered whole (200, no Range). One pdf-lib cannot stamp (stored before uploads were checked)
   * answers 422 `downloadNotPrepared`, is neither served unstamped nor recorded, and completes no step. Every caller's route goes through here, so the data room's rule
   * is checked here too (issue 23 §2, read fresh): a buyer's view-only or revoked document → 403, nothing recorded.
   */
  async send(req: Request, res: Response, doc: DocumentRow, user: IdentityClaims, disposition: 'attachment' | 'inline' = 'attachment'): Promise<void> {
    await this.permissions.requireUse(user, doc, 'download');
    const watermark = stampsDownload(user.role, doc);
    const base = {
      'Content-Type': doc.contentType,
      'Content-Disposition': contentDisposition(doc.fileName, disposition),
      'Cache-Control': 'private, no-store',
      'X-Content-Type-Options': 'nosniff',
    };
    if (watermark) {
      const original = await streamToBuffer(await this.storage.get(doc.storageKey));
      const stamped = await watermarkPdf(original, watermarkText(user.name, user.email ?? '', new Date())).catch((err: unknown) => {
        if (!(err instanceof UnreadablePdfError)) throw err;
        this.logger.warn(`${doc.type} ${doc.id} cannot be watermarked: ${String((err.cause as Error | undefined)?.message ?? err.message).slice(0, 200)}`);
        throw new UnprocessableEntityException(DOCUMENT_MSG.downloadNotPrepared);
      });
      await this.record(req, doc, user, true);
      res.writeHead(200, { ...base, 'Content-Length': String(stamped.length) }).end(Buffer.from(stamped));
      return;
    }
    const size = doc.sizeBytes;
    const range = parseRange(req.headers.range, size);
    if (range === 'bad') {
      res.writeHead(416, { 'Content-Range': `bytes */${size}`, 'Content-Type': 'application/json' }).end(JSON.stringify({ message: 'Requested range not satisfiable' }));
      return;
    }
    const [start, end] = range ?? [0, size - 1];
    const body = range ? await this.storage.getRange(doc.storageKey, start, end - start + 1) : await this.storage.get(doc.storageKey);
    if (start === 0) await this.record(req, doc, user, false);
    res.writeHead(range ? 206 : 200, {
      ...base,
      'Accept-Ranges': 'bytes',
      'Content-Length': String(end - start + 1),
      ...(range ? { 'Content-Range': `bytes ${start}-${end}/${size}` } : {}),
    });
    await pipeline(body, res).catch(() => undefined); // a client that leaves mid-download is not an error
  }

  /**
   * The audit row of a download or an opening (the viewer's too, `via` 'viewer'), and the buyer's CBR/CIM step it
   * completes.
   */
  async record(req: Request, doc: DocumentRow, user: IdentityClaims, watermarked: boolean, via: 'file' | 'viewer' = 'file'): Promise<void> {
    await this.downloads.add({
      documentId: doc.id,
      listingId: doc.listingId,
      fileName: doc.fileName,
      documentType: doc.type,
      userId: user.sub,
      userName: user.name,
      userEmail: user.email ?? '',
      userRole: user.role,
      ip: clientIp(req),
      watermarked,
      version: doc.version,
      via,
    });
    if (user.role === 'BUYER' && doc.type === 'CBR_CIM') await this.journeys.record(CBR_DOWNLOAD_STEP, user.sub, doc.listingId);
  }
}

async function streamToBuffer(s: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of s) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}
