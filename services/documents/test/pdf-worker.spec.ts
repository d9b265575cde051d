import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
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

    // Same key again: no new row, answered READY at once, nothing re-rendered.
    const again = await request(api.getHttpServer()).post('/internal/pdf-jobs').set(as('service')).send(body);
    expect(again.body).toMatchObject({ key, status: 'READY', storageKey: ready.storageKey });
    const rows = await ds.query('SELECT attempts FROM documents.generated_pdfs WHERE job_key = $1', [key]);
    expect(rows).toEqual([{ attempts: 1 }]);
  });

  it('the handler is idempotent when a job is delivered twice', async () => {
    const processor = worker.get(PdfProcessor);
    const key = `dup:${randomUUID()}`;
    await api.get(PdfJobsService); // API side present
    await ds.query(`INSERT INTO documents.generated_pdfs (job_key, title, payload) VALUES ($1, 'Dup', '{}')`, [key]);
    const first = await processor.handle({ key, title: 'Dup', lines: ['x'] });
    const second = await processor.handle({ key, title: 'Dup', lines: ['x'] });
    expect(first.skipped).toBe(false);
    expect(second).toEqual({ storageKey: first.storageKey, sizeBytes: first.sizeBytes, skipped: true });
    const [{ n }] = await ds.query('SELECT count(*)::int AS n FROM documents.generated_pdfs WHERE job_key = $1', [key]);
    expect(n).toBe(1);
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

  it('validates the request body', async () => {
    const res = await request(api.getHttpServer()).post('/internal/pdf-jobs').set(as('service')).send({ key: '', title: 'x' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: 'key is required', field: 'key' });
  });
});
