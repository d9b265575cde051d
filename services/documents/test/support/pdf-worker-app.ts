import type { INestApplication } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { configureApp } from '@brokerage/nest-common';
import { WorkerModule } from '../../src/worker.module.js';

/** The pdf worker in the test's process (its 'pdf' queue consumer renders and files what /internal/pdf-jobs queues). */
export async function startPdfWorker(): Promise<INestApplication> {
  const mod = await Test.createTestingModule({ imports: [WorkerModule] }).compile();
  const worker = mod.createNestApplication({ bodyParser: false });
  configureApp(worker, 'documents-worker');
  await worker.init();
  return worker;
}
