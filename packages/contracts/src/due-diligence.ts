import { z } from 'zod';
import { documentSchema } from './documents.js';

// ════════════════════════════════════════════════════════════════════════════════════════════════════════════════
// Due-diligence exchange (spec part 1 §3/§4/§7, part 2 §3/§4/§7 "Due diligence exchange", §8 messages).
// The buyer requests documents by name; brokers/agents upload a file per name for that buyer; the seller sees which
// names buyers still wait for (no buyer identities) and supplies files that staff pass on.
// ════════════════════════════════════════════════════════════════════════════════════════════════════════════════

/** The 16 fixed document names, in the spec's order. */
export const DUE_DILIGENCE_DOCUMENT_NAMES = [
  'Financial Statements (3 years)',
  'Tax Returns (2 years)',
  'Customer Contracts',
  'Supplier Agreements',
  'Lease Agreements',
  'Insurance Policies',
  'Bank Statements',
  'Accounts Receivable',
  'Accounts Payable',
  'Inventory Records',
  'Equipment List',
  'Employee Records',
  'Legal Documents',
  'Environmental Reports',
  'Intellectual Property',
  'Business Licenses',
] as const;
export type DueDiligenceDocumentName = (typeof DUE_DILIGENCE_DOCUMENT_NAMES)[number];

/**
 * The `{docType}` path segment of GET /buyer/listings/{id}/due-diligence/download/{docType} and
 * POST /seller/listings/{id}/due-diligence/{docType}/upload: a stable key per name (the spec does not show one).
 */
export const DUE_DILIGENCE_DOC_TYPES: Record<DueDiligenceDocumentName, string> = {
  'Financial Statements (3 years)': 'FINANCIAL_STATEMENTS',
  'Tax Returns (2 years)': 'TAX_RETURNS',
  'Customer Contracts': 'CUSTOMER_CONTRACTS',
  'Supplier Agreements': 'SUPPLIER_AGREEMENTS',
  'Lease Agreements': 'LEASE_AGREEMENTS',
  'Insurance Policies': 'INSURANCE_POLICIES',
  'Bank Statements': 'BANK_STATEMENTS',
  'Accounts Receivable': 'ACCOUNTS_RECEIVABLE',
  'Accounts Payable': 'ACCOUNTS_PAYABLE',
  'Inventory Records': 'INVENTORY_RECORDS',
  'Equipment List': 'EQUIPMENT_LIST',
  'Employee Records': 'EMPLOYEE_RECORDS',
  'Legal Documents': 'LEGAL_DOCUMENTS',
  'Environmental Reports': 'ENVIRONMENTAL_REPORTS',
  'Intellectual Property': 'INTELLECTUAL_PROPERTY',
  'Business Licenses': 'BUSINESS_LICENSES',
};

/**
 * A `{docType}` segment → its document name: accepts the key (TAX_RETURNS, any case, '-' for '_') or the exact name
 * (URL-decoded). Null when it names none of the 16.
 */
export function dueDiligenceNameOf(docType: string): DueDiligenceDocumentName | null {
  if ((DUE_DILIGENCE_DOCUMENT_NAMES as readonly string[]).includes(docType)) return docType as DueDiligenceDocumentName;
  const key = docType.trim().toUpperCase().replace(/-/g, '_');
  const hit = DUE_DILIGENCE_DOCUMENT_NAMES.find((n) => DUE_DILIGENCE_DOC_TYPES[n] === key);
  return hit ?? null;
}

/** Status of one item for one buyer (spec part 2 §4): Not requested; Requested (no file); Available (requested + file). */
export const DUE_DILIGENCE_STATUSES = ['Not requested', 'Requested', 'Available'] as const;
export type DueDiligenceStatus = (typeof DUE_DILIGENCE_STATUSES)[number];

/** The buyer's journey step the exchange completes, and the stepId sent with uploads and downloads. */
export const DUE_DILIGENCE_STEP_ID = 7;

/** Upload/download form values (staff upload multipart: documentType=DUE_DILIGENCE, stepId=7). */
export const DUE_DILIGENCE_DOCUMENT_TYPE = 'DUE_DILIGENCE' as const;

/** Allowed extensions of every due-diligence upload (part 2 §5). */
export const DUE_DILIGENCE_EXTENSIONS = ['.pdf', '.doc', '.docx', '.xls', '.xlsx', '.jpg', '.jpeg', '.png'] as const;

/** Server messages and the UI messages of spec part 3 §8 (the UI shows them for DUE_DILIGENCE_MESSAGE_MS). */
export const DUE_DILIGENCE_MSG = {
  onlyStaffUpload: 'Only brokers and agents can upload documents',
  unknownDocumentName: 'documentName must be one of the 16 due diligence document names',
  unknownDocType: 'Unknown due diligence document type',
  buyerIdRequired: 'buyerId is required',
  notAvailable: 'File URL not available',
  // UI (part 3 §8)
  updateFailed: 'Failed to update document request',
  requested: 'Document requested successfully',
  requestRemoved: 'Document request removed',
  uploaded: 'File uploaded successfully',
  uploadFailedWith: (serverMessage: string) => `Upload failed: ${serverMessage}`,
  uploadFailed: 'Upload failed',
  urlNotAvailable: 'File URL not available',
  downloaded: 'File downloaded successfully',
  downloadFailed: 'Download failed',
} as const;
export const DUE_DILIGENCE_MESSAGE_MS = 3000;

const documentNameField = z
  .string({ error: DUE_DILIGENCE_MSG.unknownDocumentName })
  .max(100, DUE_DILIGENCE_MSG.unknownDocumentName)
  .pipe(z.enum(DUE_DILIGENCE_DOCUMENT_NAMES, { error: DUE_DILIGENCE_MSG.unknownDocumentName }));
const uuidField = (label: string) =>
  z.string({ error: `${label} is required` }).max(36, `${label} must be a uuid`).pipe(z.uuid(`${label} must be a uuid`));

// ---- requests ----

/**
 * POST /buyer/listings/{id}/due-diligence/request. Two forms (part 1 §7):
 *  {documentName, requested} — the table's checkbox: requested=true adds the request, false removes it;
 *  {documentTypes: [...]} — the list variant: every listed name is requested (names not listed are left as they are).
 * documentTypes entries may be names or keys (FINANCIAL_STATEMENTS…).
 */
export const dueDiligenceToggleSchema = z.object({
  documentName: documentNameField,
  requested: z.boolean({ error: 'requested must be true or false' }),
});
export const dueDiligenceRequestListSchema = z.object({
  documentTypes: z
    .array(
      z
        .string()
        .max(100, DUE_DILIGENCE_MSG.unknownDocType)
        .transform((s, ctx) => {
          const name = dueDiligenceNameOf(s);
          if (!name) {
            ctx.addIssue({ code: 'custom', message: DUE_DILIGENCE_MSG.unknownDocType });
            return z.NEVER;
          }
          return name;
        }),
      { error: 'documentTypes must be a list' },
    )
    .min(1, 'documentTypes must name at least one document')
    .max(16, 'documentTypes may name at most 16 documents'),
});
/** Picks the form by the presence of `documentTypes`, so each form answers its own field messages. */
export const dueDiligenceRequestBodySchema = z.unknown().transform((value, ctx) => {
  const isList = typeof value === 'object' && value !== null && 'documentTypes' in value;
  const parsed = isList ? dueDiligenceRequestListSchema.safeParse(value) : dueDiligenceToggleSchema.safeParse(value);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
    return z.NEVER;
  }
  return parsed.data as { documentName: DueDiligenceDocumentName; requested: boolean } | { documentTypes: DueDiligenceDocumentName[] };
});
export type DueDiligenceRequestBody = z.input<typeof dueDiligenceToggleSchema> | z.input<typeof dueDiligenceRequestListSchema>;

/** A buyer's request (spec: "Due diligence request: documentName"), with when it was made. */
export const dueDiligenceRequestSchema = z.object({ documentName: z.enum(DUE_DILIGENCE_DOCUMENT_NAMES), requestedAt: z.string() });
export type DueDiligenceRequest = z.infer<typeof dueDiligenceRequestSchema>;

// ---- documents and items ----

/** Spec's "Due diligence document": id, documentName, fileName, url, uploadedAt, uploadedBy, uploaderName, fileSize. */
export const dueDiligenceDocumentSchema = z.object({
  id: z.string(),
  documentName: z.enum(DUE_DILIGENCE_DOCUMENT_NAMES),
  fileName: z.string(),
  /** Streams through the service with authorisation (never a bucket URL). */
  url: z.string(),
  uploadedAt: z.string(),
  /** Uploader's user id. */
  uploadedBy: z.string().nullable(),
  uploaderName: z.string(),
  /** BROKER, AGENT or SELLER. */
  uploaderRole: z.string(),
  fileSize: z.number().int(),
});
export type DueDiligenceDocument = z.infer<typeof dueDiligenceDocumentSchema>;
/** A seller's due-diligence file: documentName null when uploaded without one (general upload area). */
export const sellerDueDiligenceDocumentSchema = dueDiligenceDocumentSchema.extend({ documentName: z.enum(DUE_DILIGENCE_DOCUMENT_NAMES).nullable() });
export type SellerDueDiligenceDocument = z.infer<typeof sellerDueDiligenceDocumentSchema>;

/** One row of the table, computed by the server for one buyer (the UI may also compute it from requests + documents). */
export const dueDiligenceItemSchema = z.object({
  documentName: z.enum(DUE_DILIGENCE_DOCUMENT_NAMES),
  status: z.enum(DUE_DILIGENCE_STATUSES),
  requested: z.boolean(),
  /** Files for this name visible to the buyer (a file may exist without a request: status stays Not requested). */
  documents: z.array(dueDiligenceDocumentSchema),
});
export type DueDiligenceItem = z.infer<typeof dueDiligenceItemSchema>;

/** Requested = requested items; Available = requested with a file; Pending = requested without a file. */
export const dueDiligenceCountsSchema = z.object({ requested: z.number().int(), available: z.number().int(), pending: z.number().int() });
export type DueDiligenceCounts = z.infer<typeof dueDiligenceCountsSchema>;

/**
 * GET /buyer/listings/{listingId}/due-diligence, GET /buyer/due-diligence (selected listing; listingId null and
 * everything empty when none), GET /broker|agent/buyers/{buyerId}/listings/{listingId}/due-diligence, and the answer
 * of POST …/due-diligence/request. `requests` and `documents` are the spec's fields; `items` (16, spec order),
 * `counts` and `stepCompleted` (buyer step 7 rule holds) are computed by the server.
 */
export const dueDiligenceViewSchema = z.object({
  listingId: z.string().nullable(),
  buyerId: z.string().nullable(),
  requests: z.array(dueDiligenceRequestSchema),
  documents: z.array(dueDiligenceDocumentSchema),
  items: z.array(dueDiligenceItemSchema),
  counts: dueDiligenceCountsSchema,
  stepCompleted: z.boolean(),
});
export type DueDiligenceView = z.infer<typeof dueDiligenceViewSchema>;

/** Staff view: the buyer's view plus the seller's due-diligence files of the listing (for staff to pass on). */
export const staffDueDiligenceViewSchema = dueDiligenceViewSchema.extend({ sellerDocuments: z.array(sellerDueDiligenceDocumentSchema) });
export type StaffDueDiligenceView = z.infer<typeof staffDueDiligenceViewSchema>;

/** Step 7 rule (part 1 §4): at least one request and every requested name has a file. */
export function isDueDiligenceComplete(requested: readonly string[], withFile: ReadonlySet<string>): boolean {
  return requested.length > 0 && requested.every((n) => withFile.has(n));
}

// ---- seller ----

/** One name buyers wait for, without buyer identities: how many buyers requested it and have no file yet. */
export const sellerDueDiligenceRequestSchema = z.object({
  documentName: z.enum(DUE_DILIGENCE_DOCUMENT_NAMES),
  /** Buyers with an open (pending) request for this name. */
  pendingBuyers: z.number().int(),
  /** Files the seller has supplied for this name. */
  sellerFiles: z.number().int(),
});
/** GET /seller/listings/{id}/due-diligence/requests: names with at least one pending request, spec order. */
export const sellerDueDiligenceRequestsSchema = z.object({ requests: z.array(sellerDueDiligenceRequestSchema) });
export type SellerDueDiligenceRequests = z.infer<typeof sellerDueDiligenceRequestsSchema>;

/** GET /seller/due-diligence (selected listing): open requests and the seller's own due-diligence uploads. */
export const sellerDueDiligenceViewSchema = z.object({
  listingId: z.string().nullable(),
  requests: z.array(sellerDueDiligenceRequestSchema),
  documents: z.array(sellerDueDiligenceDocumentSchema),
});
export type SellerDueDiligenceView = z.infer<typeof sellerDueDiligenceViewSchema>;

// ---- uploads (multipart fields, sent BEFORE the files) ----

/** POST /broker|agent/listings/{listingId}/due-diligence/upload: documentName, documentType=DUE_DILIGENCE, stepId=7, buyerId. */
export const staffDueDiligenceUploadFieldsSchema = z.object({
  documentName: documentNameField,
  documentType: z.literal('DUE_DILIGENCE', { error: 'documentType must be DUE_DILIGENCE' }).default('DUE_DILIGENCE'),
  stepId: z.coerce.number({ error: 'stepId must be 7' }).int().refine((n) => n === DUE_DILIGENCE_STEP_ID, 'stepId must be 7').default(DUE_DILIGENCE_STEP_ID),
  buyerId: uuidField('buyerId'),
});
export type StaffDueDiligenceUploadFields = z.infer<typeof staffDueDiligenceUploadFieldsSchema>;

/** POST /seller/due-diligence (selected listing) and /seller/listings/{id}/due-diligence/{docType}/upload (name from the path). */
export const sellerDueDiligenceUploadFieldsSchema = z.object({
  documentName: documentNameField.optional(),
  documentType: z.literal('DUE_DILIGENCE', { error: 'documentType must be DUE_DILIGENCE' }).optional(),
  stepId: z.coerce.number({ error: 'stepId must be 7' }).int().refine((n) => n === DUE_DILIGENCE_STEP_ID, 'stepId must be 7').optional(),
  listingId: uuidField('listingId').optional(),
});

/** Every upload route answers 201 with the stored files (staff uploads always carry a documentName). */
export const dueDiligenceUploadResponseSchema = z.object({
  message: z.string(),
  documents: z.array(sellerDueDiligenceDocumentSchema),
  document: sellerDueDiligenceDocumentSchema,
});
export type DueDiligenceUploadResponse = z.infer<typeof dueDiligenceUploadResponseSchema>;

// ---- downloads ----

/** POST /buyer/listings/{listingId}/due-diligence/download {documentId, stepId=7}: records the download. */
export const dueDiligenceDownloadSchema = z.object({
  documentId: uuidField('documentId'),
  stepId: z.coerce.number({ error: 'stepId must be 7' }).int().refine((n) => n === DUE_DILIGENCE_STEP_ID, 'stepId must be 7').default(DUE_DILIGENCE_STEP_ID),
});
/** Answer: the document (its url streams the file) and the generic document form. */
export const dueDiligenceDownloadResponseSchema = z.object({ message: z.string(), document: dueDiligenceDocumentSchema, file: documentSchema });

// ---- params ----

export const ddListingParamsSchema = z.object({ listingId: uuidField('listingId') });
/** Routes whose spec path says {id}. */
export const ddIdParamsSchema = z.object({ id: uuidField('id') });
export const ddBuyerListingParamsSchema = z.object({ buyerId: uuidField('buyerId'), listingId: uuidField('listingId') });
export const ddDocTypeParamsSchema = z.object({ id: uuidField('id'), docType: z.string().max(100, DUE_DILIGENCE_MSG.unknownDocType) });
export const ddListingDocumentParamsSchema = z.object({ listingId: uuidField('listingId'), documentId: uuidField('documentId') });
