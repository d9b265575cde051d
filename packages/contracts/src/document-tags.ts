import { z } from 'zod';
import type { DocumentType } from './documents.js';

/*
 * Document tags (issues 11 and 12): which requested document a client's upload is. Each tag set is the checklist of
 * one step screen; a file tagged with an item ticks that item. Keys are unique across the sets, so a tag alone names
 * its label. The labels are the screens' texts (spec part 2 §9 lists the items).
 */

/** Seller step 5 (Financials / Upload Docs): the 9 financial documents the broker asks the seller for. */
export const SELLER_FINANCIAL_DOCUMENTS = [
  { key: 'PNL_BALANCE_SHEETS', label: 'Profit and loss statements and balance sheets for the last 3 years' },
  { key: 'FFE_LIST', label: 'List of furniture, fixtures and equipment (FF&E)' },
  { key: 'BROCHURES', label: 'Brochures and marketing materials' },
  { key: 'BUSINESS_PLANS', label: 'Past business plans or valuations' },
  { key: 'ORG_CHART', label: 'Organization chart' },
  { key: 'AR_AGING', label: 'Accounts receivable aging report' },
  { key: 'PREMISES_LEASE', label: 'Premises lease' },
  { key: 'PROJECTIONS', label: 'Financial projections' },
  { key: 'EQUIPMENT_PICTURES', label: 'Pictures of equipment' },
] as const;

/** Buyer step 6 (Upload Docs): the 10 documents the broker asks a buyer for. */
export const BUYER_REQUESTED_DOCUMENTS = [
  { key: 'PERSONAL_FINANCIAL_STATEMENT', label: 'Personal financial statement' },
  { key: 'BANK_STATEMENTS', label: 'Bank statements (last 3 months)' },
  { key: 'TAX_RETURNS', label: 'Tax returns (last 2 years)' },
  { key: 'CREDIT_REPORT', label: 'Credit report (recent)' },
  { key: 'PROOF_OF_INCOME', label: 'Proof of income or employment letter' },
  { key: 'LETTER_OF_INTENT', label: 'Letter of intent' },
  { key: 'PROOF_OF_FUNDS', label: 'Proof of funds letter from your bank' },
  { key: 'CORPORATE_DOCUMENTS', label: 'Corporate documents (if buying through an entity)' },
  { key: 'REFERENCES', label: 'Professional references (3)' },
  { key: 'RESUME', label: 'Resume or background summary' },
] as const;

export const DOCUMENT_TAG_SETS = { SELLER_FINANCIAL_DOCUMENTS, BUYER_REQUESTED_DOCUMENTS } as const;
export type DocumentTagSet = keyof typeof DOCUMENT_TAG_SETS;
export type DocumentTag = (typeof DOCUMENT_TAG_SETS)[DocumentTagSet][number]['key'];

/** Longest tag key accepted on the wire (the column is varchar(60)). */
export const DOCUMENT_TAG_MAX = 60;

/**
 * The tag set a document may carry, from who uploaded it and its type: a seller's FINANCIAL_DOCUMENTS (step 5) the
 * financial checklist, a buyer's own UPLOADED_DOC (step 6) the requested documents; anything else takes no tag.
 */
export function tagSetFor(uploaderRole: string | null | undefined, type: DocumentType | string): DocumentTagSet | null {
  if (uploaderRole === 'SELLER' && type === 'FINANCIAL_DOCUMENTS') return 'SELLER_FINANCIAL_DOCUMENTS';
  if (uploaderRole === 'BUYER' && type === 'UPLOADED_DOC') return 'BUYER_REQUESTED_DOCUMENTS';
  return null;
}

export const tagKeysOf = (set: DocumentTagSet): readonly string[] => DOCUMENT_TAG_SETS[set].map((i) => i.key);

/** The label of a tag of any set; null for null or an unknown key. */
export function documentTagLabel(tag: string | null | undefined): string | null {
  if (!tag) return null;
  for (const set of Object.values(DOCUMENT_TAG_SETS)) for (const item of set) if (item.key === tag) return item.label;
  return null;
}

/** {value, label} options of a set, for a select. */
export const tagOptionsOf = (set: DocumentTagSet): Array<{ value: string; label: string }> =>
  DOCUMENT_TAG_SETS[set].map((i) => ({ value: i.key, label: i.label }));

export const DOCUMENT_TAG_MSG = {
  unknown: (set: DocumentTagSet) => `Unknown document tag: use one of ${tagKeysOf(set).join(', ')}`,
  notTaggable: 'This document cannot be tagged',
  tagTooLong: `tag must be at most ${DOCUMENT_TAG_MAX} characters`,
  updated: 'Document tag updated',
  removed: 'Document tag removed',
} as const;

/** The multipart field `tag` (sent with the other fields, before the files); empty means none. */
export const uploadTagField = z.string({ error: 'tag must be text' }).trim().max(DOCUMENT_TAG_MAX, DOCUMENT_TAG_MSG.tagTooLong).optional();

/** PATCH /seller|buyer/documents/{documentId}/tag: {tag} (a key of the document's set) or {tag: null} to clear it. */
export const documentTagBodySchema = z.object({
  tag: z
    .string({ error: 'tag must be text or null' })
    .trim()
    .max(DOCUMENT_TAG_MAX, DOCUMENT_TAG_MSG.tagTooLong)
    .nullable()
    .transform((t) => (t === '' ? null : t)),
});
export type DocumentTagBody = z.input<typeof documentTagBodySchema>;
