import type { INestApplication } from '@nestjs/common';
import request from 'supertest';
import { Redis } from 'ioredis';
import { DOCUMENT_MSG, LOCKED_MESSAGE } from '@brokerage/contracts';
import { bootstrapService } from '@brokerage/nest-common';
import { routeDefinitionProblems } from '@brokerage/nest-common/testing';
import { EngagementIngestAppModule } from '../src/engagement-ingest.module.js';
import { ENGAGEMENT_STREAM, EngagementQueue } from '../src/engagement/engagement-queue.js';
import { pdfFile } from './support/files.js';
import { ID, LISTING, as, journey, journeyAt, reset, startDocs, type DocsCtx, type Who } from './support/docs-app.js';
import { uploadAs } from './support/upload.js';

/**
 * Issue 23 §3 (bench:viewer, a write ≤ 5 ms p99): the viewer's reports can be taken by a process of their own, the
 * engagement ingest (src/engagement-ingest.ts), where the gateway sends them when UPSTREAM_DOCUMENTS_INGEST is set. It
 * applies the same rule as the API and only appends to the queue; the documents API writes what it appended.
 */
describe('engagement ingest process (issue 23 §3)', () => {
  let ctx: DocsCtx;
  let ingest: INestApplication;
  let http: ReturnType<typeof request>;
  let redis: Redis;
  let cim: string;
  beforeAll(async () => {
    ctx = await startDocs({ JOURNEY_OUTBOX_POLL_MS: '60000' });
    ingest = await bootstrapService({ name: 'documents-ingest', module: EngagementIngestAppModule, defaultPort: 3023, port: 0 });
    http = request(ingest.getHttpServer());
    redis = new Redis(process.env.REDIS_URL!);
  });
  afterAll(async () => {
    redis.disconnect();
    await ingest.close();
    await ctx.close();
  });
  beforeEach(async () => {
    await ctx.app.get(EngagementQueue).flush();
    await reset(ctx);
    await ctx.ds.query('TRUNCATE documents.page_engagement');
    cim = (await uploadAs(ctx, 'broker', LISTING, { documentType: 'CBR_CIM' }, { name: 'roastery-cim.pdf', bytes: await pdfFile('CIM', 5) })).id;
  });

  const report = (who: Who, pages: unknown, id = cim) => http.post(`/buyer/documents/${id}/engagement`).set(as(who)).send({ pages });
  const written = async () => Number((await ctx.ds.query('SELECT coalesce(sum(ms), 0)::int AS ms FROM documents.page_engagement'))[0].ms);

  it('serves the report route only, as the contracts define it', async () => {
    expect(routeDefinitionProblems(ingest).filter((p) => !p.endsWith('served by no handler'))).toEqual([]); // the rest is the API's
    expect((await http.get('/buyer/engagement').set(as('buyer'))).status).toBe(404);
    expect((await http.get(`/buyer/documents/${cim}/pages`).set(as('buyer'))).status).toBe(404);
    expect((await http.get(`/broker/listings/${LISTING}/engagement`).set(as('broker'))).status).toBe(404);
  });

  it('appends a report and answers; the documents API writes it to PostgreSQL and staff read it', async () => {
    const before = await redis.xlen(ENGAGEMENT_STREAM);
    const res = await report('buyer', [{ page: 2, ms: 2500 }]);
    expect(res.status).toBe(204);
    expect(res.headers['server-timing']).toMatch(/^write;dur=[\d.]+, handler;dur=[\d.]+$/);
    await ingest.get(EngagementQueue).flush(); // the ingest process writes nothing itself
    expect(await redis.xlen(ENGAGEMENT_STREAM)).toBe(before + 1);
    expect(await written()).toBe(0);

    const staff = await ctx.http.get(`/broker/listings/${LISTING}/engagement`).set(as('broker')); // the API writes the queue first
    expect(staff.status).toBe(200);
    expect(staff.body.buyers[0]).toMatchObject({ buyer: { id: ID.buyer }, totalSeconds: 2.5, documents: [{ documentId: cim, pages: [{ page: 2, seconds: 2.5 }] }] });
    expect(await written()).toBe(2500);
    expect(await redis.xlen(ENGAGEMENT_STREAM)).toBe(0);
  });

  it('the same rule as the API: staff and sellers 403, a non-party 404, before the step 409, revoked 403; nothing appended', async () => {
    const before = await redis.xlen(ENGAGEMENT_STREAM);
    for (const who of ['broker', 'agent', 'seller'] as const) expect([who, (await report(who, [{ page: 1, ms: 1000 }])).status]).toEqual([who, 403]);
    ctx.stub.parties.set(LISTING, { listingId: LISTING, sellerId: ID.seller, agentId: ID.agent, buyerIds: [ID.buyer] });
    let res = await report('otherBuyer', [{ page: 1, ms: 1000 }]);
    expect([res.status, res.body.message]).toEqual([404, DOCUMENT_MSG.documentNotFound]);
    journey(ctx, 'buyer', journeyAt(1));
    res = await report('buyer', [{ page: 1, ms: 1000 }]);
    expect([res.status, res.body.message]).toEqual([409, LOCKED_MESSAGE]);
    journey(ctx, 'buyer', journeyAt(10));
    expect((await ctx.http.post(`/broker/buyers/${ID.buyer}/listings/${LISTING}/revoke`).set(as('broker')).send({ documentId: cim })).status).toBe(200);
    res = await report('buyer', [{ page: 1, ms: 1000 }]);
    expect([res.status, res.body.message]).toEqual([403, DOCUMENT_MSG.accessRevoked]);
    expect((await report('buyer', [{ page: 6, ms: 1000 }])).status).toBe(403); // the rule before the body's pages
    expect((await http.post(`/buyer/documents/${cim}/engagement`).set(as('buyer')).send({ pages: 'x' })).status).toBe(400);
    expect(await redis.xlen(ENGAGEMENT_STREAM)).toBe(before);
  });
});
