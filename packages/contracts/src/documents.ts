import { z } from 'zod';
import { MAX_UPLOAD_FILE_BYTES } from './file-kinds.js';
import { tooLong } from './text.js';
import { uploadTagField } from './document-tags.js';

/** Body of documents' POST /internal/pdf-jobs and the payload of its 'pdf' queue job. */
export const pdfJobSchema = z.object({
  /** Caller's idempotency key, e.g. "listing-agreement:<listingId>:v1". Same key → same PDF. */
  key: z.string({ error: 'key is required' }).trim().min(1, 'key is required').max(200, 'key is too long'),
  title: z.string({ error: 'title is required' }).trim().min(1, 'title is required').max(300, tooLong('title', 300)),
  lines: z.array(z.string().max(5000, tooLong('Each line', 5000))).max(500, 'At most 500 lines').default([]),
  /** Labelled answers under headings (questionnaire sections, NDA fields, statement assets/liabilities/totals). */
  sections: z
    .array(
      z.object({
        heading: z.string().trim().min(1, 'heading is required').max(200, tooLong('heading', 200)),
        rows: z
          .array(z.object({ label: z.string().max(300, tooLong('label', 300)), value: z.string().max(5000, tooLong('value', 5000)) }))
          .max(200, 'At most 200 rows per section'),
      }),
    )
    .max(40, 'At most 40 sections')
    .default([]),
  /** A typed signature and its evidence (NDA, statement certification): printed at the end of the PDF. */
  signature: z
    .object({
      name: z.string().trim().min(1, 'signature name is required').max(200, tooLong('signature', 200)),
      signedAt: z.iso.datetime({ error: 'signedAt must be an ISO date-time' }),
      ip: z.string().max(64).nullable().default(null),
      userAgent: z.string().max(500).nullable().default(null),
      /** sha256 (hex) of the text that was signed. */
      textSha256: z.string().regex(/^[0-9a-f]{64}$/, 'textSha256 must be a sha256 hex').nullable().default(null),
      /** The signed text's version (contracts NDA_TEXT_VERSION), printed with its hash. */
      textVersion: z.string().max(40, tooLong('textVersion', 40)).nullable().default(null),
    })
    .optional(),
  /** A certificate printed alone on the last page (a signed NDA's: who, when, from where, which text, how to verify). */
  certificate: z
    .object({
      title: z.string().trim().min(1, 'certificate title is required').max(200, tooLong('certificate title', 200)),
      rows: z.array(z.object({ label: z.string().max(300, tooLong('label', 300)), value: z.string().max(5000, tooLong('value', 5000)) })).max(40, 'At most 40 rows'),
      lines: z.array(z.string().max(5000, tooLong('Each line', 5000))).max(20, 'At most 20 lines').default([]),
    })
    .optional(),
  /**
   * File the PDF as a document of a listing (types QUESTIONNAIRE / NDA / FINANCIAL_STATEMENT, category GENERATED):
   * visible to its owner (a seller: SELLER audience; a buyer: that buyer alone) and the listing's broker/agent.
   */
  document: z
    .object({
      type: z.enum(['QUESTIONNAIRE', 'NDA', 'FINANCIAL_STATEMENT'], { error: 'type must be QUESTIONNAIRE, NDA or FINANCIAL_STATEMENT' }),
      listingId: z.uuid('listingId must be a uuid'),
      ownerId: z.uuid('ownerId must be a uuid'),
      ownerRole: z.enum(['SELLER', 'BUYER'], { error: 'ownerRole must be SELLER or BUYER' }),
      ownerName: z.string().trim().min(1, 'ownerName is required').max(200, tooLong('ownerName', 200)),
      fileName: z.string().trim().min(1, 'fileName is required').max(200, tooLong('fileName', 200)),
    })
    .optional(),
});
export type PdfJobRequest = z.input<typeof pdfJobSchema>;
export type PdfJobData = z.output<typeof pdfJobSchema>;

/** GET /internal/pdf-jobs?key=… */
export const pdfJobQuerySchema = z.object({ key: z.string({ error: 'key is required' }).trim().min(1, 'key is required').max(200, 'key is too long') });

export const PDF_JOB_STATUSES = ['PENDING', 'READY', 'FAILED'] as const;
/** The answer of both routes: where the job is and, once READY, where its PDF is stored. */
export const pdfJobStatusSchema = z.object({
  key: z.string(),
  status: z.enum(PDF_JOB_STATUSES),
  storageKey: z.string().nullable(),
  sizeBytes: z.number().int().nullable(),
  completedAt: z.string().nullable(),
  /** The document the PDF was filed as (when the request asked for one and it is READY). */
  documentId: z.string().nullable().optional(),
});
export type PdfJobStatus = z.infer<typeof pdfJobStatusSchema>;

// ════════════════════════════════════════════════════════════════════════════════════════════════════════════════
// Documents (spec part 2 §3, §5, §7; part 3 §3, §7): uploads, downloads, who sees what, the download audit trail.
// ════════════════════════════════════════════════════════════════════════════════════════════════════════════════

/** Every document type the spec names (part 2 §3 "Types seen", part 3 §3 upload type options, worker PDFs). */
export const DOCUMENT_TYPES = [
  'LISTING_AGREEMENT',
  'UPLOADED_DOC',
  'PURCHASE_AGREEMENT',
  'PURCHASE_CONTRACT',
  'FINANCIAL_DOCUMENTS',
  'DUE_DILIGENCE',
  'CLOSING_DOCS',
  'CLOSING_DOCUMENTS',
  'CBR_CIM',
  'FINANCIAL_STATEMENT',
  'NDA',
  'QUESTIONNAIRE',
  'PRE_CLOSE_CHECKLIST',
  'AFTER_SALE',
] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

/** Labels for type selects (part 3 §3: UPLOADED_DOC is "Other Document"). */
export const DOCUMENT_TYPE_LABELS: Record<DocumentType, string> = {
  LISTING_AGREEMENT: 'Listing Agreement',
  UPLOADED_DOC: 'Other Document',
  PURCHASE_AGREEMENT: 'Purchase Agreement',
  PURCHASE_CONTRACT: 'Purchase Contract',
  FINANCIAL_DOCUMENTS: 'Financial Documents',
  DUE_DILIGENCE: 'Due Diligence',
  CLOSING_DOCS: 'Closing Documents',
  CLOSING_DOCUMENTS: 'Closing Documents',
  CBR_CIM: 'CBR/CIM',
  FINANCIAL_STATEMENT: 'Financial Statement',
  NDA: 'NDA',
  QUESTIONNAIRE: 'Questionnaire',
  PRE_CLOSE_CHECKLIST: 'Pre-Close Checklist',
  AFTER_SALE: 'After Sale',
};

/** Type options of the staff upload form (part 3 §3): seller side and buyer side (the latter with a related buyer). */
export const STAFF_SELLER_SIDE_TYPES: readonly DocumentType[] = [
  'LISTING_AGREEMENT', 'QUESTIONNAIRE', 'PURCHASE_AGREEMENT', 'PURCHASE_CONTRACT', 'CLOSING_DOCS', 'NDA', 'FINANCIAL_STATEMENT', 'CBR_CIM', 'DUE_DILIGENCE', 'UPLOADED_DOC',
];
export const STAFF_BUYER_SIDE_TYPES: readonly DocumentType[] = [
  'NDA', 'FINANCIAL_STATEMENT', 'CBR_CIM', 'PURCHASE_CONTRACT', 'DUE_DILIGENCE', 'PRE_CLOSE_CHECKLIST', 'CLOSING_DOCS', 'AFTER_SALE', 'UPLOADED_DOC',
];
/** Types a seller may upload on POST /seller/listings/{id}/documents and their journey step (part 2 §7). */
export const SELLER_UPLOAD_TYPES: readonly DocumentType[] = ['LISTING_AGREEMENT', 'FINANCIAL_DOCUMENTS', 'PURCHASE_AGREEMENT', 'DUE_DILIGENCE', 'UPLOADED_DOC'];
/** Types a buyer may upload (own documents; the signed purchase contract). */
export const BUYER_UPLOAD_TYPES: readonly DocumentType[] = ['UPLOADED_DOC', 'PURCHASE_CONTRACT', 'FINANCIAL_STATEMENT'];

/**
 * Who uploaded it: SELLER_UPLOAD / BUYER_UPLOAD as in the spec; STAFF_UPLOAD for broker and agent uploads and
 * GENERATED for the worker's PDFs (the spec shows only the client categories).
 */
export const DOCUMENT_CATEGORIES = ['SELLER_UPLOAD', 'BUYER_UPLOAD', 'STAFF_UPLOAD', 'GENERATED'] as const;
export type DocumentCategory = (typeof DOCUMENT_CATEGORIES)[number];

/**
 * Who the document is meant for (besides the broker and the listing's agent, who see every document of it):
 *  SELLER — the listing's seller (seller uploads; staff documents for the seller);
 *  BUYERS — every buyer that is a party (not rejected) of the listing, not the seller;
 *  ALL — the seller and every buyer party;
 *  BUYER — one buyer (buyerId): that buyer's own uploads and staff documents for them alone.
 * A seller's upload is SELLER: buyers never see it unless staff share a copy (upload with BUYERS or ALL).
 */
export const DOCUMENT_AUDIENCES = ['SELLER', 'BUYERS', 'ALL', 'BUYER'] as const;
export type DocumentAudience = (typeof DOCUMENT_AUDIENCES)[number];

/** A staff upload without buyerId and without an explicit audience goes to this audience by type. */
export const STAFF_DEFAULT_AUDIENCE: Record<DocumentType, Exclude<DocumentAudience, 'BUYER'>> = {
  LISTING_AGREEMENT: 'SELLER',
  QUESTIONNAIRE: 'SELLER',
  PURCHASE_AGREEMENT: 'SELLER',
  FINANCIAL_DOCUMENTS: 'SELLER',
  UPLOADED_DOC: 'SELLER',
  CBR_CIM: 'BUYERS',
  PURCHASE_CONTRACT: 'BUYERS',
  NDA: 'BUYERS',
  FINANCIAL_STATEMENT: 'BUYERS',
  PRE_CLOSE_CHECKLIST: 'ALL',
  DUE_DILIGENCE: 'ALL',
  CLOSING_DOCS: 'ALL',
  CLOSING_DOCUMENTS: 'ALL',
  AFTER_SALE: 'ALL',
};

/** Upload purposes and their extension allow-lists (part 2 §5, part 3 §5). */
export const UPLOAD_PURPOSES = ['AGREEMENT', 'DOCUMENTS'] as const;
export type UploadPurpose = (typeof UPLOAD_PURPOSES)[number];
export const ALLOWED_EXTENSIONS: Record<UploadPurpose, readonly string[]> = {
  AGREEMENT: ['.pdf', '.doc', '.docx'],
  DOCUMENTS: ['.pdf', '.doc', '.docx', '.xls', '.xlsx', '.jpg', '.jpeg', '.png'],
};
/** Agreements and contracts accept only documents; every other type is an "upload docs / due diligence" upload. */
export const AGREEMENT_TYPES: readonly DocumentType[] = ['LISTING_AGREEMENT', 'PURCHASE_AGREEMENT', 'PURCHASE_CONTRACT'];
export const uploadPurposeOf = (type: DocumentType): UploadPurpose => (AGREEMENT_TYPES.includes(type) ? 'AGREEMENT' : 'DOCUMENTS');

/**
 * The slowest streamed upload the gateway keeps open, in bytes per second (the default of its
 * STREAM_MIN_BYTES_PER_SECOND): a client gives an upload at least the time it needs at this rate.
 */
export const SLOWEST_UPLOAD_BYTES_PER_SECOND = 16 * 1024;

/** Limits (the service's config may lower/raise the size; these are the defaults). */
export const UPLOAD_LIMITS = { maxFileBytes: MAX_UPLOAD_FILE_BYTES, maxFiles: 100, maxFieldBytes: 1024, maxFileNameChars: 255 } as const;

/** Messages of the upload pipeline and the document routes; {file} is the file name as sent. */
export const DOCUMENT_MSG = {
  notMultipart: 'Send the files as multipart/form-data',
  noFiles: 'Choose at least one file to upload',
  tooManyFiles: `Select up to ${UPLOAD_LIMITS.maxFiles} files`,
  badExtension: (file: string, allowed: readonly string[]) => `${file}: file type not allowed (allowed: ${allowed.join(', ')})`,
  contentMismatch: (file: string) => `${file}: the file's content does not match its extension`,
  tooLarge: (file: string, mb: number) => `${file}: file is larger than ${mb} MB`,
  empty: (file: string) => `${file}: file is empty`,
  fileNameTooLong: `File names must be at most ${UPLOAD_LIMITS.maxFileNameChars} characters`,
  brokenMultipart: 'The upload was malformed or cut off',
  fieldAfterFile: 'Send the form fields before the files',
  unknownField: (name: string) => `Unknown form field: ${name}`,
  noListing: 'Please select a listing first',
  documentNotFound: 'Document not found',
  listingNotFound: 'Listing not found',
  typeRequired: 'Please select a document type.',
  typeNotAllowed: 'This document type cannot be uploaded here',
  buyerNotParty: 'This buyer is not a party to the listing',
  uploaded: (n: number) => (n === 1 ? 'File uploaded successfully' : `${n} files uploaded successfully`),
  deleted: 'Document deleted successfully',
  cannotDelete: 'Only the uploader can delete this document',
  notAvailable: 'Not available yet',
  /** A CBR/CIM .pdf that pdf-lib cannot open and stamp: refused at upload (the buyer's download is watermarked). */
  unreadablePdf: 'This PDF could not be read; please upload another copy',
  /** 422 for a buyer's download of a CBR/CIM stored before that check that cannot be stamped (never served unstamped). */
  downloadNotPrepared: 'This document could not be prepared for download; please ask your broker for another copy',
  /** 403: a buyer's download of a document staff set to "View only" (issue 23 §2). */
  viewOnly: 'This document is view only: it cannot be downloaded',
  /** 403: a buyer whose access to this document staff revoked (issue 23 §2). */
  accessRevoked: 'Your access to this document has been revoked',
  /** 403: a buyer whose access to the listing's documents staff revoked (issue 23 §2). */
  listingAccessRevoked: "Your access to this listing's documents has been revoked",
  /** Staff: PATCH …/permission. */
  permissionUpdated: (label: string) => `Permission set to ${label}`,
  /** Staff: revoke / restore a buyer's access. */
  revoked: (whole: boolean) => (whole ? "Access to the listing's documents revoked" : 'Access to the document revoked'),
  restored: (whole: boolean) => (whole ? "Access to the listing's documents restored" : 'Access to the document restored'),
  /** A revocation or permission names a document or a buyer that staff cannot act on here. */
  notRevocable: 'Only documents shared with buyers can be revoked',
} as const;

// ---- per-document permission, revocation, versions (issue 23 §2, §4) ----

/** What a buyer may do with a document: staff choose per document at upload and later (default view and download). */
export const DOCUMENT_PERMISSIONS = ['VIEW_AND_DOWNLOAD', 'VIEW_ONLY'] as const;
export type DocumentPermission = (typeof DOCUMENT_PERMISSIONS)[number];
export const DEFAULT_DOCUMENT_PERMISSION: DocumentPermission = 'VIEW_AND_DOWNLOAD';
export const DOCUMENT_PERMISSION_LABELS: Record<DocumentPermission, string> = { VIEW_AND_DOWNLOAD: 'View and download', VIEW_ONLY: 'View only' };
const PERMISSION_ERROR = 'permission must be VIEW_ONLY or VIEW_AND_DOWNLOAD';
const permissionField = z.enum(DOCUMENT_PERMISSIONS, { error: PERMISSION_ERROR });

/**
 * Staff uploads of these types keep their own flow (the listing agreement, the contracts and their signed copies):
 * a same-named upload is another document, never a new version.
 */
export const UNVERSIONED_TYPES: readonly DocumentType[] = ['LISTING_AGREEMENT', 'PURCHASE_AGREEMENT', 'PURCHASE_CONTRACT', 'DUE_DILIGENCE'];
/** "v2 of 3" (staff lists). */
export const versionLabel = (d: { version?: number; versionCount?: number }) => (d.version && d.versionCount && d.versionCount > 1 ? `v${d.version} of ${d.versionCount}` : null);

const uuidField = (label: string) => z.string({ error: `${label} is required` }).max(36, `${label} must be a uuid`).pipe(z.uuid(`${label} must be a uuid`));
const documentTypeField = z.enum(DOCUMENT_TYPES, { error: DOCUMENT_MSG.typeRequired });
const optionalStepId = z.coerce.number({ error: 'stepId must be a whole number from 0 to 10' }).int('stepId must be a whole number from 0 to 10').min(0, 'stepId must be a whole number from 0 to 10').max(10, 'stepId must be a whole number from 0 to 10').optional();

// ---- the document as every route answers it ----

export const documentUploaderSchema = z.object({ id: z.string().nullable(), name: z.string(), role: z.string() });
export const documentSchema = z.object({
  id: z.string(),
  fileName: z.string(),
  fileSize: z.number().int(),
  /** ISO date-time. */
  uploadedAt: z.string(),
  /** Download path for the caller (under /api; streams through the service with authorisation; never a bucket URL). */
  url: z.string(),
  type: z.enum(DOCUMENT_TYPES),
  stepId: z.number().int().nullable(),
  category: z.enum(DOCUMENT_CATEGORIES),
  operationType: z.literal('UPLOAD'),
  uploader: documentUploaderSchema,
  listingId: z.string(),
  /** The one buyer the document is meant for (their own upload or staff's for them); null otherwise. */
  buyerId: z.string().nullable(),
  audience: z.enum(DOCUMENT_AUDIENCES),
  contentType: z.string(),
  sha256: z.string(),
  /** Which requested document the file is (a key of its checklist, document-tags.ts); null when untagged. */
  tag: z.string().nullable(),
  /** Issue 23 §2: what buyers may do with it (staff's choice). Always sent; optional for older fixtures. */
  permission: permissionField.optional(),
  /** Whether the caller may download the file (false: a buyer's view-only document; screens show no Download). */
  canDownload: z.boolean().optional(),
  /** Issue 23 §4: 1-based version among the listing's staff uploads of the same type and name, and how many there are. */
  version: z.number().int().optional(),
  versionCount: z.number().int().optional(),
});
export type DocumentDto = z.infer<typeof documentSchema>;

export const documentListSchema = z.object({ documents: z.array(documentSchema) });
export type DocumentListResponse = z.infer<typeof documentListSchema>;
/** POST upload routes (201): every stored document of the request (all-or-nothing). */
export const uploadResponseSchema = z.object({ message: z.string(), documents: z.array(documentSchema), document: documentSchema });
export type UploadResponse = z.infer<typeof uploadResponseSchema>;
export const deleteDocumentResponseSchema = z.object({ message: z.string() });
/** PATCH /seller|buyer/documents/{documentId}/tag. */
export const documentTagResponseSchema = z.object({ message: z.string(), document: documentSchema });
export type DocumentTagResponse = z.infer<typeof documentTagResponseSchema>;

/**
 * GET /seller/listing-agreement|purchase-agreement (document parts), /buyer/cbr-cim, /buyer/purchase-contract:
 * `document` is the one staff provided (broker's newest over agent's newest, spec part 2 §6), null when none;
 * `signedCopies` the caller's own signed uploads of that type, newest first.
 */
export const providedDocumentSchema = z.object({ document: documentSchema.nullable(), signedCopies: z.array(documentSchema) });
export type ProvidedDocumentResponse = z.infer<typeof providedDocumentSchema>;

// ---- multipart fields (sent BEFORE the files in the form) ----

/** Text fields of every upload route; which ones a route uses is documented per route. */
export const uploadFieldsSchema = z.object({
  documentType: documentTypeField.optional(),
  stepId: optionalStepId,
  /** Staff: the related buyer (a party of the listing) → the document is meant for that buyer alone. */
  buyerId: uuidField('buyerId').optional(),
  /** Staff: override the type's default audience (SELLER, BUYERS or ALL). */
  audience: z.enum(['SELLER', 'BUYERS', 'ALL'], { error: 'audience must be SELLER, BUYERS or ALL' }).optional(),
  /** /seller|buyer/documents/upload: the listing when it is not the selected one. */
  listingId: uuidField('listingId').optional(),
  /** Seller/buyer: which requested document the files are (document-tags.ts); checked against the type's tag set. */
  tag: uploadTagField,
  /** Staff: VIEW_ONLY or VIEW_AND_DOWNLOAD (default) for buyers (issue 23 §2). */
  permission: permissionField.optional(),
});
export type UploadFields = z.infer<typeof uploadFieldsSchema>;

// ---- params and queries ----

export const docListingParamsSchema = z.object({ listingId: uuidField('listingId') });
export const documentIdParamsSchema = z.object({ documentId: uuidField('documentId') });
/** /seller|buyer/download-document/{id} (the spec's own parameter name). */
export const idDocumentParamsSchema = z.object({ id: uuidField('id') });
export const listingDocumentParamsSchema = z.object({ listingId: uuidField('listingId'), documentId: uuidField('documentId') });
export const docBuyerListingParamsSchema = z.object({ buyerId: uuidField('buyerId'), listingId: uuidField('listingId') });
export const stepParamsSchema = z.object({ id: z.coerce.number({ error: 'stepId must be a whole number from 0 to 10' }).int('stepId must be a whole number from 0 to 10').min(0, 'stepId must be a whole number from 0 to 10').max(10, 'stepId must be a whole number from 0 to 10') });
/** GET /seller|buyer/documents and the other selected-listing reads: ?listingId= overrides the selection. */
export const optionalListingQuerySchema = z.object({ listingId: uuidField('listingId').optional() });

/** POST /buyer/download-agent-document/{documentId}: {stepId} (4 for CBR/CIM, 6 for the contract). */
export const downloadAgentDocumentSchema = z.object({ stepId: optionalStepId });
export const downloadAgentDocumentResponseSchema = z.object({ message: z.string(), document: documentSchema });

/** POST /seller|buyer/step/{id}/upload: the spec's simple form; fileUrl must be the url of one of the caller's documents. */
export const stepUploadSchema = z.object({
  fileName: z.string().trim().max(UPLOAD_LIMITS.maxFileNameChars, DOCUMENT_MSG.fileNameTooLong).optional(),
  fileUrl: z.string({ error: 'fileUrl is required' }).trim().min(1, 'fileUrl is required').max(300, 'fileUrl is too long'),
  fileSize: z.number().int().nonnegative().optional(),
});
/** POST /seller|buyer/step/{id}/download: {documentId} → records the download, answers the document (its url). */
export const stepDownloadSchema = z.object({ documentId: uuidField('documentId') });
export const stepDocumentSchema = z.object({ fileName: z.string(), fileUrl: z.string(), fileSize: z.number().int() });

// ---- the download audit trail (staff: "Activity") ----

/** documents.downloads.via: a download of the file, or an opening in the viewer. */
export const DOWNLOAD_VIA = ['file', 'viewer'] as const;
export type DownloadVia = (typeof DOWNLOAD_VIA)[number];

/** GET /broker|agent/listings/{listingId}/activity and /broker|agent/documents/{documentId}/activity. */
export const activityQuerySchema = z.object({
  /** Only this person's downloads. */
  userId: uuidField('userId').optional(),
  limit: z.coerce.number().int().min(1).max(500).default(200),
});
export const downloadRecordSchema = z.object({
  id: z.string(),
  documentId: z.string(),
  fileName: z.string(),
  documentType: z.enum(DOCUMENT_TYPES),
  listingId: z.string(),
  user: z.object({ id: z.string(), name: z.string(), email: z.string(), role: z.string() }),
  ip: z.string().nullable(),
  /** True when the buyer received a watermarked copy (CBR/CIM). */
  watermarked: z.boolean(),
  /** Issue 23 §4: the version of the document that was downloaded (1 for documents without versions). Always sent. */
  version: z.number().int().optional(),
  /**
   * How the document left the room (issue 23 §3): 'file' a download (or an inline open of the file), 'viewer' an
   * opening in the in-portal viewer (only page images reached the browser). Staff screens tell the two apart.
   */
  via: z.enum(DOWNLOAD_VIA),
  downloadedAt: z.string(),
});
export type DownloadRecord = z.infer<typeof downloadRecordSchema>;
export const activityResponseSchema = z.object({ downloads: z.array(downloadRecordSchema) });
export type ActivityResponse = z.infer<typeof activityResponseSchema>;

// ---- closing documents (spec part 2 §4) ----

const CLOSING_NAME = /closing|close|final/i;
/** Closing docs: CLOSING_DOCS / CLOSING_DOCUMENTS, or UPLOADED_DOC whose file name contains closing, close or final. */
export const isClosingDocument = (d: { type: string; fileName: string }) =>
  d.type === 'CLOSING_DOCS' || d.type === 'CLOSING_DOCUMENTS' || (d.type === 'UPLOADED_DOC' && CLOSING_NAME.test(d.fileName));
/** Broker uploads win: if any closing document was uploaded by a broker, only those; otherwise the agent's. */
export function pickClosingDocuments<T extends { type: string; fileName: string; uploader: { role: string } }>(docs: readonly T[]): T[] {
  const closing = docs.filter(isClosingDocument);
  const broker = closing.filter((d) => d.uploader.role === 'BROKER');
  return broker.length > 0 ? broker : closing.filter((d) => d.uploader.role === 'AGENT');
}

// ---- what documents needs from listings (validated answers; stubs in tests parse with these) ----

/** GET /internal/journeys/selected-listing?userId=&role= (listings): the user's selected listing, null when none. */
export const selectedListingAnswerSchema = z.object({ listingId: z.string().nullable() });
export type SelectedListingAnswer = z.infer<typeof selectedListingAnswerSchema>;

/** GET /broker|agent/listings/{listingId}/documents?buyerId=: only the documents of/for that buyer. */
export const staffDocumentsQuerySchema = z.object({ buyerId: uuidField('buyerId').optional() });

/** Download routes: ?disposition=inline opens the file in the browser (the spec's "view" in a new tab); default attachment. */
export const downloadQuerySchema = z.object({
  disposition: z.enum(['attachment', 'inline'], { error: 'disposition must be attachment or inline' }).default('attachment'),
});
export type DownloadQuery = z.infer<typeof downloadQuerySchema>;

// ---- staff: permission and revocation routes (issue 23 §2) ----

/** PATCH /broker|agent/listings/{listingId}/documents/{documentId}/permission. */
export const documentPermissionBodySchema = z.object({ permission: z.enum(DOCUMENT_PERMISSIONS, { error: PERMISSION_ERROR }) });
export type DocumentPermissionBody = z.infer<typeof documentPermissionBodySchema>;
export const documentPermissionResponseSchema = z.object({ message: z.string(), document: documentSchema });
export type DocumentPermissionResponse = z.infer<typeof documentPermissionResponseSchema>;

/** POST /broker|agent/buyers/{buyerId}/listings/{listingId}/revoke|restore: {documentId} one document, {} the whole listing. */
export const revocationBodySchema = z.object({ documentId: uuidField('documentId').nullish() });
export type RevocationBody = z.infer<typeof revocationBodySchema>;
/** One buyer's access staff took away: to one document (documentId) or to every document of the listing (null). */
export const revocationSchema = z.object({
  buyerId: z.string(),
  documentId: z.string().nullable(),
  revokedAt: z.string(),
  revokedBy: z.object({ id: z.string().nullable(), name: z.string() }),
});
export type Revocation = z.infer<typeof revocationSchema>;
/** GET /broker|agent/listings/{listingId}/revocations, and the answer of revoke/restore (the listing's after the change). */
export const revocationListSchema = z.object({ revocations: z.array(revocationSchema) });
export type RevocationList = z.infer<typeof revocationListSchema>;
export const revocationResponseSchema = revocationListSchema.extend({ message: z.string() });
export type RevocationResponse = z.infer<typeof revocationResponseSchema>;
