import { DUE_DILIGENCE_DOCUMENT_NAMES } from '@brokerage/contracts/due-diligence';
import { SELLER_DUE_DILIGENCE_CATEGORIES, SELLER_DUE_DILIGENCE_ITEMS, SELLER_DUE_DILIGENCE_NAMES } from '@brokerage/contracts/seller-due-diligence';

describe('seller due-diligence categories (spec part 1 §3, §9: 4 categories of 5 items)', () => {
  it('has the four categories in order, five items each, unique ids and names', () => {
    expect(SELLER_DUE_DILIGENCE_CATEGORIES.map((c) => c.title)).toEqual(['Legal Documents', 'Financial Records', 'Operational Information', 'HR & Benefits']);
    for (const c of SELLER_DUE_DILIGENCE_CATEGORIES) expect(c.items).toHaveLength(5);
    expect(SELLER_DUE_DILIGENCE_ITEMS).toHaveLength(20);
    expect(new Set(SELLER_DUE_DILIGENCE_ITEMS.map((i) => i.id)).size).toBe(20);
    expect(new Set(SELLER_DUE_DILIGENCE_ITEMS.map((i) => i.name)).size).toBe(20);
  });

  it('files every item under one of the 16 buyer-side names, and covers all 16', () => {
    for (const i of SELLER_DUE_DILIGENCE_ITEMS) expect(DUE_DILIGENCE_DOCUMENT_NAMES).toContain(i.documentName);
    expect(SELLER_DUE_DILIGENCE_NAMES).toEqual([...DUE_DILIGENCE_DOCUMENT_NAMES]);
  });
});
