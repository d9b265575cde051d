import 'reflect-metadata';
import { bootstrapService } from '@brokerage/nest-common';
import { EngagementIngestAppModule } from './engagement-ingest.module.js';

// The viewer's engagement reports on a process of their own (issue 23 §3); the gateway sends them here when
// UPSTREAM_DOCUMENTS_INGEST is set, else to the documents API, which serves the same route.
// Its access answers are kept 5 min unless configured: a buyer reports every 10 s at most, far less often than the
// API's page requests keep its own answers fresh, and listings' live events drop an answer at once all the same (the
// lifetime only bounds an event missed while subscribed).
process.env.LISTING_ACCESS_CACHE_MS ??= '300000';
await bootstrapService({ name: 'documents-ingest', module: EngagementIngestAppModule, defaultPort: 3023 });
