import { PassThrough, Readable } from 'node:stream';
import type { Client } from 'minio';

/** Parts one upload counts in a PartBudget. */
export const UPLOAD_PARTS = 3;

/** What the stream into a streamed putObject buffers before a write waits for minio. */
const STREAM_BUFFER_BYTES = 1024 * 1024;

/**
 * Part-sized memory of a process's streamed uploads. Each upload, from its first byte until its S3 request is over,
 * counts UPLOAD_PARTS parts: its first part while it fills and goes up in one PUT (the chunks and minio's copy), or,
 * for a larger file, what minio's streamed putObject holds (the part on its way to S3, the next one it assembles and,
 * while it does, the chunks it is made of). With `maxParts`, at most that many are counted at once across every
 * request of the process (an upload then waits for one to end; one upload at a time when maxParts < 2 × UPLOAD_PARTS),
 * which bounds the memory of concurrent uploads whatever their number.
 */
export class PartBudget {
  private readonly waiting: Array<() => void> = [];
  private held = 0;

  constructor(
    readonly partBytes: number,
    private readonly maxParts = Number.POSITIVE_INFINITY,
  ) {}

  /** An upload's parts now (true), or false when the budget is spent (then `take()`). */
  tryTake(): boolean {
    if (this.held + UPLOAD_PARTS > Math.max(UPLOAD_PARTS, this.maxParts)) return false;
    this.held += UPLOAD_PARTS;
    return true;
  }

  /** An upload's parts, once another upload gives them back (first come, first served). */
  take(): Promise<void> {
    return this.tryTake() ? Promise.resolve() : new Promise((resolve) => this.waiting.push(resolve));
  }

  give(): void {
    const next = this.waiting.shift();
    if (next) return next(); // handed over: still counted
    this.held -= UPLOAD_PARTS;
  }

  /** Parts counted now (tests). */
  get allocated(): number {
    return this.held;
  }
}

/**
 * The S3 requests of one multipart request's files: at most `capacity` objects on their way to S3 while the next
 * file is read (a file's last request runs while the next one is read).
 */
export class UploadLane {
  private readonly running = new Set<Promise<void>>();

  constructor(private readonly capacity = 1) {}

  /** Waits for a free slot, starts the task, and answers (wrapped, so not awaited here) its completion. */
  async start(task: () => Promise<void>): Promise<{ done: Promise<void> }> {
    while (this.running.size >= this.capacity) await Promise.race(this.running);
    const done = task();
    const slot: Promise<void> = done.then(
      () => void this.running.delete(slot),
      () => void this.running.delete(slot),
    );
    this.running.add(slot);
    return { done };
  }
}

export interface ObjectTarget {
  /** The client, its part size the budget's (minio's `partSize` option). */
  s3: Client;
  bucket: string;
  /** The bucket exists (awaited before the first request). */
  ready: Promise<void>;
  key: string;
  /** Content-Type and X-Amz-Meta-* of the object. */
  headers: Record<string, string>;
  budget: PartBudget;
  lane: UploadLane;
}

/**
 * Writes one object of unknown length from chunks, through minio's public putObject: the first part is kept; an
 * object that ends within it goes up in one PUT (putObject with its length), a larger one is handed on as a stream
 * (putObject without a length: a multipart upload in parts of the client's `partSize`), the kept part first.
 */
export class ObjectUpload {
  private head: Buffer[] = [];
  private headBytes = 0;
  private counted = false;
  private stream: PassThrough | null = null;
  /** The object's S3 request, once handed to the lane: settled when nothing of it is on its way any more. */
  private put: Promise<void> | null = null;
  private failure: unknown = null;
  /** Wakes the write waiting for minio to catch up (with the error when its request failed). */
  private wake: ((err?: unknown) => void) | null = null;

  constructor(private readonly t: ObjectTarget) {}

  /** Takes the chunk; answers a promise only when it must first wait (for the budget, the lane or S3). */
  write(chunk: Buffer): Promise<void> | undefined {
    if (this.failure) return Promise.reject(this.failure);
    if (!this.counted) {
      if (!this.t.budget.tryTake()) return this.waitForBudget().then(() => this.write(chunk));
      this.counted = true;
    }
    if (this.stream) return this.push(chunk);
    if (this.headBytes + chunk.length <= this.t.budget.partBytes) {
      this.head.push(chunk);
      this.headBytes += chunk.length;
      return undefined;
    }
    return this.startStream().then(() => this.push(chunk));
  }

  /** The end of the object: waits for the lane and answers the completion of its last request. */
  async finish(): Promise<{ done: Promise<void> }> {
    if (this.failure) throw this.failure;
    if (this.stream) {
      this.stream.end();
      return { done: this.put! };
    }
    const { s3, bucket, key, headers } = this.t;
    const length = this.headBytes;
    const body = Readable.from(this.take(), { objectMode: false });
    const started = this.t.lane.start(() => this.send(() => s3.putObject(bucket, key, body, length, { ...headers })));
    this.track(started);
    await started;
    return { done: this.put! };
  }

  /**
   * Stops the upload and waits for its request to be over (the caller then removes the object and any unfinished
   * multipart upload). minio's putObject cannot be cancelled: its stream is ended, so it completes (a cut object) or
   * fails; either way nothing of it is left once discarded.
   */
  async abort(): Promise<void> {
    this.failure ??= new Error('upload aborted');
    this.take();
    this.stream?.end();
    if (this.put) await this.put.catch(() => undefined);
    else this.release();
  }

  /** The kept first part, no longer kept here. */
  private take(): Buffer[] {
    const head = this.head;
    this.head = [];
    return head;
  }

  private async waitForBudget(): Promise<void> {
    await this.t.budget.take();
    this.counted = true;
    if (this.failure) {
      this.release();
      throw this.failure;
    }
  }

  private release(): void {
    if (!this.counted) return;
    this.counted = false;
    this.t.budget.give();
  }

  /** Runs a request unless the upload was stopped while it waited for the lane. */
  private async send(request: () => Promise<unknown>): Promise<void> {
    if (this.failure) throw this.failure;
    await this.t.ready;
    await request();
  }

  /** The request handed to the lane: `put` settles with it; its failure stops the upload; its end frees the budget. */
  private track(started: Promise<{ done: Promise<void> }>): void {
    this.put = started.then(({ done }) => done);
    this.put.then(
      () => this.release(),
      (err: unknown) => {
        this.failure ??= err;
        this.wake?.(err);
        this.release();
      },
    );
  }

  /** More than one part: a streamed putObject, the kept part first. */
  private async startStream(): Promise<void> {
    const { s3, bucket, key, headers } = this.t;
    const stream = new PassThrough({ highWaterMark: STREAM_BUFFER_BYTES });
    for (const c of this.take()) stream.write(c);
    this.headBytes = 0;
    this.stream = stream;
    const started = this.t.lane.start(() => this.send(() => s3.putObject(bucket, key, stream, undefined, { ...headers })));
    this.track(started);
    await started;
  }

  /** Writes into the streamed putObject; waits while minio is behind (and stops if its request failed). */
  private push(chunk: Buffer): Promise<void> | undefined {
    if (this.failure) return Promise.reject(this.failure);
    const stream = this.stream!;
    if (stream.write(chunk)) return undefined;
    return new Promise<void>((resolve, reject) => {
      const onDrain = () => done();
      const done = (err?: unknown) => {
        stream.off('drain', onDrain);
        this.wake = null;
        if (err) reject(err);
        else resolve();
      };
      stream.once('drain', onDrain);
      this.wake = done;
    });
  }
}
