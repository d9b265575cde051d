import { ObjectUpload, PartBufferPool, type ObjectTarget, type UploadLane, type UploadTarget } from '@brokerage/nest-common';

/** Part buffers of the checked copies: 1 MiB each, at most 8 at once in the process (a copy is read, never kept). */
const POOL = new PartBufferPool(1024 * 1024, 8);

/** Requests that go nowhere: the bytes were hashed and checked on the way in, and are dropped. */
const NOWHERE: ObjectTarget['transport'] = {
  putObject: async () => undefined,
  createMultipartUpload: async () => 'nowhere',
  uploadPart: async () => 'nowhere',
  completeMultipartUpload: async () => undefined,
};

/**
 * An upload target that stores nothing: nest-common's receiveUpload reads the copy with every check of an upload
 * (multipart shape, one file, extension and content type, size, sha256) and this target forgets the bytes.
 */
export const HASH_ONLY_TARGET: UploadTarget = {
  openUpload: (key: string, headers: Record<string, string>, lane: UploadLane) =>
    new ObjectUpload({ transport: NOWHERE, ready: Promise.resolve(), key, headers, pool: POOL, lane }),
  discard: async () => undefined,
};
