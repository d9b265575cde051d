import { useState } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { Card, Loading, Select, toast } from '@brokerage/ui';
import { FileUpload, LoadError } from '@brokerage/ui/portal';
import {
  DOCUMENT_TYPE_LABELS,
  STAFF_BUYER_SIDE_TYPES,
  STAFF_SELLER_SIDE_TYPES,
  uploadPurposeOf,
  type DocumentDto,
  type DocumentType,
} from '@brokerage/contracts/documents';
import type { PartyRef } from '@brokerage/contracts/listings';
import {
  DOCUMENT_TEXT,
  StaffDocumentList,
  UploadPermissionSelect,
  uploadPath,
  uploadPermissionField,
  useDeleteDocumentAction,
  useRefreshDocuments,
  useUploadPermission,
} from '../../documents';
import type { ClientListingRef } from '../api/progress';
import { PROGRESS_TEXT } from './texts';

/**
 * The broker's or agent's upload for the client (spec part 3 §2, §3): the progress screen's type options (seller side
 * with an optional related buyer; buyer side always for this buyer), then the documents staff uploaded, with Delete.
 */
export function UploadPanel({
  client,
  listingTitle,
  buyers,
  staffFiles,
}: {
  client: ClientListingRef;
  listingTitle: string;
  /** The listing's buyers (seller side: the optional related buyer). */
  buyers: PartyRef[];
  /** The listing's documents (buyer side: this buyer's); the staff uploads among them are listed. */
  staffFiles: UseQueryResult<DocumentDto[]>;
}) {
  const { area, kind, clientId, listingId } = client;
  const [type, setType] = useState<DocumentType | ''>('');
  const [relatedBuyer, setRelatedBuyer] = useState('');
  const refresh = useRefreshDocuments();
  const onDelete = useDeleteDocumentAction(area, listingId);
  const types = kind === 'sellers' ? STAFF_SELLER_SIDE_TYPES : STAFF_BUYER_SIDE_TYPES;
  const buyerId = kind === 'buyers' ? clientId : relatedBuyer || undefined;
  const [permission, setPermission] = useUploadPermission();

  return (
    <Card title={PROGRESS_TEXT.uploadTitle} className="staff-progress__panel">
      <div className="bb-stack">
        <Select
          label="Document type"
          required
          value={type}
          onChange={(e) => setType(e.target.value as DocumentType | '')}
          placeholder="Select a document type"
          options={types.map((t) => ({ value: t, label: DOCUMENT_TYPE_LABELS[t] }))}
        />
        {kind === 'sellers' && (
          <Select
            label="Related buyer (optional)"
            value={relatedBuyer}
            onChange={(e) => setRelatedBuyer(e.target.value)}
            placeholder="No specific buyer"
            options={buyers.map((b) => ({ value: b.id, label: b.name }))}
          />
        )}
        <UploadPermissionSelect type={type} buyerId={buyerId} value={permission} onChange={setPermission} />
        <FileUpload
          label={`Upload a document for ${listingTitle}`}
          purpose={type ? uploadPurposeOf(type) : 'AGREEMENT'}
          path={uploadPath(area, listingId)}
          fields={{ documentType: type || undefined, buyerId, permission: uploadPermissionField(type, buyerId, permission) }}
          blockedReason={type ? null : DOCUMENT_TEXT.selectType}
          onUploaded={(file) => {
            toast.success(DOCUMENT_TEXT.uploaded(file.name));
            void refresh();
          }}
          onFailed={(_file, message) => toast.error(message)}
        />
        <h3 className="staff-progress__subtitle">{PROGRESS_TEXT.staffFilesTitle}</h3>
        {staffFiles.isPending ? (
          <Loading label="Loading documents..." />
        ) : staffFiles.isError ? (
          <LoadError message={PROGRESS_TEXT.filesLoadFailed} onRetry={() => void staffFiles.refetch()} />
        ) : (
          <div className="staff-progress__files">
            <StaffDocumentList
              area={area}
              listingId={listingId}
              buyers={kind === 'buyers' ? buyers.filter((b) => b.id === clientId) : buyers}
              label={PROGRESS_TEXT.staffFilesTitle}
              documents={staffFiles.data.filter((d) => d.category === 'STAFF_UPLOAD')}
              showDetails
              confirm="document"
              empty={PROGRESS_TEXT.noStaffFiles}
              onDelete={onDelete}
            />
          </div>
        )}
      </div>
    </Card>
  );
}
