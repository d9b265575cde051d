import { createHash, randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { Writable, type Readable } from 'node:stream';
import busboy from 'busboy';
import { BadRequestException, HttpException, PayloadTooLargeException } from '@nestjs/common';
import { FILE_KINDS } from '@brokerage/contracts';
import { SNIFF_BYTES, cleanFileName, contentMatchesExtension, extensionOf, type ContentDetector } from './file-checks.js';
import { UploadLane, type ObjectUpload } from './object-upload.js';

/** A file of the request, stored in S3 under `key` (= `<keyPrefix>/<id>`). */
export interface StoredUpload {
  id: string;
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

/** The texts of the refusals (each service's, from contracts). */
export interface UploadMessages {
  notMultipart: string;
  brokenMultipart: string;
  fieldAfterFile: string;
  tooManyFiles: string;
  /** A request without any file is refused with it; when absent, files are optional (the plan is made at the end). */
  noFiles?: string;
  /** A field (or file part) name outside `fieldNames` / `fileField`. */
  unknownField?: (name: string) => string;
  fileNameTooLong: string;
  badExtension: (file: string, allowed: readonly string[]) => string;
  contentMismatch: (file: string) => string;
  tooLarge: (file: string, mb: number) => string;
  empty: (file: string) => string;
}

/** A route family's limits and texts. */
export interface UploadRules {
  maxFiles: number;
  maxFileBytes: number;
  maxFileNameChars: number;
  maxFields: number;
  maxFieldBytes: number;
  /** The text fields accepted (others → messages.unknownField); any when absent. */
  fieldNames?: readonly string[];
  /** The part name every file must have (others → messages.unknownField); any when absent. */
  fileField?: string;
  messages: UploadMessages;
  /** file-type's fileTypeFromBuffer (the service's copy). */
  detect: ContentDetector;
}

export interface ReceiveOptions extends UploadRules {
  /**
   * Called once with the text fields, before the first byte of any file is read (or at the end of a body without
   * files when they are optional): validates them and the caller's right to send; what it throws is the answer.
   */
  plan(fields: Record<string, string>): Promise<UploadPlan>;
}

/** Where the files go: the service's bucket (S3Bucket). */
export interface UploadTarget {
  openUpload(key: string, headers: Record<string, string>, lane: UploadLane): ObjectUpload;
  /** Removes the object and any unfinished multipart upload under the key. */
  discard(key: string): Promise<void>;
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
 * Reads a multipart request as a stream: the text fields first, then `plan` (nothing of a file is read before it
 * answers: a refusal there discards the rest of the body unread), then each file goes to S3 as it arrives (one request
 * holds at most two S3 parts in memory: one filling, one on its way; a file's last PUT runs while the next file is
 * read), with its sha256, size and first bytes checked on the way. All-or-nothing: on any refusal, a broken body or
 * a client that goes away, every object already stored for the request is removed and the first refusal is thrown.
 */
export function receiveUpload(req: IncomingMessage, storage: UploadTarget, opts: ReceiveOptions): Promise<ReceivedUpload> {
  const msg = opts.messages;
  const broken = () => new BadRequestException(msg.brokenMultipart);
  if (!/^multipart\/form-data/i.test(req.headers['content-type'] ?? '')) {
    req.resume(); // the body is not read
    return Promise.reject(new BadRequestException(msg.notMultipart));
  }
  let bb: busboy.Busboy;
  try {
    bb = busboy({
      headers: req.headers,
      defParamCharset: 'utf8', // browsers send file names as raw UTF-8
      limits: {
        files: opts.maxFiles,
        fileSize: opts.maxFileBytes,
        fields: opts.maxFields,
        fieldSize: opts.maxFieldBytes,
        parts: opts.maxFiles + opts.maxFields,
      },
    });
  } catch {
    req.resume();
    return Promise.reject(broken());
  }
  const fieldNames = opts.fieldNames ? new Set(opts.fieldNames) : null;
  const unknownField = (name: string) => new BadRequestException(msg.unknownField ? msg.unknownField(name.slice(0, 50)) : msg.brokenMultipart);

  return new Promise<ReceivedUpload>((resolve, reject) => {
    const fields: Record<string, string> = {};
    const stored: StoredUpload[] = [];
    const uploading: Promise<void>[] = [];
    const lane = new UploadLane();
    let plan: UploadPlan | null = null;
    let seenFile = false;
    let failure: unknown = null;
    let current: Writable | null = null;
    let chain: Promise<void> = Promise.resolve();
    let settled = false;

    const makePlan = async (): Promise<UploadPlan> => {
      try {
        return (plan ??= await opts.plan(fields));
      } catch (err) {
        throw new PlanRefusal(err);
      }
    };
    const finish = () => {
      if (settled) return;
      settled = true;
      void chain.then(async () => {
        // a file's last PUT may still be under way while later files were read: wait for every one before deciding
        await Promise.allSettled(uploading);
        if (!failure && stored.length === 0) {
          if (msg.noFiles) failure = new BadRequestException(msg.noFiles);
          else await makePlan().catch((err: PlanRefusal) => (failure = err.reason));
        }
        if (failure) {
          await Promise.all(stored.map((f) => storage.discard(f.key).catch(() => undefined)));
          reject(failure);
        } else {
          resolve({ fields, files: stored });
        }
      });
    };
    const fail = (err: unknown) => {
      failure ??= err;
      current?.destroy(err instanceof Error ? err : broken());
      req.unpipe(bb);
      req.resume(); // drain what the client still sends, unbuffered; nothing more is parsed
      finish();
    };
    const failWith = (err: unknown) => {
      if (err instanceof PlanRefusal) return fail(err.reason);
      fail(err instanceof HttpException ? err : broken());
    };

    req.on('close', () => {
      if (!req.complete) fail(broken());
    });
    bb.on('field', (name, value) => {
      if (seenFile) return fail(new BadRequestException(msg.fieldAfterFile));
      if (fieldNames && !fieldNames.has(name)) return fail(unknownField(name));
      fields[name] = value;
    });
    bb.on('filesLimit', () => fail(new BadRequestException(msg.tooManyFiles)));
    bb.on('partsLimit', () => fail(new BadRequestException(msg.tooManyFiles)));
    bb.on('fieldsLimit', () => fail(broken()));
    bb.on('error', () => fail(broken()));
    bb.on('close', finish);
    bb.on('file', (name, stream, info) => {
      seenFile = true;
      // a body that ends mid-file errors the file stream: fail() reports it, the error must not go unhandled
      stream.on('error', () => fail(broken()));
      if (opts.fileField !== undefined && name !== opts.fileField) {
        stream.resume();
        return fail(unknownField(name));
      }
      chain = chain.then(async () => {
        if (failure) return void stream.resume();
        try {
          const p = await makePlan();
          if (failure) return void stream.resume(); // refused while the plan was made: nothing more is read
          const { file, done } = await storeOne(stream, cleanFileName(info.filename), p, storage, lane, opts, (w) => (current = w));
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

/** What `plan` threw, kept apart from the stream's own errors (which answer brokenMultipart). */
class PlanRefusal extends Error {
  constructor(readonly reason: unknown) {
    super('upload refused by its plan');
  }
}

const megabytes = (bytes: number) => Math.round(bytes / 1048576);

/** One file: extension, then (on the first bytes) real type, then size and hash while it is copied towards S3. */
async function storeOne(
  source: Readable,
  fileName: string,
  plan: UploadPlan,
  storage: UploadTarget,
  lane: UploadLane,
  rules: UploadRules,
  track: (w: Writable) => void,
): Promise<PendingUpload> {
  const msg = rules.messages;
  if (fileName.length > rules.maxFileNameChars) throw new BadRequestException(msg.fileNameTooLong);
  const ext = extensionOf(fileName);
  if (!plan.allowedExtensions.includes(ext)) throw new BadRequestException(msg.badExtension(fileName, plan.allowedExtensions));

  const id = randomUUID();
  const key = `${plan.keyPrefix}/${id}`;
  const contentType = FILE_KINDS[ext]?.contentType ?? 'application/octet-stream';
  const upload = storage.openUpload(key, { 'Content-Type': contentType, 'X-Amz-Meta-Original-Name': encodeURIComponent(fileName) }, lane);
  const sink = new FileSink(ext, fileName, rules, upload);
  track(sink);
  source.on('limit', () => sink.destroy(new PayloadTooLargeException(msg.tooLarge(fileName, megabytes(rules.maxFileBytes)))));
  source.on('error', () => sink.destroy(new BadRequestException(msg.brokenMultipart)));
  try {
    await new Promise<void>((resolve, reject) => {
      sink.on('error', reject);
      sink.on('finish', resolve);
      source.pipe(sink);
    });
    const sha256 = sink.hash.digest('hex');
    const { done } = await upload.finish(sha256);
    return { file: { id, key, fileName, size: sink.size, sha256, contentType }, done };
  } catch (err) {
    source.unpipe(sink);
    await upload.abort();
    await storage.discard(key).catch(() => undefined);
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
    private readonly rules: UploadRules,
    private readonly upload: ObjectUpload,
  ) {
    super();
  }

  override _write(chunk: Buffer, _enc: BufferEncoding, done: (err?: Error | null) => void): void {
    this.size += chunk.length;
    if (this.size > this.rules.maxFileBytes) {
      return done(new PayloadTooLargeException(this.rules.messages.tooLarge(this.fileName, megabytes(this.rules.maxFileBytes))));
    }
    this.hash.update(chunk);
    if (this.checked) return this.forward(chunk, done);
    this.head.push(chunk);
    this.headBytes += chunk.length;
    if (this.headBytes < SNIFF_BYTES) return done();
    this.release(done);
  }

  override _final(done: (err?: Error | null) => void): void {
    if (this.size === 0) return done(new BadRequestException(this.rules.messages.empty(this.fileName)));
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
    const mismatch = () => done(new BadRequestException(this.rules.messages.contentMismatch(this.fileName)));
    contentMatchesExtension(head, this.ext, this.rules.detect).then((ok) => {
      if (!ok) return mismatch();
      this.checked = true;
      this.forward(head, done);
    }, mismatch);
  }
}
