import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { FIRM, FORM_MSG, NDA_CERTIFICATE, NDA_TEXT_VERSION, NDA_VERIFY_MSG } from '@brokerage/contracts';
import { identityHeader, serviceIdentity, waitFor } from '@brokerage/nest-common/testing';
import { currentNdaSha256 } from '../src/buyer-nda/buyer-nda.service.js';
import { OutboxRelayService } from '../src/outbox/outbox-relay.service.js';
import { as, createApp, FORM_PDFS, insertListing, journeyWith, resetDb, USERS, type Ctx, type Who } from './helpers.js';
import { buildDocuments, freePort, startDocumentsProcess, type NodeProcess } from './support/documents-process.js';

interface Doc {
  id: string;
  type: string;
  category: string;
  fileName: string;
  buyerId: string | null;
  uploader: { id: string; name: string; role: string };
}

async function pdfText(bytes: Buffer): Promise<string> {
  const dir = await mkdtemp(path.join(tmpdir(), 'form-pdf-'));
  try {
    await writeFile(path.join(dir, 'f.pdf'), bytes);
    return (await promisify(execFile)('pdftotext', [path.join(dir, 'f.pdf'), '-'])).stdout;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * The submits of the three client forms produce their PDFs, end to end on real PostgreSQL, Redis and S3: the listings
 * app (here) writes the request with the submission, relays it to the real documents API (a child process), whose
 * pdf worker (another child process) renders it and files it as the client's document.
 */
describe('client form submits → PDF documents (listings → documents → pdf worker)', () => {
  let ctx: Ctx;
  let docs: NodeProcess;
  let worker: NodeProcess;
  let docsPort: number;
  let docsEnv: Record<string, string>;
  let listing: string;
  let relay: OutboxRelayService;

  beforeAll(async () => {
    await buildDocuments();
    docsPort = await freePort();
    const listingsPort = await freePort();
    // listings calls documents' /internal/pdf-jobs on its internal port (issue 21 §1)
    const docsInternalPort = await freePort();
    process.env.DOCUMENTS_URL = `http://127.0.0.1:${docsInternalPort}`;
    ctx = await createApp();
    await ctx.app.listen(listingsPort, '127.0.0.1');
    relay = ctx.app.get(OutboxRelayService);
    // a dead worker's job is freed after 5 s (default 30 s), for the kill test
    docsEnv = { LISTINGS_URL: `http://127.0.0.1:${listingsPort}`, IDENTITY_URL: ctx.identity.url, SEED_DEMO: '0', PDF_JOB_LOCK_MS: '5000', INTERNAL_PORT: String(docsInternalPort) };
    [docs, worker] = await Promise.all([
      startDocumentsProcess('main', docsEnv, docsPort),
      startDocumentsProcess('worker', docsEnv, await freePort()),
    ]);
  }, 180_000);
  afterAll(async () => {
    await Promise.all([docs?.stop(), worker?.stop()]);
    await ctx?.close();
  });
  beforeEach(async () => {
    await ctx.ds.query('TRUNCATE listings.client_forms, listings.outbox');
    await ctx.ds.query('TRUNCATE documents.documents, documents.downloads, documents.generated_pdfs, documents.outbox');
    await resetDb(ctx);
    listing = await insertListing(ctx, { title: 'Coffee Roastery', price: 685000, buyers: [{ id: USERS.buyer.sub }, { id: USERS.otherBuyer.sub }] });
  });

  const documents = (p: string, who: Who) => fetch(`${docs.url}${p}`, { headers: as(who) });
  const listOf = async (p: string, who: Who): Promise<Doc[]> => {
    const r = await documents(p, who);
    expect(r.status).toBe(200);
    return ((await r.json()) as { documents: Doc[] }).documents;
  };
  const download = async (p: string, who: Who) => {
    const r = await documents(p, who);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toContain('application/pdf');
    return pdfText(Buffer.from(await r.arrayBuffer()));
  };
  /** Polls the owner's documents until one of `type` is there. */
  const appears = (p: string, who: Who, type: string) =>
    waitFor(async () => (await listOf(p, who)).find((d) => d.type === type) ?? null, 20_000);

  /**
   * A signed NDA's PDF as a person reads it (issue 24 §1): the evidence with the text's hash and version printed under
   * the signature, the certificate alone on the last page; and staff's check: this copy matches, one changed byte not.
   */
  async function expectSignedNda(bytes: Buffer, e: { signer: string; ip: string; userAgent: string; via: string }): Promise<void> {
    const pages = (await pdfText(bytes)).split('\f').filter((p) => p.trim()).map((p) => p.replace(/\s+/g, ' '));
    const body = pages.slice(0, -1).join(' ');
    const certificate = pages.at(-1)!;
    for (const t of [`IP address: ${e.ip}`, `User agent: ${e.userAgent}`, `SHA-256 of the signed text: ${currentNdaSha256()}`, `Version of the signed text: ${NDA_TEXT_VERSION}`]) {
      expect(body).toContain(t);
    }
    expect(body).not.toContain(NDA_CERTIFICATE.title);
    for (const t of [NDA_CERTIFICATE.title, `Signed by: ${e.signer}`, `IP address: ${e.ip}`, `User agent: ${e.userAgent}`, `Signed through: ${e.via}`,
      `NDA text version: ${NDA_TEXT_VERSION}`, `SHA-256 of the NDA text: ${currentNdaSha256()}`, NDA_CERTIFICATE.howToVerify[0]]) {
      expect(certificate).toContain(t);
    }
    const verify = async (copy: Buffer) => {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(copy)], { type: 'application/pdf' }), 'nda.pdf');
      const r = await fetch(`${docs.url}/broker/listings/${listing}/ndas/verify`, { method: 'POST', headers: as('broker'), body: form });
      expect(r.status).toBe(200);
      return (await r.json()) as { matches: boolean; message: string; signerName?: string };
    };
    expect(await verify(bytes)).toMatchObject({ matches: true, signerName: e.signer, message: expect.stringMatching(new RegExp(`^Matches the NDA signed by ${e.signer} on \\w{3} \\d{1,2}, \\d{4} \\d{1,2}:\\d{2} [AP]M UTC$`)) });
    const changed = Buffer.from(bytes);
    changed[changed.length - 10] = changed[changed.length - 10]! ^ 0x20;
    expect(await verify(changed)).toEqual({ matches: false, message: NDA_VERIFY_MSG.noMatch });
  }

  async function reach(who: Who, upTo: number): Promise<void> {
    const area = USERS[who].role === 'SELLER' ? 'seller' : 'buyer';
    expect((await ctx.http.post(`/${area}/select-listing`).set(as(who)).send({ listingId: listing })).status).toBe(200);
    for (let s = 1; s < upTo; s++) {
      const ev = { eventId: randomUUID(), userId: USERS[who].sub, stepId: s, source: 'test' };
      expect((await ctx.http.post('/internal/journeys/events').set(as('documents')).send(ev)).status).toBe(200);
    }
  }

  const questionnaire = {
    businessDescription: 'Specialty coffee roaster with two cafés',
    sellingReason: 'Retiring after 20 years',
    otherImportantInfo: 'Lease renewable until 2031',
    staffing: [{ titleJob: 'Head roaster', payRate: '$28/h', weeklyHours: '40', stayingWithBusiness: 'Yes' }],
    weeklyStaffing: [{ titleJob: 'Barista', mon: '8', sun: '0' }],
  };

  it('questionnaire submit: "PDF document has been generated"; the PDF is the seller\'s QUESTIONNAIRE document, seen by the seller and staff only', async () => {
    await reach('seller', 3);
    const sub = await ctx.http.post('/seller/questionnaire/submit').set(as('seller')).send({ questionnaire });
    expect(sub.status).toBe(200);
    expect(sub.body).toEqual({ message: 'Questionnaire submitted successfully! PDF document has been generated.' });
    expect((await ctx.http.get('/seller/questionnaire').set(as('seller'))).body.questionnaire).toMatchObject({ status: 'SUBMITTED', pdfRequested: true });

    const doc = await appears(`/seller/listings/${listing}/documents`, 'seller', 'QUESTIONNAIRE');
    expect(doc).toMatchObject({
      category: 'GENERATED', buyerId: null, uploader: { id: USERS.seller.sub, name: USERS.seller.name, role: 'SELLER' },
      fileName: `Seller Questionnaire - ${USERS.seller.name} - ${new Date().toISOString().slice(0, 10)}.pdf`,
    });
    for (const who of ['agent', 'broker'] as const) {
      expect((await listOf(`/${who}/listings/${listing}/documents`, who)).map((d) => d.id)).toContain(doc.id);
    }
    // a buyer (past the NDA, so the listing's documents are open to them) does not see the seller's questionnaire
    await journeyWith(ctx, USERS.buyer.sub, listing, 'BUYER', [0, 1, 2]);
    expect(await listOf(`/buyer/listings/${listing}/documents`, 'buyer')).toEqual([]);
    expect((await documents(`/agent/listings/${listing}/documents`, 'otherAgent')).status).toBe(404);

    const text = (await download(`/seller/download-document/${doc.id}`, 'seller')).replace(/\s+/g, ' ');
    // every question is printed, an unanswered one with a dash
    expect(text).toContain('Who are the current owners or shareholders, and what share does each hold?: \u2014');
    for (const t of [FIRM.name, 'Seller Questionnaire', 'Listing: Coffee Roastery', 'Business Summary and History', 'Technology Overview',
      'Specialty coffee roaster with two cafés', 'Retiring after 20 years', 'Lease renewable until 2031', 'Staffing', '1. Head roaster',
      'Pay Rate: $28/h', 'Weekly Staffing', 'Mon: 8']) {
      expect(text).toContain(t);
    }
  });

  it('buyer NDA submit: the NDA PDF with the 7 clauses, the fields and the signature evidence, for that buyer and staff only', async () => {
    await reach('buyer', 2);
    const nda = {
      firstName: 'Blake', lastName: 'Buyer', email: 'blake@example.com', phone: '916-555-0100', listingInterest: listing, organization: 'Buyer Holdings',
      agreementAccepted: true, signature: 'Blake Buyer', californiaRegions: ['East Bay'], timeFrameToPurchase: '3-6 months', availableMoney: '$250,000',
    };
    const sub = await ctx.http.post('/buyer/nda/submit').set(as('buyer')).set('x-forwarded-for', '203.0.113.7').set('user-agent', 'TestBrowser/1.0').send({ nda });
    expect(sub.status).toBe(200);
    expect(sub.body).toEqual({ message: FORM_MSG.ndaSubmittedPdf });

    const doc = await appears(`/buyer/listings/${listing}/documents`, 'buyer', 'NDA');
    expect(doc).toMatchObject({ category: 'GENERATED', buyerId: USERS.buyer.sub, uploader: { id: USERS.buyer.sub, role: 'BUYER' } });
    expect((await listOf(`/agent/buyers/${USERS.buyer.sub}/listings/${listing}/documents`, 'agent')).map((d) => d.id)).toEqual([doc.id]);
    expect((await listOf(`/broker/listings/${listing}/documents`, 'broker')).map((d) => d.id)).toEqual([doc.id]);
    await journeyWith(ctx, USERS.otherBuyer.sub, listing, 'BUYER', [0, 1, 2]); // another buyer past their NDA
    expect(await listOf(`/buyer/listings/${listing}/documents`, 'otherBuyer')).toEqual([]);
    expect(await listOf(`/seller/listings/${listing}/documents`, 'seller')).toEqual([]);

    const signed = await documents(`/buyer/download-document/${doc.id}`, 'buyer');
    await expectSignedNda(Buffer.from(await signed.arrayBuffer()), { signer: 'Blake Buyer', ip: '203.0.113.7', userAgent: 'TestBrowser/1.0', via: NDA_CERTIFICATE.via.portal });
    const text = (await download(`/buyer/download-document/${doc.id}`, 'buyer')).replace(/\s+/g, ' ');
    for (const t of ['Non-Disclosure Agreement', '1. Confidentiality.', '7. Return of materials and term.', 'Organization: Buyer Holdings',
      'Available money: $250,000', 'California regions: East Bay', 'Listing of interest: Coffee Roastery', 'Blake Buyer',
      'IP address: 203.0.113.7', 'User agent: TestBrowser/1.0', `SHA-256 of the signed text: ${currentNdaSha256()}`]) {
      expect(text).toContain(t);
    }
  });

  it('an NDA signed at sign-up (public /nda page): its PDF is among the new buyer\'s documents (GENERATED, NDA)', async () => {
    const buyerId = randomUUID();
    const signUp = await ctx.http.post('/internal/ndas').set(as('identityService')).send({
      buyerId, listingId: listing, firstName: 'Jordan', lastName: 'Lee', email: 'jordan@example.com', phone: '(415) 555-0100',
      agreementAccepted: true, signature: 'Jordan Lee', signedAt: new Date().toISOString(), ip: '203.0.113.9', userAgent: 'SignUpBrowser/1.0',
    });
    expect(signUp.status).toBe(201);
    const jordan = identityHeader({ sub: buyerId, role: 'BUYER', name: 'Jordan Lee' });
    const mine = async () => {
      const r = await fetch(`${docs.url}/buyer/listings/${listing}/documents`, { headers: jordan });
      expect(r.status).toBe(200);
      return ((await r.json()) as { documents: Doc[] }).documents.find((d) => d.type === 'NDA') ?? null;
    };
    const doc = (await waitFor(mine, 20_000))!;
    expect(doc).toMatchObject({ category: 'GENERATED', buyerId, uploader: { id: buyerId, name: 'Jordan Lee', role: 'BUYER' } });
    await journeyWith(ctx, USERS.buyer.sub, listing, 'BUYER', [0, 1, 2]);
    expect(await listOf(`/buyer/listings/${listing}/documents`, 'buyer')).toEqual([]); // another buyer, past his own NDA, never sees it
    const r = await fetch(`${docs.url}/buyer/download-document/${doc.id}`, { headers: jordan });
    expect(r.status).toBe(200);
    const bytes = Buffer.from(await r.arrayBuffer());
    await expectSignedNda(bytes, { signer: 'Jordan Lee', ip: '203.0.113.9', userAgent: 'SignUpBrowser/1.0', via: NDA_CERTIFICATE.via.signUp });
    const text = (await pdfText(bytes)).replace(/\s+/g, ' ');
    for (const t of ['Non-Disclosure Agreement', '1. Confidentiality.', 'Listing of interest: Coffee Roastery', 'IP address: 203.0.113.9',
      'User agent: SignUpBrowser/1.0', `SHA-256 of the signed text: ${currentNdaSha256()}`]) {
      expect(text).toContain(t);
    }
  });

  it('financial statement submit: assets, liabilities, totals, net worth and the certification, for that buyer and staff only', async () => {
    await reach('buyer', 3);
    const pfs = {
      name: 'Blake Buyer', mailingAddress: '1 Main St, Davis, CA', signature: 'Blake Buyer', printName: 'Blake Buyer', certificationDate: '2026-11-23',
      checkingAccounts: '12000.10', realEstate: '450000', creditCardDebt: '1500.05', realPropertyMortgages: '300000',
    };
    const sub = await ctx.http.post('/buyer/financial-statement/submit').set(as('buyer')).set('user-agent', 'TestBrowser/2.0').send({ financialStatement: pfs });
    expect(sub.body).toEqual({ message: FORM_MSG.pfsSubmittedPdf });

    const doc = await appears(`/buyer/listings/${listing}/documents`, 'buyer', 'FINANCIAL_STATEMENT');
    expect(doc).toMatchObject({ buyerId: USERS.buyer.sub, fileName: expect.stringMatching(/^Personal Financial Statement - /) });
    expect((await listOf(`/agent/buyers/${USERS.buyer.sub}/listings/${listing}/documents`, 'agent')).map((d) => d.id)).toEqual([doc.id]);
    await journeyWith(ctx, USERS.otherBuyer.sub, listing, 'BUYER', [0, 1, 2]); // another buyer past their NDA
    expect(await listOf(`/buyer/listings/${listing}/documents`, 'otherBuyer')).toEqual([]);
    const text = (await download(`/buyer/download-document/${doc.id}`, 'buyer')).replace(/\s+/g, ' ');
    for (const t of ['Personal Financial Statement', 'Checking accounts: $12,000', 'Real estate (market value): $450,000', 'Credit card debt: $1,500',
      'Total assets: $462,000', 'Total liabilities: $301,500', 'Net worth: $160,500', 'Certification', 'Print name: Blake Buyer', 'User agent: TestBrowser/2.0']) {
      expect(text).toContain(t);
    }
  });

  it('a request delivered again (relay crashed before marking it sent) is the same job: rendered once, one document', async () => {
    await reach('seller', 3);
    await ctx.http.post('/seller/questionnaire/submit').set(as('seller')).send({ questionnaire });
    const doc = await appears(`/seller/listings/${listing}/documents`, 'seller', 'QUESTIONNAIRE');
    const [req] = await ctx.ds.query(`SELECT payload->>'key' AS key, delivered_at FROM ${FORM_PDFS}`);
    expect(req.delivered_at).not.toBeNull();

    await ctx.ds.query(`UPDATE listings.outbox SET delivered_at = NULL, attempts = 0`);
    await relay.drain(); // (or the relay's own timer) sends it again
    await waitFor(async () => (await ctx.ds.query(`SELECT attempts FROM ${FORM_PDFS} WHERE delivered_at IS NOT NULL`))[0]?.attempts === 1);
    // a new submission is a new version (its own key), not a re-delivery; queued after anything the re-delivery could
    // have queued, so once its document is filed a second render of the first would have been taken up (no guessed wait)
    await ctx.http.post('/seller/questionnaire/submit').set(as('seller')).send({ questionnaire: { ...questionnaire, sellingReason: 'Moving abroad' } });
    await waitFor(async () => (await listOf(`/seller/listings/${listing}/documents`, 'seller')).length === 2, 20_000);
    const [job] = await ctx.ds.query(`SELECT status, attempts FROM documents.generated_pdfs WHERE job_key = $1`, [req.key]);
    expect(job).toEqual({ status: 'READY', attempts: 1 });
    expect((await listOf(`/seller/listings/${listing}/documents`, 'seller')).filter((d) => d.type === 'QUESTIONNAIRE').map((d) => d.id)).toContain(doc.id);
  });

  it('documents down at submit: the submit still succeeds, the request waits and is delivered when documents is back', async () => {
    await reach('buyer', 3);
    await docs.stop();
    try {
      const pfs = { name: 'Blake Buyer', mailingAddress: '1 Main St', signature: 'Blake Buyer', printName: 'Blake Buyer', savingsAccounts: '100' };
      const sub = await ctx.http.post('/buyer/financial-statement/submit').set(as('buyer')).send({ financialStatement: pfs });
      expect(sub.status).toBe(200);
      await relay.drain(); // the step's e-mail notices go out (identity is up); the PDF request waits
      const [row] = await ctx.ds.query(`SELECT delivered_at, dead_at, attempts, last_error FROM ${FORM_PDFS}`);
      expect(row).toMatchObject({ delivered_at: null, dead_at: null });
      expect(row.attempts).toBeGreaterThanOrEqual(1);
      expect(row.last_error).toEqual(expect.any(String));
    } finally {
      docs = await startDocumentsProcess('main', docsEnv, docsPort);
    }
    await ctx.ds.query(`UPDATE listings.outbox SET next_attempt_at = now()`); // the back-off is not waited out here
    await relay.drain(); // (or the relay's own timer, every 2 s)
    await appears(`/buyer/listings/${listing}/documents`, 'buyer', 'FINANCIAL_STATEMENT');
    expect((await ctx.ds.query(`SELECT delivered_at FROM ${FORM_PDFS}`))[0].delivered_at).not.toBeNull();
  });

  it('the pdf worker killed mid-job: the next worker takes the job up again and the PDF is filed once', async () => {
    const key = `kill-test:${randomUUID()}`;
    const para = 'The business has served its neighbourhood for years with a loyal customer base and steady margins. '.repeat(40).slice(0, 4000);
    const job = {
      key, title: 'Seller Questionnaire', lines: Array.from({ length: 200 }, (_, i) => `${i + 1}. ${para}`), // a render of seconds
      document: { type: 'QUESTIONNAIRE', listingId: listing, ownerId: USERS.seller.sub, ownerRole: 'SELLER', ownerName: USERS.seller.name, fileName: 'Long.pdf' },
    };
    const res = await fetch(`${process.env.DOCUMENTS_URL}/internal/pdf-jobs`, { // the internal port
      method: 'POST', headers: { ...identityHeader(serviceIdentity('listings')), 'content-type': 'application/json' }, body: JSON.stringify(job),
    });
    expect(res.status).toBe(202);
    const row = async () => (await ctx.ds.query(`SELECT status, attempts FROM documents.generated_pdfs WHERE job_key = $1`, [key]))[0] as
      { status: string; attempts: number } | undefined;
    // the worker has started it (the attempt is recorded first): kill it there
    for (let r = await row(); !r || r.attempts < 1; r = await row()) await new Promise((ok) => setTimeout(ok, 5));
    await worker.kill();
    expect(await row()).toEqual({ status: 'PENDING', attempts: 1 });
    worker = await startDocumentsProcess('worker', docsEnv, await freePort());

    const done = await waitFor(async () => ((await row())?.status === 'READY' ? row() : null), 60_000);
    expect(done!.attempts).toBeGreaterThanOrEqual(2);
    const docsOfKey = (await listOf(`/seller/listings/${listing}/documents`, 'seller')).filter((d) => d.fileName === 'Long.pdf');
    expect(docsOfKey).toHaveLength(1);
    expect(await download(`/seller/download-document/${docsOfKey[0]!.id}`, 'seller')).toContain('200. The business');
  }, 90_000);
});
