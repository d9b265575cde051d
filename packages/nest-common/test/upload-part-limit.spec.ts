import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { HttpException } from '@nestjs/common';
import { DOCUMENT_MSG, MAX_UPLOAD_FILE_BYTES } from '@brokerage/contracts';
import { receiveUpload, type ObjectUpload, type UploadRules, type UploadTarget } from '../src/index.js';

const MB = 1024 * 1024;

/** A bucket that counts what reaches it (the part cut is the upload path's, not S3's). */
function countingTarget() {
  const state = { bytes: 0, discarded: [] as string[], finished: 0 };
  const target: UploadTarget = {
    openUpload: () => ({
      write: (chunk: Buffer) => { state.bytes += chunk.length; return undefined; },
      finish: async () => { state.finished++; return { done: Promise.resolve() }; },
      abort: async () => undefined,
    }) as unknown as ObjectUpload,
    discard: async (key) => { state.discarded.push(key); },
  };
  return { state, target };
}

const rules: UploadRules = {
  maxFiles: 10, maxFileBytes: MAX_UPLOAD_FILE_BYTES, maxFileNameChars: 255, maxFields: 5, maxFieldBytes: 1024,
  messages: {
    notMultipart: DOCUMENT_MSG.notMultipart, brokenMultipart: DOCUMENT_MSG.brokenMultipart, fieldAfterFile: DOCUMENT_MSG.fieldAfterFile,
    tooManyFiles: DOCUMENT_MSG.tooManyFiles, fileNameTooLong: DOCUMENT_MSG.fileNameTooLong, badExtension: DOCUMENT_MSG.badExtension,
    contentMismatch: DOCUMENT_MSG.contentMismatch, tooLarge: DOCUMENT_MSG.tooLarge, empty: DOCUMENT_MSG.empty,
  },
  detect: async () => ({ ext: 'pdf' }),
};

describe('receiveUpload stops reading a file part at 25 MB', () => {
  let server: http.Server;
  let url: string;
  const { state, target } = countingTarget();
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      receiveUpload(req, target, { ...rules, plan: async () => ({ keyPrefix: 'test', allowedExtensions: ['.pdf'] }) }).then(
        () => res.writeHead(201).end('{}'),
        (err: unknown) => {
          const status = err instanceof HttpException ? err.getStatus() : 500;
          res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ message: (err as Error).message }));
        },
      );
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('a 60 MB file: 413 with its text once 25 MB have come, answered while the rest is still unsent; nothing kept', async () => {
    const head = Buffer.from('--b\r\nContent-Disposition: form-data; name="file"; filename="huge.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-');
    const total = head.length + 60 * MB;
    let sent = 0;
    const answer = await new Promise<{ status: number; body: string; sentWhenAnswered: number }>((resolve, reject) => {
      const req = http.request(url, { method: 'POST', headers: { 'content-type': 'multipart/form-data; boundary=b', 'content-length': String(total) } }, (res) => {
        const sentWhenAnswered = sent;
        let body = '';
        res.on('data', (c: Buffer) => (body += c));
        res.on('end', () => { req.destroy(); resolve({ status: res.statusCode!, body, sentWhenAnswered }); });
      });
      req.on('error', (e) => (sent >= total ? undefined : reject(e)));
      req.write(head);
      sent += head.length;
      const chunk = Buffer.alloc(MB, 0x20);
      // 26 MB now; the remaining 34 MB would only follow a second later, well after the answer
      const write = () => {
        if (sent >= head.length + 26 * MB) { setTimeout(() => { if (!req.destroyed) req.end(Buffer.alloc(total - sent)); }, 1500); return; }
        sent += chunk.length;
        if (req.write(chunk)) setImmediate(write); else req.once('drain', write);
      };
      write();
    });
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toEqual({ message: DOCUMENT_MSG.tooLarge('huge.pdf', 25) });
    expect(answer.sentWhenAnswered).toBeLessThanOrEqual(head.length + 26 * MB); // the answer did not wait for the body
    expect(state.bytes).toBeLessThanOrEqual(MAX_UPLOAD_FILE_BYTES); // not a byte past 25 MB went towards storage
    expect(state.finished).toBe(0);
  });
});
