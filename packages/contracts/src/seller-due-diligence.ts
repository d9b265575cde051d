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

export const SELLER_DUE_DILIGENCE_CATEGORIES: readonly SellerDueDiligenceCategory[] = [
  {
    id: 'legal',
    title: 'Legal Documents',
    items: [
      { id: 'legal-entity', name: 'Articles of incorporation or organization, bylaws or operating agreement', documentName: 'Legal Documents' },
      { id: 'legal-licenses', name: "Business licenses and permits (city, county, CDTFA seller's permit, ABC license if any)", documentName: 'Business Licenses' },
      { id: 'legal-lease', name: 'Premises lease, amendments and landlord contact', documentName: 'Lease Agreements' },
      { id: 'legal-litigation', name: 'Pending or past litigation, claims, liens and judgments', documentName: 'Legal Documents' },
      { id: 'legal-ip', name: 'Trademarks, fictitious business name statement, domain names and other intellectual property', documentName: 'Intellectual Property' },
    ],
  },
  {
    id: 'financial',
    title: 'Financial Records',
    items: [
      { id: 'financial-statements', name: 'Profit and loss statements and balance sheets (last 3 years and year to date)', documentName: 'Financial Statements (3 years)' },
      { id: 'financial-tax', name: 'Federal and California tax returns, with sales tax returns (last 2 years)', documentName: 'Tax Returns (2 years)' },
      { id: 'financial-bank', name: 'Business bank statements (last 12 months)', documentName: 'Bank Statements' },
      { id: 'financial-receivable', name: 'Accounts receivable aging report', documentName: 'Accounts Receivable' },
      { id: 'financial-payable', name: 'Accounts payable aging, loans and equipment financing', documentName: 'Accounts Payable' },
    ],
  },
  {
    id: 'operations',
    title: 'Operational Information',
    items: [
      { id: 'operations-customers', name: 'Customer contracts and list of major customers', documentName: 'Customer Contracts' },
      { id: 'operations-suppliers', name: 'Supplier and vendor agreements', documentName: 'Supplier Agreements' },
      { id: 'operations-inventory', name: 'Current inventory list with values', documentName: 'Inventory Records' },
      { id: 'operations-equipment', name: 'Furniture, fixtures and equipment (FF&E) list, owned and leased', documentName: 'Equipment List' },
      { id: 'operations-environmental', name: 'Environmental reports, hazardous materials permits and inspections', documentName: 'Environmental Reports' },
    ],
  },
  {
    id: 'hr',
    title: 'HR & Benefits',
    items: [
      { id: 'hr-employees', name: 'Employee list with positions, hire dates and pay rates', documentName: 'Employee Records' },
      { id: 'hr-handbook', name: 'Employee handbook, written policies and employment agreements', documentName: 'Employee Records' },
      { id: 'hr-payroll', name: 'Payroll records and California EDD filings (DE 9 and DE 9C)', documentName: 'Employee Records' },
      { id: 'hr-benefits', name: 'Benefit plans (health insurance, retirement or 401(k))', documentName: 'Employee Records' },
      { id: 'hr-insurance', name: "Workers' compensation and business insurance policies with claims history", documentName: 'Insurance Policies' },
    ],
  },
];

/** Every item of the four categories, in screen order. */
export const SELLER_DUE_DILIGENCE_ITEMS: readonly SellerDueDiligenceItem[] = SELLER_DUE_DILIGENCE_CATEGORIES.flatMap((c) => c.items);

/** The document names an item may be filed under (all 16 are covered by at least one item). */
export const SELLER_DUE_DILIGENCE_NAMES: readonly DueDiligenceDocumentName[] = DUE_DILIGENCE_DOCUMENT_NAMES.filter((n) =>
  SELLER_DUE_DILIGENCE_ITEMS.some((i) => i.documentName === n),
);
