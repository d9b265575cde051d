/**
 * The part buffers of one bucket's uploads. Buffers are reused: a fresh 8 MiB buffer costs its page faults on every
 * upload (≈1 ms per MB written) and its memory comes back only after a GC, which is where an upload's resident memory
 * grew. At most `maxIdle` idle buffers are kept; with `maxBuffers`, at most that many exist at once across every
 * request of the process (a request then waits for a buffer another one gives back), which bounds the memory of
 * concurrent uploads whatever their number.
 */
export class PartBufferPool {
  private readonly idle: Buffer[] = [];
  private readonly waiting: Array<(buf: Buffer) => void> = [];
  private live = 0;

  constructor(
    readonly partBytes: number,
    private readonly maxBuffers = Number.POSITIVE_INFINITY,
    private readonly maxIdle = 2,
  ) {}

  /** A buffer now, or null when `maxBuffers` are out (then `take()`). */
  tryTake(): Buffer | null {
    const buf = this.idle.pop();
    if (buf) return buf;
    if (this.live >= this.maxBuffers) return null;
    this.live++;
    return Buffer.allocUnsafeSlow(this.partBytes);
  }

  /** A buffer, once one is free (first come, first served). */
  take(): Promise<Buffer> {
    const buf = this.tryTake();
    return buf ? Promise.resolve(buf) : new Promise((resolve) => this.waiting.push(resolve));
  }

  give(buf: Buffer): void {
    const next = this.waiting.shift();
    if (next) return next(buf);
    if (this.idle.length < this.maxIdle) this.idle.push(buf);
    else this.live--; // left to the GC
  }

  /** Buffers in use or idle (tests). */
  get allocated(): number {
    return this.live;
  }
}

/**
 * The S3 requests of one multipart request's files: at most `capacity` part-sized bodies on their way to S3 while the
 * next one fills (so one request holds at most capacity + 1 parts in memory), and a file's last PUT runs while the
 * next file is read.
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

/**
 * The S3 requests of a streamed upload (S3Bucket's: the AWS SDK's public commands, sdk-transport.ts): bodies are
 * views of part buffers, given back once the request is over.
 */
export interface ObjectTransport {
  /** PUTs a whole object, `sha256` the hex digest of `body` (already computed: sign with it, do not hash again). */
  putObject(key: string, headers: Record<string, string>, body: Buffer, sha256: string): Promise<void>;
  /** Starts a multipart upload; answers its upload id. */
  createMultipartUpload(key: string, headers: Record<string, string>): Promise<string>;
  /** Uploads one part; answers its ETag. */
  uploadPart(key: string, uploadId: string, partNumber: number, body: Buffer): Promise<string>;
  completeMultipartUpload(key: string, uploadId: string, parts: { part: number; etag: string }[]): Promise<void>;
}

export interface ObjectTarget {
  transport: ObjectTransport;
  /** The bucket exists (awaited before the first request). */
  ready: Promise<void>;
  key: string;
  /** Request headers of the object: Content-Type, X-Amz-Meta-*. */
  headers: Record<string, string>;
  /** Where the part buffers come from (their size is the part size). */
  pool: PartBufferPool;
  lane: UploadLane;
}

/**
 * Writes one object of unknown length from chunks: copied into a part buffer; an object that ends within the first
 * part goes up in one PUT (signed with the content's sha256, which the caller computes anyway), a larger one as an
 * S3 multipart upload of full parts (each signed by the transport with its own sha256 over http). Nothing is hashed
 * twice and no MD5 is computed (the minio client's streamed putObject did sha256 + MD5 per part, listed the bucket's
 * unfinished uploads first and went multipart even for a 1 MB file).
 */
export class ObjectUpload {
  private buf: Buffer | null = null;
  private pos = 0;
  private uploadId: Promise<string> | null = null;
  private readonly parts: { part: number; etag: string }[] = [];
  private readonly pending: Promise<void>[] = [];
  private partCount = 0;
  /** The part being handed to the lane (abort waits for it, so no part reaches S3 after the object is removed). */
  private sending: Promise<void> = Promise.resolve();
  private failure: unknown = null;

  constructor(private readonly t: ObjectTarget) {}

  /** Copies the chunk in; answers a promise only when it must first wait for a buffer or for a slot on the lane. */
  write(chunk: Buffer): Promise<void> | undefined {
    if (this.failure) return Promise.reject(this.failure);
    let off = 0;
    while (off < chunk.length) {
      if (!this.buf) {
        this.buf = this.t.pool.tryTake();
        if (!this.buf) return this.waitForBuffer().then(() => this.write(chunk.subarray(off)));
      }
      const n = chunk.copy(this.buf, this.pos, off);
      this.pos += n;
      off += n;
      if (this.pos === this.buf.length) return this.queuePart().then(() => this.write(chunk.subarray(off)));
    }
    return undefined;
  }

  /**
   * The end of the object, `sha256` the hex digest of its whole content: waits for a slot and answers the completion
   * of the last request (the single PUT, or the last part and the completion of the multipart upload).
   */
  async finish(sha256: string): Promise<{ done: Promise<void> }> {
    if (this.failure) throw this.failure;
    if (!this.uploadId) {
      const buf = this.buf;
      const len = this.pos;
      this.buf = null;
      return this.t.lane.start(() => this.putWhole(buf, len, sha256));
    }
    if (this.pos > 0) await this.queuePart();
    const { transport, key } = this.t;
    const uploadId = this.uploadId;
    return this.t.lane.start(async () => {
      await Promise.all(this.pending);
      await transport.completeMultipartUpload(key, await uploadId, this.parts.sort((a, b) => a.part - b.part));
    });
  }

  /** Gives the buffer back and waits for the requests under way (the caller then removes the object and its parts). */
  async abort(): Promise<void> {
    this.failure ??= new Error('upload aborted');
    if (this.buf) this.t.pool.give(this.buf);
    this.buf = null;
    await this.sending.catch(() => undefined);
    await Promise.allSettled([...this.pending, this.uploadId ?? Promise.resolve()]);
  }

  /** Waits for a pooled buffer; one that arrives after an abort goes straight back. */
  private async waitForBuffer(): Promise<void> {
    const buf = await this.t.pool.take();
    if (this.failure) {
      this.t.pool.give(buf);
      throw this.failure;
    }
    this.buf = buf;
  }

  private async putWhole(buf: Buffer | null, len: number, sha256: string): Promise<void> {
    const { transport, key, headers } = this.t;
    try {
      await this.t.ready;
      await transport.putObject(key, headers, buf ? buf.subarray(0, len) : Buffer.alloc(0), sha256);
    } finally {
      if (buf) this.t.pool.give(buf);
    }
  }

  private queuePart(): Promise<void> {
    this.sending = this.sendPart();
    return this.sending;
  }

  /** Hands the full (or last) part to the lane; resolves once it has a slot. */
  private async sendPart(): Promise<void> {
    const buf = this.buf!;
    const len = this.pos;
    this.buf = null;
    this.pos = 0;
    const { transport, key, headers } = this.t;
    this.uploadId ??= this.t.ready.then(() => transport.createMultipartUpload(key, headers));
    let uploadId: string;
    try {
      uploadId = await this.uploadId;
    } catch (err) {
      this.t.pool.give(buf);
      this.failure ??= err;
      throw err;
    }
    const partNumber = ++this.partCount;
    const { done } = await this.t.lane.start(async () => {
      try {
        if (this.failure) throw this.failure; // aborted while waiting for the slot
        this.parts.push({ part: partNumber, etag: await transport.uploadPart(key, uploadId, partNumber, buf.subarray(0, len)) });
      } finally {
        this.t.pool.give(buf);
      }
    });
    done.catch((err: unknown) => {
      this.failure ??= err;
    });
    this.pending.push(done);
  }
}
