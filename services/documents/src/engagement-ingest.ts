import 'reflect-metadata';
import { bootstrapService } from '@brokerage/nest-common';
import { EngagementIngestAppModule } from './engagement-ingest.module.js';

// The viewer's engagement reports on a process of their own (issue 23 §3); the gateway sends them here when
// UPSTREAM_DOCUMENTS_INGEST is set, else to the documents API, which serves the same route.
await bootstrapService({ name: 'documents-ingest', module: EngagementIngestAppModule, defaultPort: 3023 });
