import {
  DUE_DILIGENCE_DOCUMENT_NAMES,
  isDueDiligenceComplete,
  type DueDiligenceDocument,
  type DueDiligenceItem,
  type DueDiligenceView,
  type IdentityClaims,
  type SellerDueDiligenceDocument,
} from '@brokerage/contracts';
import { downloadUrl } from '../documents/document-presenter.js';
import type { DueDiligenceFileRow, RequestRow } from './due-diligence.repository.js';

const ORDER = new Map<string, number>(DUE_DILIGENCE_DOCUMENT_NAMES.map((n, i) => [n, i]));
export const bySpecOrder = (a: { documentName: string }, b: { documentName: string }) => ORDER.get(a.documentName)! - ORDER.get(b.documentName)!;

/** The spec's due-diligence document form; url is the viewer's own download path. */
export function presentFile(row: DueDiligenceFileRow, viewer: IdentityClaims): SellerDueDiligenceDocument {
  return {
    id: row.id,
    documentName: row.documentName,
    fileName: row.fileName,
    url: downloadUrl(viewer.role, row.id),
    uploadedAt: new Date(row.createdAt).toISOString(),
    uploadedBy: row.uploadedBy,
    uploaderName: row.uploadedByName,
    uploaderRole: row.uploadedByRole,
    fileSize: row.sizeBytes,
  };
}

/**
 * One buyer's table: `files` are the named files that buyer may see (newest first), `requests` that buyer's requests.
 * Status: Not requested; Requested (no file); Available (requested and a file). A file without a request stays Not requested.
 */
export function buildView(listingId: string, buyerId: string, requests: RequestRow[], files: DueDiligenceFileRow[], viewer: IdentityClaims): DueDiligenceView {
  const documents = files.filter((f) => f.documentName !== null).map((f) => presentFile(f, viewer) as DueDiligenceDocument);
  const requested = new Set<string>(requests.map((r) => r.documentName));
  const items: DueDiligenceItem[] = DUE_DILIGENCE_DOCUMENT_NAMES.map((documentName) => {
    const mine = documents.filter((d) => d.documentName === documentName);
    const isRequested = requested.has(documentName);
    return { documentName, requested: isRequested, status: isRequested ? (mine.length > 0 ? 'Available' : 'Requested') : 'Not requested', documents: mine };
  });
  const available = items.filter((i) => i.status === 'Available').length;
  const withFile = new Set(documents.map((d) => d.documentName));
  return {
    listingId,
    buyerId,
    requests: [...requests].sort(bySpecOrder).map((r) => ({ documentName: r.documentName, requestedAt: new Date(r.requestedAt).toISOString() })),
    documents,
    items,
    counts: { requested: requested.size, available, pending: requested.size - available },
    stepCompleted: isDueDiligenceComplete([...requested], withFile),
  };
}

export const emptyView = (): DueDiligenceView => ({
  listingId: null,
  buyerId: null,
  requests: [],
  documents: [],
  items: DUE_DILIGENCE_DOCUMENT_NAMES.map((documentName) => ({ documentName, requested: false, status: 'Not requested', documents: [] })),
  counts: { requested: 0, available: 0, pending: 0 },
  stepCompleted: false,
});
