// Issue 20 §2: a PDF request while Redis is away is recorded and answered at once (PENDING), not left hanging on the
// queue; the job is added when Redis is back (the sweeper re-enqueues anything still PENDING).
import type { Queue } from 'bullmq';
import { PdfJobsService } from '../src/pdf/pdf-jobs.service.js';
import type { GeneratedPdfsRepository } from '../src/pdf/generated-pdfs.repository.js';
import type { PdfJobData } from '../src/pdf/pdf-job.js';

describe('PDF requests while Redis is away', () => {
  it('answers PENDING within 2 s although the queue add hangs, and lets the add finish later', async () => {
    let release: () => void = () => undefined;
    const adds: string[] = [];
    const queue = { add: (_n: string, _d: unknown, o: { jobId: string }) => new Promise<void>((r) => { release = () => { adds.push(o.jobId); r(); }; }) };
    const row = { jobKey: 'k-1', status: 'PENDING', storageKey: null, sizeBytes: null, completedAt: null };
    const repo = { ensurePending: async () => row, documentIdOf: async () => null };
    const jobs = new PdfJobsService(queue as unknown as Queue<PdfJobData>, repo as unknown as GeneratedPdfsRepository);
    const t0 = Date.now();
    const status = await jobs.request({ key: 'k-1', title: 'NDA' } as unknown as PdfJobData);
    expect(Date.now() - t0).toBeLessThan(2000);
    expect(status).toMatchObject({ key: 'k-1', status: 'PENDING' });
    release();
    await new Promise((r) => setImmediate(r));
    expect(adds).toHaveLength(1);
  });
});
