import { createHash, randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { PassThrough, Transform, type Readable, type TransformCallback } from 'node:stream';
import busboy from 'busboy';
import { BadRequestException, HttpException, PayloadTooLargeException } from '@nestjs/common';
import { DOCUMENT_MSG, UPLOAD_LIMITS } from '@brokerage/contracts';
import type { S3StorageService } from '../storage/s3-storage.service.js';
import { CONTENT_TYPES, SNIFF_BYTES, cleanFileName, contentMatchesExtension, extensionOf } from './content-check.js';

/** A file of the request, stored in S3 under `key`. */
export interface StoredUpload {
  key: string;
  fileName: string;
  size: number;
  sha256: string;
  contentType: string;
}

/** What the route decides once it has the form fields (they come before the files). */
export interface UploadPlan {
  /** Objects go under `<keyPrefix>/<uuid>`. */
  keyPrefix: string;
  allowedExtensions: readonly string[];
}

export interface ReceiveOptions {
  maxFileBytes: number;
  /** Called once, before the first file is read: validates the fields and the caller's right to upload. */
  plan(fields: Record<string, string>): Promise<UploadPlan>;
}

export interface ReceivedUpload {
  fields: Record<string, string>;
  files: StoredUpload[];
}

/**
 * Reads a multipart request as a stream: each file goes to S3 as it arrives (held in memory at most one S3 part),
 * with its sha256, size and first bytes checked on the way. All-or-nothing: on any refusal, a broken body or a client
 * that goes away, every object already stored for the request is removed and the first refusal is thrown.
 */
export function receiveUpload(req: IncomingMessage, storage: S3StorageService, opts: ReceiveOptions): Promise<ReceivedUpload> {
  if (!/^multipart\/form-data/i.test(req.headers['content-type'] ?? '')) {
    return Promise.reject(new BadRequestException(DOCUMENT_MSG.notMultipart));
  }
  let bb: busboy.Busboy;
  try {
    bb = busboy({
      headers: req.headers,
      defParamCharset: 'utf8', // browsers send file names as raw UTF-8
      limits: { files: UPLOAD_LIMITS.maxFiles, fileSize: opts.maxFileBytes, fields: 20, fieldSize: UPLOAD_LIMITS.maxFieldBytes, parts: UPLOAD_LIMITS.maxFiles + 20 },
    });
  } catch {
    return Promise.reject(new BadRequestException(DOCUMENT_MSG.brokenMultipart));
  }

  return new Promise<ReceivedUpload>((resolve, reject) => {
    const fields: Record<string, string> = {};
    const stored: StoredUpload[] = [];
    let plan: UploadPlan | null = null;
    let seenFile = false;
    let failure: HttpException | null = null;
    let current: Transform | null = null;
    let chain: Promise<void> = Promise.resolve();
    let settled = false;

    const finish = () => {
      if (settled) return;
      settled = true;
      void chain.then(async () => {
        if (!failure && stored.length === 0) failure = new BadRequestException(DOCUMENT_MSG.noFiles);
        if (failure) {
          await Promise.all(stored.map((f) => storage.remove(f.key).catch(() => undefined)));
          reject(failure);
        } else {
          resolve({ fields, files: stored });
        }
      });
    };
    const fail = (err: HttpException) => {
      failure ??= err;
      current?.destroy(err);
      req.unpipe(bb);
      req.resume(); // drain what the client still sends; nothing more is parsed
      finish();
    };

    req.on('close', () => {
      if (!req.complete) fail(new BadRequestException(DOCUMENT_MSG.brokenMultipart));
    });
    bb.on('field', (name, value) => {
      if (seenFile) return fail(new BadRequestException(DOCUMENT_MSG.fieldAfterFile));
      fields[name] = value;
    });
    bb.on('filesLimit', () => fail(new BadRequestException(DOCUMENT_MSG.tooManyFiles)));
    bb.on('partsLimit', () => fail(new BadRequestException(DOCUMENT_MSG.tooManyFiles)));
    bb.on('fieldsLimit', () => fail(new BadRequestException(DOCUMENT_MSG.brokenMultipart)));
    bb.on('error', () => fail(new BadRequestException(DOCUMENT_MSG.brokenMultipart)));
    bb.on('close', finish);
    bb.on('file', (_name, stream, info) => {
      seenFile = true;
      // a body that ends mid-file errors the file stream: fail() reports it, the error must not go unhandled
      stream.on('error', () => fail(new BadRequestException(DOCUMENT_MSG.brokenMultipart)));
      chain = chain.then(async () => {
        if (failure) return void stream.resume();
        try {
          plan ??= await opts.plan(fields);
          const file = await storeOne(stream, cleanFileName(info.filename), plan, storage, opts.maxFileBytes, (t) => (current = t));
          stored.push(file);
        } catch (err) {
          stream.resume();
          fail(err instanceof HttpException ? err : new BadRequestException(DOCUMENT_MSG.brokenMultipart));
        } finally {
          current = null;
        }
      });
    });
    req.pipe(bb);
  });
}

/** One file: extension, then (on the first bytes) real type, then size and hash while it streams to S3. */
async function storeOne(
  source: Readable & { truncated?: boolean },
  fileName: string,
  plan: UploadPlan,
  storage: S3StorageService,
  maxFileBytes: number,
  track: (t: Transform) => void,
): Promise<StoredUpload> {
  if (fileName.length > UPLOAD_LIMITS.maxFileNameChars) throw new BadRequestException(DOCUMENT_MSG.fileNameTooLong);
  const ext = extensionOf(fileName);
  if (!plan.allowedExtensions.includes(ext)) throw new BadRequestException(DOCUMENT_MSG.badExtension(fileName, plan.allowedExtensions));

  const inspector = new Inspector(ext, fileName, maxFileBytes);
  track(inspector);
  const key = `${plan.keyPrefix}/${randomUUID()}`;
  const out = new PassThrough();
  source.on('limit', () => inspector.destroy(new PayloadTooLargeException(DOCUMENT_MSG.tooLarge(fileName, Math.round(maxFileBytes / 1048576)))));
  source.on('error', () => inspector.destroy(new BadRequestException(DOCUMENT_MSG.brokenMultipart)));
  source.pipe(inspector).pipe(out);
  // A failed inspection ends the S3 body early (an error would leave the S3 client waiting): the short object is removed below.
  const inspected = new Promise<void>((resolve, reject) => {
    inspector.on('error', (err) => {
      out.end();
      reject(err);
    });
    inspector.on('end', resolve);
  });
  const contentType = CONTENT_TYPES[ext] ?? 'application/octet-stream';
  const upload = storage.putStream(key, out, { 'Content-Type': contentType, 'X-Amz-Meta-Original-Name': encodeURIComponent(fileName) });
  const [inspectResult, uploadResult] = await Promise.allSettled([inspected, upload]);
  if (inspectResult.status === 'rejected' || uploadResult.status === 'rejected') {
    await storage.remove(key).catch(() => undefined);
    throw inspectResult.status === 'rejected' ? inspectResult.reason : uploadResult.status === 'rejected' ? uploadResult.reason : undefined;
  }
  return { key, fileName, size: inspector.size, sha256: inspector.hash.digest('hex'), contentType };
}

/** Holds back the first SNIFF_BYTES until the real type is checked; counts and hashes everything. */
class Inspector extends Transform {
  size = 0;
  readonly hash = createHash('sha256');
  private head: Buffer[] = [];
  private headBytes = 0;
  private checked = false;

  constructor(
    private readonly ext: string,
    private readonly fileName: string,
    private readonly maxBytes: number,
  ) {
    super();
  }

  override _transform(chunk: Buffer, _enc: BufferEncoding, done: TransformCallback): void {
    this.size += chunk.length;
    if (this.size > this.maxBytes) return done(new PayloadTooLargeException(DOCUMENT_MSG.tooLarge(this.fileName, Math.round(this.maxBytes / 1048576))));
    this.hash.update(chunk);
    if (this.checked) return done(null, chunk);
    this.head.push(chunk);
    this.headBytes += chunk.length;
    if (this.headBytes < SNIFF_BYTES) return done();
    this.release(done);
  }

  override _flush(done: TransformCallback): void {
    if (this.size === 0) return done(new BadRequestException(DOCUMENT_MSG.empty(this.fileName)));
    if (this.checked) return done();
    this.release(done);
  }

  private release(done: TransformCallback): void {
    const head = Buffer.concat(this.head);
    this.head = [];
    contentMatchesExtension(head, this.ext).then(
      (ok) => {
        if (!ok) return done(new BadRequestException(DOCUMENT_MSG.contentMismatch(this.fileName)));
        this.checked = true;
        done(null, head);
      },
      () => done(new BadRequestException(DOCUMENT_MSG.contentMismatch(this.fileName))),
    );
  }
}
