import { jest } from '@jest/globals';
import { S3Client } from '@aws-sdk/client-s3';
import { as, id, PDF } from './fixtures.js';
import { resetDb } from './helpers.js';
import { startWorld, type World } from './setup-messaging.js';

const MB = 1024 * 1024;

/** Attachments go up through nest-common's one upload transport: the AWS SDK's public commands (no minio @internal calls). */
describe('message attachments: written through the AWS SDK transport', () => {
  let w: World;
  let sent: Array<{ command: string; key: unknown }>;
  let spy: ReturnType<typeof jest.spyOn>;
  beforeAll(async () => {
    w = await startWorld();
  });
  afterAll(() => w.close());
  beforeEach(async () => {
    await resetDb(w.ctx);
    sent = [];
    const send = S3Client.prototype.send;
    spy = jest.spyOn(S3Client.prototype, 'send').mockImplementation(function (this: S3Client, c: { constructor: { name: string }; input: { Key?: unknown } }) {
      sent.push({ command: c.constructor.name, key: c.input.Key });
      return (send as (c: unknown) => Promise<unknown>).call(this, c);
    } as never);
  });
  afterEach(() => spy.mockRestore());

  it('a small file is one PutObject and a file above a part a multipart upload, under messages/{messageId}/{attachmentId}', async () => {
    const big = Buffer.concat([PDF, Buffer.alloc(9 * MB, 0x20)]);
    const res = await w.ctx.http.post('/messages/send').set(as('buyer')).field('receiverId', id('agent')).field('subject', 'Hello')
      .field('content', 'Files').attach('attachments', PDF, 'offer.pdf').attach('attachments', big, 'ledger.pdf');
    expect(res.status).toBe(201);
    const msg = res.body.data as { id: string; attachments: Array<{ id: string; fileName: string }> };
    const key = (name: string) => `messages/${msg.id}/${msg.attachments.find((a) => a.fileName === name)!.id}`;
    expect(sent).toEqual([
      { command: 'PutObjectCommand', key: key('offer.pdf') },
      { command: 'CreateMultipartUploadCommand', key: key('ledger.pdf') },
      { command: 'UploadPartCommand', key: key('ledger.pdf') },
      { command: 'UploadPartCommand', key: key('ledger.pdf') },
      { command: 'CompleteMultipartUploadCommand', key: key('ledger.pdf') },
    ]);
  });
});
