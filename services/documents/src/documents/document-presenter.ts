import type { DocumentDto, IdentityClaims } from '@brokerage/contracts';
import { mayDownload } from '../permissions/document-use.js';
import type { DocumentRow } from './documents.repository.js';

/** The caller's own download path of a document (through the gateway; never a bucket URL). */
export function downloadUrl(role: IdentityClaims['role'], id: string): string {
  if (role === 'SELLER') return `/api/seller/download-document/${id}`;
  if (role === 'BUYER') return `/api/buyer/download-document/${id}`;
  return `/api/${role === 'AGENT' ? 'agent' : 'broker'}/documents/${id}/download`;
}

/**
 * A document as the viewer gets it. `versionCount`: how many versions its group has (the list knows; alone, the row
 * is taken as the newest). `permission` and `canDownload` tell the screens whether to offer a download (issue 23 §2).
 */
export function presentDocument(row: DocumentRow, viewer: IdentityClaims, versionCount: number = row.version): DocumentDto {
  return {
    id: row.id,
    fileName: row.fileName,
    fileSize: row.sizeBytes,
    uploadedAt: new Date(row.createdAt).toISOString(),
    url: downloadUrl(viewer.role, row.id),
    type: row.type,
    stepId: row.stepId,
    category: row.category,
    operationType: 'UPLOAD',
    uploader: { id: row.uploadedBy, name: row.uploadedByName, role: row.uploadedByRole },
    listingId: row.listingId,
    buyerId: row.buyerId,
    audience: row.audience,
    contentType: row.contentType,
    sha256: row.sha256,
    tag: row.tag ?? null,
    permission: row.permission,
    canDownload: mayDownload(viewer, row),
    version: row.version,
    versionCount,
  };
}
