import 'reflect-metadata';
import { bootstrapService } from '@brokerage/nest-common';
import { loadWorkerConfig } from './config/worker-config.js';
import { WorkerModule } from './worker.module.js';

// Health only on WORKER_PORT (else PORT, else 3013); the work comes from the 'pdf' BullMQ queue.
await bootstrapService({ name: 'documents-worker', module: WorkerModule, defaultPort: 3013, port: loadWorkerConfig().WORKER_PORT });
