import { createHash, randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { Writable, type Readable } from 'node:stream';
import busboy from 'busboy';
import { BadRequestException, HttpException, PayloadTooLargeException } from '@nestjs/common';
import { DOCUMENT_MSG, FILE_KINDS, UPLOAD_LIMITS } from '@brokerage/contracts';
import type { S3StorageService } from '../storage/s3-storage.service.js';
import { UploadLane, type ObjectUpload } from '../storage/object-upload.js';
import { SNIFF_BYTES, cleanFileName, contentMatchesExtension, extensionOf } from './content-check.js';

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

/** A file read whole and checked, its last S3 request possibly still under way. */
interface PendingUpload {
  file: StoredUpload;
  done: Promise<void>;
}

export interface ReceivedUpload {
  fields: Record<string, string>;
  files: StoredUpload[];
}

/**
 * Reads a multipart request as a stream: each file goes to S3 as it arrives (one request holds at most two S3 parts
 * in memory: one filling, one on its way; a file's last PUT runs while the next file is read), with its sha256, size
 * and first bytes checked on the way. All-or-nothing: on any refusal, a broken body or a client
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
    const uploading: Promise<void>[] = [];
    const lane = new UploadLane();
    let plan: UploadPlan | null = null;
    let seenFile = false;
    let failure: HttpException | null = null;
    let current: Writable | null = null;
    let chain: Promise<void> = Promise.resolve();
    let settled = false;

    const finish = () => {
      if (settled) return;
      settled = true;
      void chain.then(async () => {
        // a file's last PUT may still be under way while later files were read: wait for every one before deciding
        await Promise.allSettled(uploading);
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
    const failWith = (err: unknown) => fail(err instanceof HttpException ? err : new BadRequestException(DOCUMENT_MSG.brokenMultipart));

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
          if (failure) return void stream.resume(); // refused while the plan was made: nothing more is read
          const { file, done } = await storeOne(stream, cleanFileName(info.filename), plan, storage, lane, opts.maxFileBytes, (w) => (current = w));
          stored.push(file);
          uploading.push(done.catch(failWith));
        } catch (err) {
          stream.resume();
          failWith(err);
        } finally {
          current = null;
        }
      });
    });
    req.pipe(bb);
  });
}

/** One file: extension, then (on the first bytes) real type, then size and hash while it is copied towards S3. */
async function storeOne(
  source: Readable,
  fileName: string,
  plan: UploadPlan,
  storage: S3StorageService,
  lane: UploadLane,
  maxFileBytes: number,
  track: (w: Writable) => void,
): Promise<PendingUpload> {
  if (fileName.length > UPLOAD_LIMITS.maxFileNameChars) throw new BadRequestException(DOCUMENT_MSG.fileNameTooLong);
  const ext = extensionOf(fileName);
  if (!plan.allowedExtensions.includes(ext)) throw new BadRequestException(DOCUMENT_MSG.badExtension(fileName, plan.allowedExtensions));

  const key = `${plan.keyPrefix}/${randomUUID()}`;
  const contentType = FILE_KINDS[ext]?.contentType ?? 'application/octet-stream';
  const upload = storage.openUpload(key, { 'Content-Type': contentType, 'X-Amz-Meta-Original-Name': encodeURIComponent(fileName) }, lane);
  const sink = new FileSink(ext, fileName, maxFileBytes, upload);
  track(sink);
  source.on('limit', () => sink.destroy(new PayloadTooLargeException(DOCUMENT_MSG.tooLarge(fileName, Math.round(maxFileBytes / 1048576)))));
  source.on('error', () => sink.destroy(new BadRequestException(DOCUMENT_MSG.brokenMultipart)));
  try {
    await new Promise<void>((resolve, reject) => {
      sink.on('error', reject);
      sink.on('finish', resolve);
      source.pipe(sink);
    });
    const sha256 = sink.hash.digest('hex');
    const { done } = await upload.finish(sha256);
    return { file: { key, fileName, size: sink.size, sha256, contentType }, done };
  } catch (err) {
    source.unpipe(sink);
    await upload.abort();
    await storage.remove(key).catch(() => undefined);
    throw err;
  }
}

/** Counts, hashes and hands on the file's bytes, holding back the first SNIFF_BYTES until the real type is checked. */
class FileSink extends Writable {
  size = 0;
  readonly hash = createHash('sha256');
  private head: Buffer[] = [];
  private headBytes = 0;
  private checked = false;

  constructor(
    private readonly ext: string,
    private readonly fileName: string,
    private readonly maxBytes: number,
    private readonly upload: ObjectUpload,
  ) {
    super();
  }

  override _write(chunk: Buffer, _enc: BufferEncoding, done: (err?: Error | null) => void): void {
    this.size += chunk.length;
    if (this.size > this.maxBytes) return done(new PayloadTooLargeException(DOCUMENT_MSG.tooLarge(this.fileName, Math.round(this.maxBytes / 1048576))));
    this.hash.update(chunk);
    if (this.checked) return this.forward(chunk, done);
    this.head.push(chunk);
    this.headBytes += chunk.length;
    if (this.headBytes < SNIFF_BYTES) return done();
    this.release(done);
  }

  override _final(done: (err?: Error | null) => void): void {
    if (this.size === 0) return done(new BadRequestException(DOCUMENT_MSG.empty(this.fileName)));
    if (this.checked) return done();
    this.release(done);
  }

  private forward(chunk: Buffer, done: (err?: Error | null) => void): void {
    const wait = this.upload.write(chunk);
    if (!wait) return done();
    wait.then(() => done(), (err: unknown) => done(err instanceof Error ? err : new Error(String(err))));
  }

  private release(done: (err?: Error | null) => void): void {
    const head = this.head.length === 1 ? this.head[0]! : Buffer.concat(this.head);
    this.head = [];
    contentMatchesExtension(head, this.ext).then(
      (ok) => {
        if (!ok) return done(new BadRequestException(DOCUMENT_MSG.contentMismatch(this.fileName)));
        this.checked = true;
        this.forward(head, done);
      },
      () => done(new BadRequestException(DOCUMENT_MSG.contentMismatch(this.fileName))),
    );
  }
}
