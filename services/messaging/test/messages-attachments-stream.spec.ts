import type { AddressInfo } from 'node:net';
import { Client } from 'minio';
import { MESSAGING_MSG } from '@brokerage/contracts';
import { AttachmentStorageService, ATTACHMENT_PART_BUFFERS } from '../src/storage/attachment-storage.service.js';
import { as, EXE, id, PDF, PNG } from './fixtures.js';
import { resetDb } from './helpers.js';
import { startWorld, type World } from './setup-messaging.js';
import { MB, rssSampler, streamedSend, type StreamedFile } from './streamed-send.js';

const s3Client = () => {
  const u = new URL(process.env.S3_ENDPOINT!);
  return new Client({ endPoint: u.hostname, port: Number(u.port), useSSL: false, accessKey: process.env.S3_ACCESS_KEY!,
    secretKey: process.env.S3_SECRET_KEY!, region: process.env.S3_REGION ?? 'us-east-1', pathStyle: true });
};
const bucket = process.env.S3_BUCKET ?? 'brokerage';

/** Everything stored under messages/ and the multipart uploads left unfinished there (a refusal must leave neither). */
async function bucketLeftovers(): Promise<{ objects: string[]; unfinished: string[] }> {
  const s3 = s3Client();
  const objects: string[] = [];
  const unfinished: string[] = [];
  if (!(await s3.bucketExists(bucket))) return { objects, unfinished };
  for await (const o of s3.listObjectsV2(bucket, 'messages/', true)) if (o.name) objects.push(o.name as string);
  for await (const up of s3.listIncompleteUploads(bucket, 'messages/', true)) unfinished.push((up as { key: string }).key);
  return { objects, unfinished };
}

const tenFiles = (mb: number): StreamedFile[] => Array.from({ length: 10 }, (_, i) => ({ name: `scan-${i + 1}.pdf`, mb }));
const fields = (to: string) => ({ receiverId: to, subject: 'Scans', content: 'The scans you asked for' });

/**
 * Issue 18 §3: attachments stream to S3 through nest-common's upload path (as documents' uploads); the receiver is
 * checked from the text fields before any file byte is read.
 */
describe('message attachments: streamed, receiver checked first, bounded memory', () => {
  let w: World;
  let port: number;
  beforeAll(async () => {
    w = await startWorld();
    const server = w.ctx.app.getHttpServer();
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => w.close());
  beforeEach(async () => {
    await resetDb(w.ctx);
    const { objects } = await bucketLeftovers();
    if (objects.length) await s3Client().removeObjects(bucket, objects);
    w.identity.calls.length = 0;
  });

  const send = (from: Parameters<typeof as>[0], to: Parameters<typeof id>[0]) =>
    w.ctx.http.post('/messages/send').set(as(from)).field('receiverId', id(to)).field('subject', 'Hello').field('content', 'Files');

  it('to a stranger with 10 × 24 MB: 403 before the first file is through, the rest discarded; nothing stored', async () => {
    const res = await streamedSend(port, as('buyer2'), fields(id('agent')), tenFiles(24));
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ message: MESSAGING_MSG.notContact });
    // the answer came while the client was still in its first 24 MB file (socket buffers hold a few MB of it)
    expect(res.sentAtAnswer).toBeLessThan(24 * MB);
    expect(res.sent).toBe(res.total); // the client sent it all; the service read it away without keeping it
    expect(w.identity.calls.filter((c) => c.path.endsWith('/contacts'))).toHaveLength(1);
    expect(await bucketLeftovers()).toEqual({ objects: [], unfinished: [] });
    expect(await w.ctx.ds.query('SELECT id FROM messaging.messages')).toEqual([]);
  });

  it('invalid fields answer before any file is read too (400 with the field\'s message)', async () => {
    const res = await streamedSend(port, as('buyer'), { receiverId: id('agent'), subject: ' ', content: 'x' }, tenFiles(24));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ message: MESSAGING_MSG.subjectRequired });
    expect(res.sentAtAnswer).toBeLessThan(24 * MB);
    expect(w.identity.calls).toEqual([]); // the receiver is not even looked up
  });

  it('attachments are stored under messages/{messageId}/{attachmentId}; a field after a file is refused', async () => {
    const ok = await send('buyer', 'agent').attach('attachments', PDF, 'offer.pdf').attach('attachments', PNG, 'photo.png');
    expect(ok.status).toBe(201);
    const msg = ok.body.data as { id: string; attachments: Array<{ id: string }> };
    const { objects } = await bucketLeftovers();
    expect(objects.sort()).toEqual(msg.attachments.map((a) => `messages/${msg.id}/${a.id}`).sort());

    const late = await w.ctx.http.post('/messages/send').set(as('buyer')).field('receiverId', id('agent')).field('subject', 'Hi')
      .attach('attachments', PDF, 'a.pdf').field('content', 'after the file');
    expect(late.status).toBe(400);
    expect(late.body).toEqual({ message: MESSAGING_MSG.fieldAfterFile });
    expect((await bucketLeftovers()).objects).toHaveLength(2);
  });

  it('a refused file after stored ones (one of several S3 parts) removes every object of the request; no message', async () => {
    const big = Buffer.concat([PDF, Buffer.alloc(9 * MB, 0x20)]); // more than one 8 MiB part: a multipart upload
    const res = await send('buyer', 'agent').attach('attachments', big, 'ledger.pdf').attach('attachments', PNG, 'photo.png').attach('attachments', EXE, 'invoice.pdf');
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: MESSAGING_MSG.contentMismatch('invoice.pdf') });
    expect(await bucketLeftovers()).toEqual({ objects: [], unfinished: [] });
    expect(await w.ctx.ds.query('SELECT id FROM messaging.messages')).toEqual([]);
    expect(await w.ctx.ds.query('SELECT id FROM messaging.message_attachments')).toEqual([]);
  });

  it('4 concurrent sends of 10 × 24 MB to a stranger: this process\'s RSS grows by < 64 MB', async () => {
    await streamedSend(port, as('buyer2'), fields(id('agent')), [{ name: 'warm.pdf', mb: 1 }]); // first-use allocations
    const base = process.memoryUsage.rss();
    const rss = rssSampler();
    const results = await Promise.all(Array.from({ length: 4 }, () => streamedSend(port, as('buyer2'), fields(id('agent')), tenFiles(24))));
    const growth = (rss.stop() - base) / MB;
    expect(results.map((r) => r.status)).toEqual([403, 403, 403, 403]);
    expect(results.every((r) => r.sent === r.total && r.total > 240 * MB)).toBe(true);
    console.log(`4 × 240 MB to a stranger, in-process RSS growth ${growth.toFixed(1)} MB`);
    expect(growth).toBeLessThan(64);
  }, 120_000);

  it('4 concurrent sends of 10 × 24 MB to a contact: all stored whole, part buffers capped, RSS grows by < 64 MB', async () => {
    const storage = w.ctx.app.get(AttachmentStorageService);
    let maxBuffers = 0;
    const watch = setInterval(() => (maxBuffers = Math.max(maxBuffers, storage.partBuffers.allocated)), 5);
    await streamedSend(port, as('buyer'), fields(id('agent')), [{ name: 'warm.pdf', mb: 9 }]); // first-use allocations
    const base = process.memoryUsage.rss();
    const rss = rssSampler();
    const results = await Promise.all(Array.from({ length: 4 }, () => streamedSend(port, as('buyer'), fields(id('agent')), tenFiles(24))));
    const growth = (rss.stop() - base) / MB;
    clearInterval(watch);
    expect(results.map((r) => r.status)).toEqual([201, 201, 201, 201]);
    for (const r of results) expect(r.body.data!.attachments.map((a) => a.fileSize)).toEqual(Array(10).fill(24 * MB));
    expect((await bucketLeftovers()).objects).toHaveLength(41);
    expect(maxBuffers).toBeLessThanOrEqual(ATTACHMENT_PART_BUFFERS);
    // this process also runs the embedded S3 server that receives the 960 MB (bench/messaging-attachments.mjs
    // measures the messaging process alone)
    console.log(`4 × 240 MB to a contact, in-process RSS growth ${growth.toFixed(1)} MB (client, messaging and the S3 server)`);
    expect(growth).toBeLessThan(64);
  }, 300_000);
});
