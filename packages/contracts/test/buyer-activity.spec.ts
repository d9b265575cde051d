import { filterBuyerActivity, offerAmountSchema, pageButtons, recordOfferSchema, thousandsOfDollars, OFFER_MSG, type BuyerActivityRow } from '../src/buyer-activity.js';

const row = (n: number, buyerName: string, company: string, status: BuyerActivityRow['status']): BuyerActivityRow => ({
  id: `id${n}`, buyerNumber: `B${String(n).padStart(3, '0')}`, buyerName, company, dateOfContact: '', nda: 'No', preQualified: 'No',
  status, decision: 'interested', offerAmount: null, email: '', activity: '', timestamp: '',
});

describe('buyer activity rules', () => {
  const rows = [row(1, 'Ada Offerman', 'Roast Partners LLC', 'Made an offer'), row(2, 'Ben Browser', '', 'Interested'), row(12, 'Cy Cold', 'Coldbrew Inc', 'Not Interested')];

  it('searches name, company or number case-insensitively, within the status filter', () => {
    expect(filterBuyerActivity(rows, 'ada', 'All').map((r) => r.id)).toEqual(['id1']);
    expect(filterBuyerActivity(rows, 'ROAST', 'All').map((r) => r.id)).toEqual(['id1']);
    expect(filterBuyerActivity(rows, 'b012', 'All').map((r) => r.id)).toEqual(['id12']);
    expect(filterBuyerActivity(rows, ' b00 ', 'All').map((r) => r.id)).toEqual(['id1', 'id2']);
    expect(filterBuyerActivity(rows, '', 'Interested').map((r) => r.id)).toEqual(['id2']);
    expect(filterBuyerActivity(rows, 'cold', 'Made an offer')).toEqual([]);
    expect(filterBuyerActivity(rows, '', 'Not Interested').map((r) => r.id)).toEqual(['id12']);
  });

  it('pages: at most 5 page buttons, an ellipsis and the last page', () => {
    expect(pageButtons(1, 1)).toEqual([1]);
    expect(pageButtons(2, 6)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(pageButtons(1, 12)).toEqual([1, 2, 3, 4, 5, 'ellipsis', 12]);
    expect(pageButtons(7, 12)).toEqual([5, 6, 7, 8, 9, 'ellipsis', 12]);
    expect(pageButtons(10, 12)).toEqual([7, 8, 9, 10, 11, 12]);
    expect(pageButtons(12, 12)).toEqual([7, 8, 9, 10, 11, 12]);
    expect(pageButtons(1, 7)).toEqual([1, 2, 3, 4, 5, 'ellipsis', 7]);
    expect(pageButtons(3, 7)).toEqual([1, 2, 3, 4, 5, 'ellipsis', 7]);
    expect(pageButtons(4, 7)).toEqual([2, 3, 4, 5, 6, 7]);
  });

  it('highest offer in thousands of dollars', () => {
    expect(thousandsOfDollars(485000)).toBe('$485K');
    expect(thousandsOfDollars(1250499.99)).toBe('$1,250K');
    expect(thousandsOfDollars(null)).toBe('$0K');
  });

  it('offer amounts: exact decimal strings, > 0, at most 2 decimals; dates are real days', () => {
    expect(offerAmountSchema.parse('485,000')).toBe('485000.00');
    expect(offerAmountSchema.parse(' $1,250.5 ')).toBe('1250.50');
    expect(offerAmountSchema.parse(0.01)).toBe('0.01');
    for (const bad of ['0', '0.00', '-1', '1.234', 'abc', 1e13]) expect(offerAmountSchema.safeParse(bad).error?.issues[0]?.message).toBe(OFFER_MSG.amountInvalid);
    expect(offerAmountSchema.safeParse('').error?.issues[0]?.message).toBe(OFFER_MSG.amountRequired);
    expect(recordOfferSchema.safeParse({ amount: 1, date: '2026-02-29' }).error?.issues[0]?.message).toBe(OFFER_MSG.dateInvalid);
    expect(recordOfferSchema.parse({ amount: 1, date: '2028-02-29', note: '  hi ' })).toEqual({ amount: '1.00', date: '2028-02-29', note: 'hi' });
  });
});
