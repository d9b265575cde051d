import 'reflect-metadata';
import { bootstrapService } from '@brokerage/nest-common';
import { WorkerModule } from './worker.module.js';

// Health only on WORKER_PORT (else PORT, else 3013); the work comes from the 'pdf' BullMQ queue.
const port = process.env.WORKER_PORT ? Number(process.env.WORKER_PORT) : undefined;
await bootstrapService({ name: 'documents-worker', module: WorkerModule, defaultPort: 3013, port });
