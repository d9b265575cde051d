import { DUE_DILIGENCE_DOCUMENT_NAMES, type DueDiligenceDocumentName } from './due-diligence.js';

/**
 * The seller's due-diligence screen (seller step 8 of 11, id 7; spec part 1 §3 "4 categories of 5 items", item names
 * not shown): what a California business broker asks a seller to prepare. Each item is filed under the one of the 16
 * buyer-side document names it answers, so a seller's file meets the buyers' requests for that name.
 */
export interface SellerDueDiligenceItem {
  id: string;
  name: string;
  documentName: DueDiligenceDocumentName;
}
export interface SellerDueDiligenceCategory {
  id: string;
  title: string;
  items: readonly SellerDueDiligenceItem[];
}

/** A category of items, each given as [id suffix, name, document name]: the item's id is "<category id>-<suffix>". */
function category(id: string, title: string, items: ReadonlyArray<readonly [string, string, DueDiligenceDocumentName]>): SellerDueDiligenceCategory {
  return { id, title, items: items.map(([suffix, name, documentName]) => ({ id: `${id}-${suffix}`, name, documentName })) };
}

export const SELLER_DUE_DILIGENCE_CATEGORIES: readonly SellerDueDiligenceCategory[] = [
  category('legal', 'Legal Documents', [
    ['entity', 'Articles of incorporation or organization, bylaws or operating agreement', 'Legal Documents'],
    ['licenses', "Business licenses and permits (city, county, CDTFA seller's permit, ABC license if any)", 'Business Licenses'],
    ['lease', 'Premises lease, amendments and landlord contact', 'Lease Agreements'],
    ['litigation', 'Pending or past litigation, claims, liens and judgments', 'Legal Documents'],
    ['ip', 'Trademarks, fictitious business name statement, domain names and other intellectual property', 'Intellectual Property'],
  ]),
  category('financial', 'Financial Records', [
    ['statements', 'Profit and loss statements and balance sheets (last 3 years and year to date)', 'Financial Statements (3 years)'],
    ['tax', 'Federal and California tax returns, with sales tax returns (last 2 years)', 'Tax Returns (2 years)'],
    ['bank', 'Business bank statements (last 12 months)', 'Bank Statements'],
    ['receivable', 'Accounts receivable aging report', 'Accounts Receivable'],
    ['payable', 'Accounts payable aging, loans and equipment financing', 'Accounts Payable'],
  ]),
  category('operations', 'Operational Information', [
    ['customers', 'Customer contracts and list of major customers', 'Customer Contracts'],
    ['suppliers', 'Supplier and vendor agreements', 'Supplier Agreements'],
    ['inventory', 'Current inventory list with values', 'Inventory Records'],
    ['equipment', 'Furniture, fixtures and equipment (FF&E) list, owned and leased', 'Equipment List'],
    ['environmental', 'Environmental reports, hazardous materials permits and inspections', 'Environmental Reports'],
  ]),
  category('hr', 'HR & Benefits', [
    ['employees', 'Employee list with positions, hire dates and pay rates', 'Employee Records'],
    ['handbook', 'Employee handbook, written policies and employment agreements', 'Employee Records'],
    ['payroll', 'Payroll records and California EDD filings (DE 9 and DE 9C)', 'Employee Records'],
    ['benefits', 'Benefit plans (health insurance, retirement or 401(k))', 'Employee Records'],
    ['insurance', "Workers' compensation and business insurance policies with claims history", 'Insurance Policies'],
  ]),
];

/** Every item of the four categories, in screen order. */
export const SELLER_DUE_DILIGENCE_ITEMS: readonly SellerDueDiligenceItem[] = SELLER_DUE_DILIGENCE_CATEGORIES.flatMap((c) => c.items);

/** The document names an item may be filed under (all 16 are covered by at least one item). */
export const SELLER_DUE_DILIGENCE_NAMES: readonly DueDiligenceDocumentName[] = DUE_DILIGENCE_DOCUMENT_NAMES.filter((n) =>
  SELLER_DUE_DILIGENCE_ITEMS.some((i) => i.documentName === n),
);
