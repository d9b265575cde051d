import { DOCUMENT_MSG, JOURNEY_MSG, QUESTION_MSG, type NoticeCommand, type Question } from '@brokerage/contracts';
import { ndaCompleted } from '@brokerage/contracts';
import { listingEventRecipients, type ListingEventNotice } from '@brokerage/contracts/live-events';
import { FORBIDDEN_MESSAGE } from '@brokerage/nest-common';
import { hearListingEvents, type ListingEventsEar } from '@brokerage/nest-common/testing';
import { EXE, PNG, pdfFile } from './support/files.js';
import { ID, LISTING, OTHER_LISTING, UNKNOWN, as, journey, journeyAt, objects, reset, startDocs, type DocsCtx, type Who } from './support/docs-app.js';
import { uploadAs } from './support/upload.js';
import { ListingEventsRepository } from '../src/listing-events/listing-events.repository.js';
import { NeedsAttentionRepository } from '../src/needs-attention/needs-attention.repository.js';

/**
 * Issue 24 §3: due-diligence Q&A. Buyers see their own questions and those released to every buyer, never who asked
 * nor another buyer's history; staff see everything; the seller only what was routed to them, without buyer identity;
 * an answer's files are readable exactly by those who may read the answer.
 */
describe('due-diligence Q&A', () => {
  let ctx: DocsCtx;
  let ear: ListingEventsEar;
  beforeAll(async () => {
    ctx = await startDocs();
    ear = await hearListingEvents();
  });
  afterAll(async () => {
    await ear.close();
    await ctx.close();
  });
  beforeEach(async () => {
    await reset(ctx);
    await ctx.ds.query('TRUNCATE documents.questions CASCADE');
    ear.heard.length = 0;
  });

  const staffArea = (who: Who) => (who === 'agent' || who === 'otherAgent' ? 'agent' : 'broker');
  const ask = (who: Who, text: string, documentName: string | null = null, listingId = LISTING) =>
    ctx.http.post(`/buyer/listings/${listingId}/questions`).set(as(who)).send({ text, documentName });
  const asked = async (who: Who, text: string, documentName: string | null = null): Promise<Question> => {
    const res = await ask(who, text, documentName);
    expect(res.status).toBe(201);
    return res.body.question as Question;
  };
  const list = async (who: Who, listingId = LISTING) => {
    const area = who === 'buyer' || who === 'otherBuyer' ? 'buyer' : who === 'seller' || who === 'otherSeller' ? 'seller' : staffArea(who);
    return ctx.http.get(`/${area}/listings/${listingId}/questions`).set(as(who));
  };
  const listed = async (who: Who): Promise<Question[]> => {
    const res = await list(who);
    expect(res.status).toBe(200);
    return res.body.questions as Question[];
  };
  const act = (who: Who, id: string, action: 'route' | 'merge' | 'release', body: object = {}, listingId = LISTING) =>
    ctx.http.post(`/${staffArea(who)}/listings/${listingId}/questions/${id}/${action}`).set(as(who)).send(body);
  const answer = (who: Who, id: string, text: string) => {
    const area = who === 'seller' || who === 'otherSeller' ? 'seller' : staffArea(who);
    return ctx.http.post(`/${area}/listings/${LISTING}/questions/${id}/answer`).set(as(who)).send({ text });
  };
  /** A multipart answer: the text field first, then the files. */
  const answerWithFiles = (who: Who, id: string, text: string | null, files: Array<{ name: string; bytes: Buffer }>) => {
    const area = who === 'seller' ? 'seller' : staffArea(who);
    let req = ctx.http.post(`/${area}/listings/${LISTING}/questions/${id}/answer`).set(as(who));
    if (text !== null) req = req.field('text', text);
    for (const f of files) req = req.attach('file', f.bytes, f.name);
    return req;
  };
  const download = (who: Who, documentId: string) => {
    if (who === 'buyer' || who === 'otherBuyer') return ctx.http.get(`/buyer/download-document/${documentId}`).set(as(who));
    if (who === 'seller' || who === 'otherSeller') return ctx.http.get(`/seller/download-document/${documentId}`).set(as(who));
    return ctx.http.get(`/${staffArea(who)}/documents/${documentId}/download`).set(as(who));
  };
  const ok = async (res: { status: number; body: { question: Question; message?: string } }) => {
    expect([res.status, res.body.message]).toEqual([200, undefined]);
    return res.body.question;
  };
  const released = async (id: string, audience: 'ASKER' | 'ALL', text = 'Revenue was $2.1M.') => {
    await ok(await answer('broker', id, text));
    return ok(await act('broker', id, 'release', { audience }));
  };

  it('a buyer sees their own questions and those released to ALL — never who asked, nor another buyer\'s history', async () => {
    const mine = await asked('buyer', 'Why did revenue drop in 2023?', 'Financial Statements (3 years)');
    const theirs = await asked('otherBuyer', 'Is the lease assignable?', 'Lease Agreements');
    const theirsFaq = await asked('otherBuyer', 'How many employees stay on?');
    expect(mine).toMatchObject({ state: 'Open', askedByMe: true, documentName: 'Financial Statements (3 years)', answer: null, releasedTo: null, mergedInto: null });
    expect(mine.history.map((h) => [h.action, h.byRole])).toEqual([['asked', 'BUYER']]);
    await released(theirsFaq.id, 'ALL', 'All twelve employees stay.');

    const seen = await listed('buyer');
    expect(seen.map((q) => q.id).sort()).toEqual([mine.id, theirsFaq.id].sort());
    const faq = seen.find((q) => q.id === theirsFaq.id)!;
    expect(faq).toMatchObject({ askedByMe: false, state: 'Released', releasedTo: 'ALL', history: [], answer: { text: 'All twelve employees stay.', answeredByRole: 'BROKER' } });
    const json = JSON.stringify(seen);
    expect(json).not.toContain(theirs.id);
    expect(json).not.toContain('Is the lease assignable?');
    expect(json).not.toContain(ID.otherBuyer);
    expect(json).not.toContain('Oscar Buyer');
    expect(json).not.toContain('askerId');
    expect(json).not.toContain('askerName');
    expect(json).not.toContain('"routed"');
    // the asker of the FAQ entry sees it as their own, with its history
    const other = (await listed('otherBuyer')).find((q) => q.id === theirsFaq.id)!;
    expect(other.askedByMe).toBe(true);
    expect(other.history.map((h) => h.action)).toEqual(['asked', 'answered', 'released']);
    expect(JSON.stringify(await listed('otherBuyer'))).not.toContain('Why did revenue drop');
  });

  it('a buyer before the NDA → 409, a non-party buyer → 404, another listing\'s staff → 404; staff see every question with its asker', async () => {
    await asked('buyer', 'Any pending litigation?', 'Legal Documents');
    journey(ctx, 'otherBuyer', journeyAt(1));
    for (const res of [await list('otherBuyer'), await ask('otherBuyer', 'Hello?')]) {
      expect([res.status, res.body.message]).toEqual([409, JOURNEY_MSG.notAccessible]);
    }
    for (const res of [await list('buyer', OTHER_LISTING), await ask('buyer', 'Hello?', null, OTHER_LISTING), await list('buyer', UNKNOWN)]) {
      expect(res.status).toBe(404);
    }
    for (const who of ['broker', 'agent'] as const) {
      const [q] = await listed(who);
      expect(q).toMatchObject({ text: 'Any pending litigation?', askerId: ID.buyer, askerName: 'Blake Buyer', state: 'Open' });
      expect(q!.history).toEqual([expect.objectContaining({ action: 'asked', byRole: 'BUYER' })]);
      expect(q!.askedByMe).toBeUndefined();
    }
    // an agent on a listing not assigned to them: 404 on every route (nothing happens)
    const id = (await listed('broker'))[0]!.id;
    expect((await list('otherAgent')).status).toBe(404);
    for (const action of ['route', 'release', 'merge'] as const) {
      expect((await act('otherAgent', id, action, action === 'release' ? { audience: 'ALL' } : action === 'merge' ? { intoQuestionId: UNKNOWN } : {})).status).toBe(404);
    }
    expect((await answer('otherAgent', id, 'No.')).status).toBe(404);
    expect((await listed('broker'))[0]!.state).toBe('Open');
    // wrong role on a route: 403
    expect((await ctx.http.get(`/broker/listings/${LISTING}/questions`).set(as('agent'))).body.message).toBe(FORBIDDEN_MESSAGE);
    expect((await ctx.http.post(`/seller/listings/${LISTING}/questions/${id}/answer`).set(as('buyer')).send({ text: 'x' })).status).toBe(403);
  });

  it('states: Open → With seller (route) → Answered (seller) → Released; the seller sees only routed ones, without buyer identity', async () => {
    const q = await asked('buyer', 'What are the margins by product line?', 'Financial Statements (3 years)');
    const unrouted = await asked('otherBuyer', 'Who is the landlord?');
    expect(await listed('seller')).toEqual([]);
    expect((await answer('seller', q.id, 'Too early.')).status).toBe(404); // not routed: the seller does not know it
    expect((await ok(await act('agent', q.id, 'route'))).state).toBe('With seller');
    const r2 = await act('agent', q.id, 'route');
    expect([r2.status, r2.body.message]).toEqual([409, QUESTION_MSG.notOpen]);

    const sellerView = await listed('seller');
    expect(sellerView.map((s) => s.id)).toEqual([q.id]);
    const json = JSON.stringify(sellerView);
    for (const secret of [ID.buyer, 'Blake Buyer', 'askerId', 'askerName', 'askedByMe', unrouted.id]) expect(json).not.toContain(secret);
    // buyer sees the state move, no answer yet
    expect((await listed('buyer'))[0]).toMatchObject({ state: 'With seller', answer: null });
    const early = await act('broker', q.id, 'release', { audience: 'ASKER' });
    expect([early.status, early.body.message]).toEqual([409, QUESTION_MSG.notAnswered]);

    const answered = await ok(await answer('seller', q.id, 'About 40% on services, 25% on goods.'));
    expect(answered).toMatchObject({ state: 'Answered', answer: { text: 'About 40% on services, 25% on goods.', answeredByRole: 'SELLER', attachments: [] } });
    const again = await answer('seller', q.id, 'Changed my mind.');
    expect([again.status, again.body.message]).toEqual([409, QUESTION_MSG.notWithSeller]);
    // answered but not released: the buyer sees the state, not the answer
    const before = (await listed('buyer'))[0]!;
    expect(before).toMatchObject({ state: 'Answered', answer: null });
    expect(JSON.stringify(before)).not.toContain('40%');

    const rel = await ok(await act('broker', q.id, 'release', { audience: 'ASKER' }));
    expect(rel).toMatchObject({ state: 'Released', releasedTo: 'ASKER' });
    expect((await listed('buyer'))[0]).toMatchObject({ state: 'Released', releasedTo: 'ASKER', answer: { text: 'About 40% on services, 25% on goods.' } });
    expect((await listed('otherBuyer')).map((x) => x.id)).toEqual([unrouted.id]); // ASKER: not the other buyer
    const staff = (await listed('broker')).find((x) => x.id === q.id)!;
    expect(staff.history.map((h) => [h.action, h.byRole, h.audience ?? null])).toEqual([
      ['asked', 'BUYER', null], ['routed', 'AGENT', null], ['answered', 'SELLER', null], ['released', 'BROKER', 'ASKER'],
    ]);
    const late = await answer('broker', q.id, 'Correction.');
    expect([late.status, late.body.message]).toEqual([409, QUESTION_MSG.releasedCannotChange]);
    // widened to ALL: now every buyer past the NDA has it, still without who asked
    await ok(await act('broker', q.id, 'release', { audience: 'ALL' }));
    const faq = (await listed('otherBuyer')).find((x) => x.id === q.id)!;
    expect(faq).toMatchObject({ askedByMe: false, releasedTo: 'ALL', history: [] });
    expect(JSON.stringify(faq)).not.toContain(ID.buyer);
  });

  it('merge: the duplicate follows its target (state, answer); released to ASKER reaches each asker of the group, not other buyers', async () => {
    const target = await asked('buyer', 'What is the customer concentration?');
    const dup = await asked('otherBuyer', 'Top customers share of revenue?');
    const bad = await act('broker', dup.id, 'merge', { intoQuestionId: dup.id });
    expect([bad.status, bad.body.message]).toEqual([400, QUESTION_MSG.mergeIntoSelf]);
    const merged = await ok(await act('broker', dup.id, 'merge', { intoQuestionId: target.id }));
    expect(merged).toMatchObject({ mergedInto: target.id, state: 'Open' });
    for (const [action, body] of [['route', {}], ['release', { audience: 'ALL' }], ['merge', { intoQuestionId: target.id }]] as const) {
      const res = await act('broker', dup.id, action, body);
      expect([action, res.status, res.body.message]).toEqual([action, 409, QUESTION_MSG.merged]);
    }
    const third = await asked('buyer', 'And the top 3?');
    const chained = await act('broker', third.id, 'merge', { intoQuestionId: dup.id });
    expect([chained.status, chained.body.message]).toEqual([409, QUESTION_MSG.mergeIntoMerged]);

    await ok(await act('broker', target.id, 'route'));
    expect((await listed('otherBuyer'))[0]).toMatchObject({ id: dup.id, state: 'With seller', answer: null });
    expect((await listed('seller')).map((q) => q.id)).toEqual([target.id]); // the duplicate is not the seller's to answer
    await released(target.id, 'ASKER', 'Top customer: 18%.');
    const dupSeen = (await listed('otherBuyer'))[0]!;
    expect(dupSeen).toMatchObject({ id: dup.id, text: 'Top customers share of revenue?', state: 'Released', releasedTo: 'ASKER', answer: { text: 'Top customer: 18%.' } });
    const json = JSON.stringify(await listed('otherBuyer'));
    expect(json).not.toContain('What is the customer concentration?'); // the target is another buyer's, released to ASKER only
    expect(json).not.toContain(ID.buyer);
    const staff = await listed('broker');
    expect(staff.find((q) => q.id === target.id)!.history.map((h) => h.action)).toEqual(['asked', 'merged-in', 'routed', 'answered', 'released']);
    expect(staff.find((q) => q.id === dup.id)!.history.map((h) => h.action)).toEqual(['asked', 'merged']);
  });

  it('release to ALL vs ASKER: the FAQ reaches every buyer past the NDA, never one before it', async () => {
    const a = await asked('buyer', 'Is inventory included in the price?');
    const b = await asked('buyer', 'Will the owner train the buyer?');
    await released(a.id, 'ALL', 'Yes, at cost.');
    await released(b.id, 'ASKER', 'Four weeks.');
    expect((await listed('otherBuyer')).map((q) => [q.id, q.answer?.text])).toEqual([[a.id, 'Yes, at cost.']]);
    expect((await listed('buyer')).map((q) => q.answer?.text).sort()).toEqual(['Four weeks.', 'Yes, at cost.']);
    journey(ctx, 'otherBuyer', journeyAt(1));
    expect((await list('otherBuyer')).status).toBe(409);
    // narrowing back to ASKER takes it from the other buyers
    journey(ctx, 'otherBuyer', journeyAt(10));
    await ok(await act('broker', a.id, 'release', { audience: 'ASKER' }));
    expect(await listed('otherBuyer')).toEqual([]);
  });

  it('attachments: stored through the upload checks, readable only by those who may read the answer, never listed in the data room', async () => {
    const q = await asked('buyer', 'Please share the equipment appraisal.', 'Equipment List');
    const other = await asked('otherBuyer', 'Unrelated question');
    // bad files: 400 and nothing stored
    const exe = await answerWithFiles('broker', q.id, 'See attached.', [{ name: 'appraisal.pdf', bytes: EXE }]);
    expect([exe.status, exe.body.message]).toEqual([400, DOCUMENT_MSG.contentMismatch('appraisal.pdf')]);
    const ext = await answerWithFiles('broker', q.id, 'See attached.', [{ name: 'run.exe', bytes: EXE }]);
    expect(ext.status).toBe(400);
    expect(ext.body.message).toMatch(/^run\.exe: file type not allowed/);
    const noText = await answerWithFiles('broker', q.id, null, [{ name: 'a.png', bytes: PNG }]);
    expect([noText.status, noText.body.message]).toEqual([400, QUESTION_MSG.answerRequired]);
    const six = await answerWithFiles('broker', q.id, 'Six', Array.from({ length: 6 }, (_, i) => ({ name: `p${i}.png`, bytes: PNG })));
    expect([six.status, six.body.message]).toEqual([400, QUESTION_MSG.tooManyAttachments]);
    expect(await objects(ctx)).toEqual([]);
    expect((await listed('broker')).find((x) => x.id === q.id)!.state).toBe('Open');

    await ok(await act('broker', q.id, 'route'));
    const withFile = await ok(await answerWithFiles('seller', q.id, 'Appraisal attached.', [{ name: 'appraisal.pdf', bytes: await pdfFile('Appraisal') }]));
    const [att] = withFile.answer!.attachments;
    // the seller's answer file is no "new client upload" on the staff's Needs attention list
    expect(await ctx.app.get(NeedsAttentionRepository).clientUploads([LISTING], new Date(0))).toEqual([]);
    expect(att).toMatchObject({ fileName: 'appraisal.pdf' });
    expect(att!.fileSize).toBeGreaterThan(0);

    // answered, not released: staff and the seller (routed to them) read it; no buyer does
    for (const who of ['broker', 'agent', 'seller'] as const) expect([who, (await download(who, att!.id)).status]).toEqual([who, 200]);
    for (const who of ['buyer', 'otherBuyer'] as const) expect([who, (await download(who, att!.id)).status]).toEqual([who, 404]);
    expect((await ctx.http.get(`/buyer/documents/${att!.id}/pages`).set(as('buyer'))).status).toBe(404); // the viewer: same rule
    // never in a document list (staff's included)
    for (const [who, path] of [['broker', `/broker/listings/${LISTING}/documents`], ['seller', `/seller/listings/${LISTING}/documents`], ['buyer', `/buyer/listings/${LISTING}/documents`]] as const) {
      const res = await ctx.http.get(path).set(as(who));
      expect(res.status).toBe(200);
      expect(JSON.stringify(res.body)).not.toContain(att!.id);
    }

    await ok(await act('broker', q.id, 'release', { audience: 'ASKER' }));
    expect((await download('buyer', att!.id)).status).toBe(200);
    expect((await download('otherBuyer', att!.id)).status).toBe(404);
    await ok(await act('broker', q.id, 'release', { audience: 'ALL' }));
    expect((await download('otherBuyer', att!.id)).status).toBe(200);
    journey(ctx, 'otherBuyer', journeyAt(1));
    expect((await download('otherBuyer', att!.id)).status).toBe(409); // before the NDA: the listing's rule first
    expect((await download('otherSeller', att!.id)).status).toBe(404);

    // a staff answer that was never routed: the seller may not read its file
    const staffFile = await ok(await answerWithFiles('broker', other.id, 'Here.', [{ name: 'note.png', bytes: PNG }]));
    const sf = staffFile.answer!.attachments[0]!;
    expect((await download('seller', sf.id)).status).toBe(404);
    expect((await download('agent', sf.id)).status).toBe(200);
    // a regular staff upload named like an attachment does not become its next version
    const doc = await uploadAs(ctx, 'broker', LISTING, { documentType: 'UPLOADED_DOC' }, { name: 'note.png', bytes: PNG });
    expect(doc.version).toBe(1);
  });

  it('bad input → 400 with the message; unknown question → 404', async () => {
    const cases: Array<[object, string]> = [
      [{}, QUESTION_MSG.textRequired],
      [{ text: '   ' }, QUESTION_MSG.textRequired],
      [{ text: 'x'.repeat(2001) }, QUESTION_MSG.textTooLong],
      [{ text: 'ok', documentName: 'Cap table' }, QUESTION_MSG.unknownDocumentName],
    ];
    for (const [body, message] of cases) {
      const res = await ctx.http.post(`/buyer/listings/${LISTING}/questions`).set(as('buyer')).send(body);
      expect([res.status, res.body.message]).toEqual([400, message]);
    }
    const q = await asked('buyer', 'General question', null);
    expect(q.documentName).toBeNull();
    const badRelease = await act('broker', q.id, 'release', { audience: 'EVERYONE' });
    expect([badRelease.status, badRelease.body.message]).toEqual([400, QUESTION_MSG.badAudience]);
    const badMerge = await act('broker', q.id, 'merge', { intoQuestionId: 'nope' });
    expect([badMerge.status, badMerge.body.message]).toEqual([400, QUESTION_MSG.intoRequired]);
    const emptyAnswer = await answer('broker', q.id, '');
    expect([emptyAnswer.status, emptyAnswer.body.message]).toEqual([400, QUESTION_MSG.answerRequired]);
    const longAnswer = await answer('broker', q.id, 'y'.repeat(5001));
    expect([longAnswer.status, longAnswer.body.message]).toEqual([400, QUESTION_MSG.answerTooLong]);
    const unknown = await act('broker', UNKNOWN, 'route');
    expect([unknown.status, unknown.body.message]).toEqual([404, QUESTION_MSG.notFound]);
    const badId = await ctx.http.post(`/broker/listings/${LISTING}/questions/nope/route`).set(as('broker'));
    expect(badId.status).toBe(400);
    // a question of this listing through another listing's path: 404
    expect((await act('otherAgent', q.id, 'route', {}, OTHER_LISTING)).status).toBe(404);
  });

  it('every change publishes question.changed (ids only) to staff and the clients whose screens show it', async () => {
    const recipients = (n: ListingEventNotice) => {
      const p = ctx.stub.parties.get(n.listingId)!;
      const ndaBuyerIds = p.buyerIds.filter((b) => ndaCompleted(ctx.stub.journeys.get(`${n.listingId}:${b}`)));
      return listingEventRecipients(n.to, { ...p, ndaBuyerIds }, [ID.broker]).sort();
    };
    const ids = (...who: Who[]) => who.map((w) => ID[w]).sort();
    const q = await asked('buyer', 'Secret question text');
    const [n1] = await ear.of(LISTING, 'question.changed', 1);
    expect(Object.keys(n1!).filter((k) => k !== 'to').sort()).toEqual(['at', 'listingId', 'type']);
    expect(JSON.stringify(n1)).not.toContain('Secret');
    expect(recipients(n1!)).toEqual(ids('broker', 'agent', 'buyer'));
    await ok(await act('broker', q.id, 'route'));
    const [, n2] = await ear.of(LISTING, 'question.changed', 2);
    expect(recipients(n2!)).toEqual(ids('broker', 'agent', 'seller', 'buyer'));
    await ok(await answer('seller', q.id, 'Answer'));
    await ok(await act('broker', q.id, 'release', { audience: 'ALL' }));
    const [, , , n4] = await ear.of(LISTING, 'question.changed', 4);
    expect(recipients(n4!)).toEqual(ids('broker', 'agent', 'seller', 'buyer', 'otherBuyer'));
  });

  it('a deleted listing takes its questions, their history and attachments with it (another listing\'s stay)', async () => {
    const q = await asked('buyer', 'Going away');
    await ok(await answerWithFiles('broker', q.id, 'With a file', [{ name: 'a.png', bytes: PNG }]));
    await ctx.ds.query(`INSERT INTO documents.questions (listing_id, asker_id, text) VALUES ($1, $2, 'Kept')`, [OTHER_LISTING, ID.otherBuyer]);
    await ctx.app.get(ListingEventsRepository).deleteListing(LISTING);
    expect(await ctx.ds.query('SELECT text FROM documents.questions')).toEqual([{ text: 'Kept' }]);
    expect(await ctx.ds.query('SELECT count(*)::int AS n FROM documents.question_history')).toEqual([{ n: 0 }]);
    expect(await ctx.ds.query('SELECT count(*)::int AS n FROM documents.documents')).toEqual([{ n: 0 }]);
  });

  it('a released answer sends an e-mail notice (kind due-diligence) to the buyers who may now read it, once each; never its content', async () => {
    const notices = async () =>
      ((await ctx.ds.query(`SELECT payload FROM documents.outbox WHERE kind = 'notice' AND payload->>'link' LIKE '/buyer/%' ORDER BY created_at, id`)) as Array<{ payload: NoticeCommand }>).map((r) => r.payload);
    const q = await asked('buyer', 'Confidential question about payroll');
    await ok(await answer('agent', q.id, 'Confidential answer about payroll'));
    expect(await notices()).toEqual([]); // answered, not released: nobody is told
    await ok(await act('agent', q.id, 'release', { audience: 'ASKER' }));
    const [toAsker] = await notices();
    expect(toAsker).toMatchObject({ kind: 'due-diligence', listingId: LISTING, recipients: { userIds: [ID.buyer] }, link: '/buyer/questions', actorName: 'Avery Agent' });
    expect(toAsker!.headline).toMatch(/^Your question was answered/);
    journey(ctx, 'otherBuyer', journeyAt(1)); // before the NDA: not told
    await ok(await act('agent', q.id, 'release', { audience: 'ALL' }));
    expect(await notices()).toHaveLength(1);
    journey(ctx, 'otherBuyer', journeyAt(10));
    await ok(await act('agent', q.id, 'release', { audience: 'ASKER' }));
    await ok(await act('agent', q.id, 'release', { audience: 'ALL' })); // the asker was told already: only the other buyer
    const all = await notices();
    expect(all.map((n) => n.recipients)).toEqual([{ userIds: [ID.buyer] }, { userIds: [ID.otherBuyer] }]);
    expect(all[1]!.headline).toMatch(/^A new answer was added to the questions and answers/);
    expect(JSON.stringify(all)).not.toMatch(/payroll|Blake/);
  });

  it('a question asked tells staff (who asked), one routed tells the seller (not who asked), the seller\'s answer tells staff; never the text', async () => {
    const notices = async () =>
      ((await ctx.ds.query(`SELECT payload FROM documents.outbox WHERE kind = 'notice' ORDER BY created_at, id`)) as Array<{ payload: NoticeCommand }>).map((r) => r.payload);
    const q = await asked('buyer', 'Confidential question about payroll');
    const onAsk = await notices();
    expect(onAsk.map((n) => [n.kind, n.recipients, n.link])).toEqual([
      ['due-diligence', { brokers: true }, `/broker/listings/${LISTING}/questions`],
      ['due-diligence', { userIds: [ID.agent] }, `/agent/listings/${LISTING}/questions`],
    ]);
    expect(onAsk[0]!.headline).toMatch(/^Blake Buyer asked a due-diligence question/);
    await ok(await act('broker', q.id, 'route'));
    const toSeller = (await notices()).slice(2);
    expect(toSeller.map((n) => [n.recipients, n.link])).toEqual([[{ userIds: [ID.seller] }, '/seller/questions']]);
    expect(JSON.stringify(toSeller)).not.toMatch(/Blake|payroll/);
    await ok(await answer('seller', q.id, 'Confidential answer about payroll'));
    const onAnswer = (await notices()).slice(3);
    expect(onAnswer.map((n) => [n.recipients, n.link])).toEqual([
      [{ brokers: true }, `/broker/listings/${LISTING}/questions`],
      [{ userIds: [ID.agent] }, `/agent/listings/${LISTING}/questions`],
    ]);
    expect(onAnswer[0]!.headline).toMatch(/^The seller answered a buyer's question/);
    expect(JSON.stringify(await notices())).not.toMatch(/payroll/);
  });
});
