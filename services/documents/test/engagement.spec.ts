import { DOCUMENT_MSG, ENGAGEMENT_MSG, LOCKED_MESSAGE, VIEWER_MSG } from '@brokerage/contracts';
import { routeDefinitionProblems } from '@brokerage/nest-common/testing';
import { PNG, pdfFile } from './support/files.js';
import { ID, LISTING, OTHER_LISTING, as, journey, journeyAt, reset, startDocs, type DocsCtx, type Who } from './support/docs-app.js';
import { uploadAs } from './support/upload.js';
import fs from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { ENGAGEMENT_GROUP, ENGAGEMENT_STREAM, EngagementQueue } from '../src/engagement/engagement-queue.js';
import { ListingsClient } from '../src/listings-access/listings.client.js';

/**
 * Issue 23 §3: the viewer reports page time; documents keeps it per buyer × document (version) × page. Only buyers
 * report (the route is in the buyer's area); staff of the listing read it per buyer; a buyer reads their own.
 */
describe('page-level engagement (issue 23 §3)', () => {
  let ctx: DocsCtx;
  let cim: string;
  beforeAll(async () => {
    ctx = await startDocs({ JOURNEY_OUTBOX_POLL_MS: '60000' });
  });
  afterAll(() => ctx.close());
  beforeEach(async () => {
    await ctx.app.get(EngagementQueue).flush(); // nothing of the last test written after the truncation
    await reset(ctx);
    await ctx.ds.query('TRUNCATE documents.page_engagement');
    cim = (await uploadAs(ctx, 'broker', LISTING, { documentType: 'CBR_CIM' }, { name: 'roastery-cim.pdf', bytes: await pdfFile('CIM', 5) })).id;
  });

  const report = (who: Who, pages: unknown, id = cim, area = 'buyer') =>
    ctx.http.post(`/${area}/documents/${id}/engagement`).set(as(who)).send({ pages });
  const staff = (who: Who, listingId = LISTING) => ctx.http.get(`/${who === 'broker' ? 'broker' : 'agent'}/listings/${listingId}/engagement`).set(as(who));
  const mine = (who: Who) => ctx.http.get('/buyer/engagement').set(as(who));

  it('the handlers are the contracts definitions (gateway table, roles, schemas)', () => {
    expect(routeDefinitionProblems(ctx.app).filter((p) => p.includes('engagement'))).toEqual([]);
  });

  it('a buyer\'s reports add up per page; staff read per buyer: documents opened, first/last view, total, seconds per page', async () => {
    expect((await report('buyer', [{ page: 1, ms: 4000 }, { page: 2, ms: 1500 }])).status).toBe(204);
    expect((await report('buyer', [{ page: 2, ms: 2500 }, { page: 2, ms: 1000 }, { page: 5, ms: 300 }])).status).toBe(204);
    expect((await report('otherBuyer', [{ page: 3, ms: 9000 }])).status).toBe(204);

    for (const who of ['broker', 'agent'] as const) {
      const res = await staff(who);
      expect(res.status).toBe(200);
      const blake = res.body.buyers.find((b: { buyer: { id: string } }) => b.buyer.id === ID.buyer);
      expect(blake).toMatchObject({
        buyer: { id: ID.buyer, name: 'Blake Buyer' },
        documentsOpened: 1,
        totalSeconds: 9.3,
        documents: [{ documentId: cim, fileName: 'roastery-cim.pdf', version: 1, pageCount: 5, totalSeconds: 9.3,
          pages: [{ page: 1, seconds: 4 }, { page: 2, seconds: 5 }, { page: 5, seconds: 0.3 }] }],
      });
      expect(Date.parse(blake.firstViewedAt)).toBeLessThanOrEqual(Date.parse(blake.lastViewedAt));
      expect(res.body.buyers).toHaveLength(2);
      expect(JSON.stringify(res.body)).not.toMatch(/listings\/|storage|\.pdf\./);
    }
  });

  it('a buyer reads only what is recorded about them; another listing\'s staff get 404; clients cannot read the staff view', async () => {
    await report('buyer', [{ page: 1, ms: 2000 }]);
    await report('otherBuyer', [{ page: 4, ms: 7000 }]);
    const res = await mine('buyer');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ listings: [{ listingId: LISTING, documentsOpened: 1, totalSeconds: 2, documents: [{ documentId: cim, pages: [{ page: 1, seconds: 2 }] }] }] });
    const text = JSON.stringify(res.body);
    expect(text).not.toContain(ID.otherBuyer);
    expect(text).not.toContain('Oscar');
    expect(text).not.toContain('"page":4');
    expect((await mine('seller')).status).toBe(403);

    expect((await staff('otherAgent')).status).toBe(404);
    expect((await staff('broker', OTHER_LISTING)).body).toEqual({ listingId: OTHER_LISTING, buyers: [] });
    expect((await ctx.http.get(`/broker/listings/${LISTING}/engagement`).set(as('buyer'))).status).toBe(403);
    expect((await ctx.http.get(`/broker/listings/${LISTING}/engagement`).set(as('seller'))).status).toBe(403);
  });

  it('only buyers\' time is recorded: staff and sellers are refused by the role guard (403) and nothing is stored', async () => {
    for (const who of ['broker', 'agent', 'seller'] as const) {
      expect([who, (await report(who, [{ page: 1, ms: 1000 }])).status]).toEqual([who, 403]);
    }
    expect((await staff('broker')).body.buyers).toEqual([]);
  });

  it('the viewer\'s rule: a non-party 404, a buyer before the NDA or the step 409, a revoked buyer 403; nothing stored', async () => {
    const mineOnly = (await uploadAs(ctx, 'broker', LISTING, { documentType: 'PURCHASE_CONTRACT', buyerId: ID.buyer }, { name: 'contract.pdf' })).id;
    let res = await report('otherBuyer', [{ page: 1, ms: 1000 }], mineOnly);
    expect([res.status, res.body.message]).toEqual([404, DOCUMENT_MSG.documentNotFound]);
    const elsewhere = (await uploadAs(ctx, 'broker', OTHER_LISTING, { documentType: 'UPLOADED_DOC', audience: 'ALL' }, { name: 'other.pdf' })).id;
    expect((await report('buyer', [{ page: 1, ms: 1000 }], elsewhere)).status).toBe(404);

    journey(ctx, 'buyer', journeyAt(1));
    res = await report('buyer', [{ page: 1, ms: 1000 }]);
    expect([res.status, res.body.message]).toEqual([409, LOCKED_MESSAGE]);
    journey(ctx, 'buyer', journeyAt(3)); // past the NDA, the CIM's step 4 not reached
    expect((await report('buyer', [{ page: 1, ms: 1000 }])).status).toBe(409);
    journey(ctx, 'buyer', journeyAt(10));

    expect((await ctx.http.post(`/broker/buyers/${ID.buyer}/listings/${LISTING}/revoke`).set(as('broker')).send({ documentId: cim })).status).toBe(200);
    res = await report('buyer', [{ page: 1, ms: 1000 }]);
    expect([res.status, res.body.message]).toEqual([403, DOCUMENT_MSG.accessRevoked]);
    expect((await staff('broker')).body.buyers).toEqual([]);
  });

  it('validation: pages within the document, ms bounded (≤ 10 min per report), at most 50 pages; a file that is no PDF 415', async () => {
    let res = await report('buyer', [{ page: 6, ms: 1000 }]);
    expect([res.status, res.body]).toEqual([400, { message: ENGAGEMENT_MSG.pageOutOfRange, field: 'pages' }]);
    for (const bad of [[], [{ page: 0, ms: 10 }], [{ page: 1, ms: 0 }], [{ page: 1, ms: 600_001 }], [{ page: 1.5, ms: 10 }], [{ page: 1, ms: 10, extra: 1 }], 'x']) {
      expect([bad, (await report('buyer', bad)).status]).toEqual([bad, 400]);
    }
    res = await report('buyer', [{ page: 1, ms: 400_000 }, { page: 2, ms: 300_000 }]);
    expect([res.status, res.body.message]).toEqual([400, ENGAGEMENT_MSG.tooMuchTime]);
    res = await report('buyer', Array.from({ length: 51 }, () => ({ page: 1, ms: 10 })));
    expect([res.status, res.body.message]).toEqual([400, ENGAGEMENT_MSG.tooManyPages]);
    expect((await report('buyer', [{ page: 1, ms: 600_000 }])).status).toBe(204);
    expect((await report('buyer', Array.from({ length: 50 }, () => ({ page: 1, ms: 10 })))).status).toBe(204);

    const image = (await uploadAs(ctx, 'broker', LISTING, { documentType: 'UPLOADED_DOC', audience: 'ALL' }, { name: 'photo.png', bytes: PNG })).id;
    res = await report('buyer', [{ page: 1, ms: 10 }], image);
    expect([res.status, res.body.message]).toEqual([415, VIEWER_MSG.notViewable]);
    expect((await mine('buyer')).body.listings[0].totalSeconds).toBe(600.5);
  });
  describe('view tickets: a report on the opening\'s ticket is taken without asking the rule again', () => {
    const open = (who: Who, id = cim) => ctx.http.get(`/buyer/documents/${id}/pages`).set(as(who));
    const withTicket = (who: Who, pages: unknown, ticket: string, id = cim) =>
      ctx.http.post(`/buyer/documents/${id}/engagement`).set(as(who)).send({ pages, ticket });
    const settle = () => new Promise((r) => setTimeout(r, 400)); // the upload's listing event noted (tickets of the rule before it are not taken)

    it('a buyer\'s opening carries a ticket; a report with it is taken on it (page range still checked) and counted as any', async () => {
      await settle();
      const opened = await open('buyer');
      expect(opened.status).toBe(200);
      const ticket = opened.body.ticket as string;
      expect(ticket).toMatch(/^[\w-]+\.[\w-]+$/);
      let res = await withTicket('buyer', [{ page: 2, ms: 1500 }], ticket);
      expect([res.status, res.headers['server-timing']]).toEqual([204, expect.stringMatching(/, ticket$/)]);
      res = await withTicket('buyer', [{ page: 6, ms: 10 }], ticket);
      expect([res.status, res.body]).toEqual([400, { message: ENGAGEMENT_MSG.pageOutOfRange, field: 'pages' }]);
      const staffView = await staff('broker');
      expect(staffView.body.buyers[0]).toMatchObject({ buyer: { id: ID.buyer }, documents: [{ documentId: cim, version: 1, pageCount: 5, pages: [{ page: 2, seconds: 1.5 }] }] });
      // staff open the viewer without a ticket (only buyers' time is recorded)
      const staffOpen = await ctx.http.get(`/broker/documents/${cim}/pages`).set(as('broker'));
      expect(staffOpen.status).toBe(200);
      expect(staffOpen.body).not.toHaveProperty('ticket');
    });

    it('it stands only for its buyer and document, signed by documents: anything else is decided by the rule', async () => {
      await settle();
      const ticket = (await open('buyer')).body.ticket as string;
      // another buyer carrying it: their own rule (a party past the step: taken, by the rule)
      let res = await withTicket('otherBuyer', [{ page: 1, ms: 100 }], ticket);
      expect([res.status, res.headers['server-timing']]).toEqual([204, expect.stringMatching(/, rule$/)]);
      // a document the buyer may not see, with the ticket of one they may: 404, nothing stored
      const theirs = (await uploadAs(ctx, 'broker', LISTING, { documentType: 'PURCHASE_CONTRACT', buyerId: ID.otherBuyer }, { name: 'contract.pdf' })).id;
      res = await withTicket('buyer', [{ page: 1, ms: 100 }], ticket, theirs);
      expect([res.status, res.body.message]).toEqual([404, DOCUMENT_MSG.documentNotFound]);
      // forged: its claims changed (another page count) with the old signature, or a signature of its own
      const [body, mac] = ticket.split('.');
      const claims = JSON.parse(Buffer.from(body!, 'base64url').toString());
      claims[4] = 500;
      const forged = `${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${mac}`;
      res = await withTicket('buyer', [{ page: 400, ms: 100 }], forged);
      expect([res.status, res.body.message]).toEqual([400, ENGAGEMENT_MSG.pageOutOfRange]);
      res = await withTicket('buyer', [{ page: 1, ms: 100 }], `${body}.${'A'.repeat(43)}`);
      expect(res.headers['server-timing']).toMatch(/, rule$/);
      // a buyer before the step with a ticket of earlier: the rule says 409
      journey(ctx, 'buyer', journeyAt(3));
      await ctx.app.get(ListingsClient).forgetAll(); // (the journey is the test's: no listing event tells of it)
      res = await withTicket('buyer', [{ page: 1, ms: 100 }], ticket);
      expect([res.status, res.body.message]).toEqual([409, LOCKED_MESSAGE]);
    });

    it('access revoked after the opening: the listing\'s event ends the ticket, the next report is refused (403)', async () => {
      await settle();
      const ticket = (await open('buyer')).body.ticket as string;
      expect((await withTicket('buyer', [{ page: 1, ms: 100 }], ticket)).status).toBe(204);
      expect((await ctx.http.post(`/broker/buyers/${ID.buyer}/listings/${LISTING}/revoke`).set(as('broker')).send({ documentId: cim })).status).toBe(200);
      let res = await withTicket('buyer', [{ page: 1, ms: 100 }], ticket);
      for (let i = 0; res.status === 204 && i < 40; i++) { // the event reaches this process within milliseconds
        await new Promise((r) => setTimeout(r, 50));
        res = await withTicket('buyer', [{ page: 1, ms: 100 }], ticket);
      }
      expect([res.status, res.body.message]).toEqual([403, DOCUMENT_MSG.accessRevoked]);
    });
  });

  it('a journal a dead process left is handed over by the next process: its reports are written', async () => {
    const queue = ctx.app.get(EngagementQueue);
    const dir = path.dirname(queue.journalPath);
    const w = { buyerId: ID.buyer, buyerName: 'Blake Buyer', documentId: cim, listingId: LISTING, version: 1, pageCount: 5, pages: [{ page: 4, ms: 2500 }] };
    const orphan = path.join(dir, `${hostname()}-999999-0123456789ab.jsonl`); // pid 999999: no such process
    fs.writeFileSync(orphan, `${JSON.stringify(w)}\n{"cut short`);
    const next = await startDocs({ JOURNEY_OUTBOX_POLL_MS: '60000' });
    try {
      expect(fs.existsSync(orphan)).toBe(false);
      await next.app.get(EngagementQueue).flush();
      const res = await staff('broker');
      expect(res.body.buyers[0].documents[0].pages).toEqual([{ page: 4, seconds: 2.5 }]);
    } finally {
      await next.close();
    }
  });

  it('a report answered is kept in Redis until written (off the request path); one a dead process read is written by another', async () => {
    const queue = ctx.app.get(EngagementQueue);
    const redis = new Redis(process.env.REDIS_URL!);
    try {
      const res = await report('buyer', [{ page: 1, ms: 1200 }]);
      expect(res.status).toBe(204);
      expect(res.headers['server-timing']).toMatch(/^write;dur=[\d.]+, handler;dur=[\d.]+, rule$/);
      // answered once in the journal (a file: a dead process's is handed over) or further on, never only in memory
      const inDb = async () => Number((await ctx.ds.query('SELECT coalesce(sum(ms), 0)::int AS ms FROM documents.page_engagement'))[0].ms);
      const journaled = fs.readFileSync(queue.journalPath, 'utf8').split('\n').filter((l) => l.includes('"ms":1200')).length;
      const queued = (await redis.xrange(ENGAGEMENT_STREAM, '-', '+')).length;
      expect(journaled + queued + (await inDb()) / 1200).toBeGreaterThanOrEqual(1);
      await queue.flush();
      expect(await inDb()).toBe(1200);
      expect(await redis.xlen(ENGAGEMENT_STREAM)).toBe(0);

      // another documents process took a report and died before writing it: it stays pending in the group
      const w = { buyerId: ID.buyer, buyerName: 'Blake Buyer', documentId: cim, listingId: LISTING, version: 1, pageCount: 5, pages: [{ page: 3, ms: 700 }] };
      await redis.xadd(ENGAGEMENT_STREAM, '*', 'w', JSON.stringify(w));
      expect(await redis.xreadgroup('GROUP', ENGAGEMENT_GROUP, 'dead-process', 'COUNT', 10, 'STREAMS', ENGAGEMENT_STREAM, '>')).not.toBeNull();
      await queue.flush();
      expect(await inDb()).toBe(1200); // not yet: its reader may still write it
      queue.claimIdleMs = 0; // (30 s in service)
      try {
        const res2 = await staff('broker'); // a read writes what is queued first
        expect(res2.body.buyers[0].documents[0].pages).toEqual([{ page: 1, seconds: 1.2 }, { page: 3, seconds: 0.7 }]);
      } finally {
        queue.claimIdleMs = 30_000;
      }
      expect(await redis.xlen(ENGAGEMENT_STREAM)).toBe(0);
    } finally {
      redis.disconnect();
    }
  });
});
