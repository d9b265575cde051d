import { randomUUID } from 'node:crypto';
import { checklistResponseSchema, defaultChecklist, type ChecklistItem } from '@brokerage/contracts';
import { createTestApp, type TestApp } from '@brokerage/nest-common/testing';
import { AppModule } from '../src/app.module.js';
import { as } from './helpers.js';
import { startListingsStub, type ListingsStub } from './listings-stub.js';

/** Spec part 2 §3 "Checklist content", read statement by statement. */
describe('checklist content (spec part 2 §3)', () => {
  let ctx: TestApp;
  let stub: ListingsStub;
  const listingId = randomUUID();
  let served: ReturnType<typeof checklistResponseSchema.parse>;
  beforeAll(async () => {
    stub = await startListingsStub();
    stub.parties.set(listingId, { sellerId: null, agentId: null, buyerIds: [] });
    ctx = await createTestApp(AppModule, 'checklists');
    const res = await ctx.http.get(`/broker/listings/${listingId}/pre-close-checklist`).set(as('broker'));
    expect(res.status).toBe(200);
    served = checklistResponseSchema.parse(res.body);
  });
  afterAll(async () => {
    await ctx.app.close();
    await stub.close();
  });

  const cat = (id: string) => served.checklist!.find((c) => c.id === id)!;
  const shape = (items: ChecklistItem[]) => items.map((i) => [i.responsible, i.required]);

  it('a listing\'s first checklist has 40 unticked items in the categories A, B, C, D with 5, 8, 7, 20 items, in that order', () => {
    expect(served.checklist!.map((c) => [c.id, c.title, c.items.length])).toEqual([
      ['A', 'Letter Of Intent', 5],
      ['B', 'Asset Purchase Agreement', 8],
      ['C', 'Exhibits', 7],
      ['D', 'Asset Purchase Agreement Contingencies', 20],
    ]);
    const all = served.checklist!.flatMap((c) => c.items);
    expect(all).toHaveLength(40);
    expect(new Set(all.map((i) => i.id)).size).toBe(40);
    expect(all.every((i) => !i.completed && i.completedBy === null && i.completedAt === null)).toBe(true);
    expect(served.lastUpdatedBy).toBeNull();
  });

  it('A: buyer offer (buyer, required); seller counter (seller); negotiate (seller); earnest money (buyer, required); broker deposits (broker, required)', () => {
    expect(shape(cat('A').items)).toEqual([['buyer', true], ['seller', false], ['seller', false], ['buyer', true], ['broker', true]]);
    expect(cat('A').items.map((i) => i.task)).toEqual([
      expect.stringMatching(/buyer.*offer/i),
      expect.stringMatching(/seller counter/i),
      expect.stringMatching(/negotiate mutual agreement/i),
      expect.stringMatching(/buyer provides earnest money/i),
      expect.stringMatching(/broker deposits earnest money/i),
    ]);
  });

  it('B: buyer offer, attorney and accountant review (buyer, required); the seller\'s three optional; negotiate and execute once per side, required', () => {
    const b = cat('B').items;
    expect(shape(b)).toEqual([
      ['buyer', true], ['buyer', true], ['buyer', true],
      ['seller', false], ['seller', false], ['seller', false],
      ['buyer', true], ['seller', true],
    ]);
    expect(b.filter((i) => /attorney review/i.test(i.task)).map((i) => i.responsible)).toEqual(['buyer', 'seller']);
    expect(b.filter((i) => /accountant review/i.test(i.task)).map((i) => i.responsible)).toEqual(['buyer', 'seller']);
    expect(b.filter((i) => /negotiate and execute mutual agreement/i.test(i.task)).map((i) => i.responsible)).toEqual(['buyer', 'seller']);
  });

  it('C: asset list (broker, required), seller\'s and buyer\'s financial information, contract rights (required), three optional broker "Other" lines', () => {
    const c = cat('C').items;
    expect(c.map((i) => [i.task, i.responsible, i.required])).toEqual([
      [expect.stringMatching(/asset list of furniture, fixtures and equipment/i), 'broker', true],
      ["Seller's financial information", 'seller', true],
      ["Buyer's financial information", 'buyer', true],
      ['Contract rights', 'seller', true],
      ['Other', 'broker', false],
      ['Other', 'broker', false],
      ['Other', 'broker', false],
    ]);
  });

  it('D: the twenty contingencies; security deposits optional, conditional lease assignment broker and optional, most required, many for both sides', () => {
    const d = cat('D').items;
    const find = (re: RegExp) => d.filter((i) => re.test(i.task));
    for (const topic of [/landlord/i, /lease documents/i, /lease assignment or new lease/i, /security deposits/i, /rent proration/i, /walk-through/i,
      /conditional lease assignment/i, /guaranty of lease/i, /right of inspection/i, /due diligence list/i, /action plan/i, /financials/i, /premises/i]) {
      expect(find(topic).length).toBeGreaterThan(0);
    }
    expect(find(/security deposits/i).every((i) => !i.required)).toBe(true);
    expect(find(/conditional lease assignment/i).map((i) => [i.responsible, i.required])).toEqual([['broker', false]]);
    expect(d.filter((i) => i.required).length).toBeGreaterThan(d.length / 2);
    const bothSides = [/landlord/i, /lease documents/i, /lease assignment or new lease/i, /security deposits/i, /rent proration/i, /walk-through/i, /due diligence list/i]
      .filter((re) => new Set(find(re).map((i) => i.responsible)).size === 2);
    expect(bothSides.length).toBeGreaterThanOrEqual(5);
  });

  it('the widget\'s built-in default is the same content the server starts every checklist from', () => {
    expect(defaultChecklist()).toEqual(served.checklist);
  });
});
