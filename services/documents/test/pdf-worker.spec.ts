import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import { UnrecoverableError, type Job } from 'bullmq';
import { Test } from '@nestjs/testing';
import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { DataSource } from 'typeorm';
import { configureApp } from '@brokerage/nest-common';
import { AppModule } from '../src/app.module.js';
import { WorkerModule } from '../src/worker.module.js';
import { PdfProcessor } from '../src/pdf/pdf.processor.js';
import { PdfJobsService } from '../src/pdf/pdf-jobs.service.js';
import { S3StorageService } from '../src/storage/s3-storage.service.js';
import { pdfStorageKey } from '../src/pdf/pdf-job.js';
import { as, waitFor } from './helpers.js';
import { pdfText } from './support/pdf-text.js';

const pdfTextLayout = (bytes: Buffer) => pdfText(bytes, { layout: true });

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

async function build(module: unknown, name: string): Promise<INestApplication> {
  const mod = await Test.createTestingModule({ imports: [module as never] }).compile();
  const app = mod.createNestApplication({ bodyParser: false });
  configureApp(app, name);
  await app.init();
  return app;
}

describe('pdf queue: API enqueues, worker renders to S3', () => {
  let api: INestApplication;
  let worker: INestApplication;
  let ds: DataSource;

  beforeAll(async () => {
    api = await build(AppModule, 'documents');
    worker = await build(WorkerModule, 'documents-worker');
    ds = api.get(DataSource);
  });
  afterAll(async () => {
    await worker.close();
    await api.close();
  });

  it('renders a requested PDF once and stores it under its generated key', async () => {
    const key = `listing-agreement:${randomUUID()}`;
    const body = { key, title: 'Listing Agreement', lines: ['Seller: Sam Seller', 'Price: $685,000.00'] };
    const res = await request(api.getHttpServer()).post('/internal/pdf-jobs').set(as('service')).send(body);
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({ key, status: 'PENDING' });

    const ready = await waitFor(async () => {
      const r = await request(api.getHttpServer()).get('/internal/pdf-jobs').query({ key }).set(as('service'));
      return r.body.status === 'READY' ? r.body : null;
    });
    expect(ready.storageKey).toBe(pdfStorageKey(key));
    expect(ready.sizeBytes).toBeGreaterThan(500);

    const bytes = await readAll(await worker.get(S3StorageService).get(ready.storageKey));
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    expect(bytes.length).toBe(ready.sizeBytes);
    const text = await pdfTextLayout(bytes);
    for (const line of ['Listing Agreement', 'Seller: Sam Seller', 'Price: $685,000.00']) expect(text).toContain(line);

    // Same key again: no new row, answered READY at once, nothing re-rendered.
    const again = await request(api.getHttpServer()).post('/internal/pdf-jobs').set(as('service')).send(body);
    expect(again.body).toMatchObject({ key, status: 'READY', storageKey: ready.storageKey });
    const rows = await ds.query('SELECT attempts FROM documents.generated_pdfs WHERE job_key = $1', [key]);
    expect(rows).toEqual([{ attempts: 1 }]);
  });

  it('the handler is idempotent when a job is delivered twice: one render, one stored PDF, one row', async () => {
    const processor = worker.get(PdfProcessor);
    const storage = worker.get(S3StorageService);
    const key = `dup:${randomUUID()}`;
    await ds.query(`INSERT INTO documents.generated_pdfs (job_key, title, payload) VALUES ($1, 'Dup', '{}')`, [key]);
    const first = await processor.handle({ key, title: 'Duplicate delivery', lines: ['first render'], sections: [] });
    expect(first).toEqual({ storageKey: pdfStorageKey(key), sizeBytes: expect.any(Number), skipped: false });
    const stored = await readAll(await storage.get(first.storageKey));
    // the second delivery (even with other lines) renders nothing: the stored PDF and its row stay as they were
    const second = await processor.handle({ key, title: 'Duplicate delivery', lines: ['second render'], sections: [] });
    expect(second).toEqual({ storageKey: first.storageKey, sizeBytes: first.sizeBytes, skipped: true });
    const after = await readAll(await storage.get(first.storageKey));
    expect(after.equals(stored)).toBe(true);
    expect(await pdfTextLayout(after)).toContain('first render');
    const rows = await ds.query('SELECT status, attempts, size_bytes::int AS size_bytes FROM documents.generated_pdfs WHERE job_key = $1', [key]);
    expect(rows).toEqual([{ status: 'READY', attempts: 1, size_bytes: first.sizeBytes }]);
  });

  it('a READY job whose stored PDF is gone is rendered again and counted as a second attempt', async () => {
    const processor = worker.get(PdfProcessor);
    const storage = worker.get(S3StorageService);
    const key = `lost-object:${randomUUID()}`;
    const first = await processor.handle({ key, title: 'Lost object', lines: ['first render'], sections: [] });
    await storage.remove(first.storageKey);
    const again = await processor.handle({ key, title: 'Lost object', lines: ['second render'], sections: [] });
    expect(again).toEqual({ storageKey: first.storageKey, sizeBytes: expect.any(Number), skipped: false });
    expect(await pdfTextLayout(await readAll(await storage.get(first.storageKey)))).toContain('second render');
    const rows = await ds.query('SELECT status, attempts FROM documents.generated_pdfs WHERE job_key = $1', [key]);
    expect(rows).toEqual([{ status: 'READY', attempts: 2 }]);
  });

  it('a queued job that breaks the PDF job contract fails at once, without retries or a stored PDF', async () => {
    const processor = worker.get(PdfProcessor);
    const key = `bad:${randomUUID()}`;
    const job = { data: { key, title: '', lines: 'not-a-list' }, attemptsMade: 0, opts: { attempts: 5 } } as unknown as Job;
    await expect(processor.process(job)).rejects.toBeInstanceOf(UnrecoverableError);
    expect(await worker.get(S3StorageService).size(pdfStorageKey(key))).toBeNull();
    const [{ n }] = await ds.query('SELECT count(*)::int AS n FROM documents.generated_pdfs WHERE job_key = $1', [key]);
    expect(n).toBe(0);
  });

  it('replays requests left PENDING (lost enqueue)', async () => {
    const key = `lost:${randomUUID()}`;
    await ds.query(
      `INSERT INTO documents.generated_pdfs (job_key, title, payload, created_at) VALUES ($1, 'Lost', $2, now() - interval '5 minutes')`,
      [key, JSON.stringify({ key, title: 'Lost', lines: ['replayed'] })],
    );
    const replayed = await api.get(PdfJobsService).replayPending(60);
    expect(replayed).toBeGreaterThanOrEqual(1);
    await waitFor(async () => {
      const [row] = await ds.query('SELECT status FROM documents.generated_pdfs WHERE job_key = $1', [key]);
      return row?.status === 'READY';
    });
  });

  it('validates the request body and query by the PDF job contract', async () => {
    const post = (body: object) => request(api.getHttpServer()).post('/internal/pdf-jobs').set(as('service')).send(body);
    const res = await post({ key: '', title: 'x' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: 'key is required', field: 'key' });
    const long = await post({ key: 'k', title: 't'.repeat(301) });
    expect(long.status).toBe(400);
    expect(long.body).toEqual({ message: 'title must be at most 300 characters', field: 'title' });
    const noKey = await request(api.getHttpServer()).get('/internal/pdf-jobs').set(as('service'));
    expect(noKey.status).toBe(400);
    expect(noKey.body).toEqual({ message: 'key is required', field: 'key' });
    const unknown = await request(api.getHttpServer()).get('/internal/pdf-jobs').query({ key: `none:${randomUUID()}` }).set(as('service'));
    expect(unknown.status).toBe(404);
  });
});
