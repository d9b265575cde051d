import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { Button, Loading, Select, toast } from '@brokerage/ui';
import { DocumentList, FileUpload, LoadError } from '@brokerage/ui/portal';
import { DOCUMENT_TYPE_LABELS, type DocumentDto, type DocumentType } from '@brokerage/contracts/documents';
import type { PersonListingSummary } from '@brokerage/contracts/staff-views';
import type { StaffArea } from '../../../api';
import { ActivityLink, listingQuery } from '../../listings';
import { uploadPath, listingDocumentsQuery, useRefreshDocuments } from '../api/documents';
import { ListingAccessPanel, StaffDocumentList, UploadPermissionSelect, uploadPermissionField, useUploadPermission } from './DataRoom';
import { DOCUMENT_TEXT, ROW_DOCUMENT_TYPES } from './texts';
import { useDeleteDocumentAction } from './use-delete-document';
import './documents.css';

type RowKind = 'sellers' | 'buyers';
interface Person {
  id: string;
  name: string;
}

/** Under a seller's or buyer's row: each of their listings with its documents (upload, delete) and its Activity. */
export function ListingDocumentsSection({
  area,
  kind,
  person,
  listings,
}: {
  area: StaffArea;
  kind: RowKind;
  person: Person;
  listings: PersonListingSummary[];
}) {
  if (listings.length === 0) return null;
  return (
    <div className="staff-docs">
      <h3 className="staff-docs__title">Listing documents</h3>
      <ul className="staff-docs__list" aria-label={`Listing documents of ${person.name}`}>
        {listings.map((l) => (
          <li key={l.id}>
            <ListingDocuments area={area} kind={kind} person={person} listing={l} />
          </li>
        ))}
      </ul>
    </div>
  );
}

function ListingDocuments({ area, kind, person, listing }: { area: StaffArea; kind: RowKind; person: Person; listing: PersonListingSummary }) {
  const [open, setOpen] = useState(false);
  const panel = useId();
  return (
    <div className="staff-docs__item">
      <div className="staff-docs__head">
        <span className="staff-docs__listing">{listing.title}</span>
        <Button size="sm" variant="secondary" aria-expanded={open} aria-controls={panel} onClick={() => setOpen((o) => !o)}>
          {open ? 'Hide documents' : 'Documents'}
          <span className="bb-sr-only"> of {listing.title}</span>
        </Button>
        <ActivityLink area={area} listing={listing} />
      </div>
      <div id={panel} hidden={!open} className="staff-docs__panel">
        {open && <DocumentsPanel area={area} kind={kind} person={person} listing={listing} />}
      </div>
    </div>
  );
}

function DocumentsPanel({ area, kind, person, listing }: { area: StaffArea; kind: RowKind; person: Person; listing: PersonListingSummary }) {
  const forBuyer = kind === 'buyers' ? person.id : undefined;
  const docs = useQuery(listingDocumentsQuery({ area, listingId: listing.id, buyerId: forBuyer }));
  const onDelete = useDeleteDocumentAction(area, listing.id);
  const refresh = useRefreshDocuments();
  const [type, setType] = useState<DocumentType | ''>('');
  const [relatedBuyer, setRelatedBuyer] = useState('');
  const [permission, setPermission] = useUploadPermission();
  // The listing's buyers (the data room's access controls); a buyer's row: that buyer alone.
  const details = useQuery({ ...listingQuery(area, listing.id), enabled: !forBuyer });
  const buyers = forBuyer ? [person] : (details.data?.listing.buyers ?? []);
  const uploadBuyer = forBuyer ?? (relatedBuyer || undefined);

  return (
    <div className="bb-stack staff-docs__body">
      <div className="staff-form__row">
        <Select
          label="Document type"
          required
          value={type}
          onChange={(e) => setType(e.target.value as DocumentType | '')}
          placeholder="Select a document type"
          options={ROW_DOCUMENT_TYPES[kind].map((t) => ({ value: t, label: DOCUMENT_TYPE_LABELS[t] }))}
        />
        {kind === 'sellers' && <RelatedBuyerSelect buyers={buyers} value={relatedBuyer} onChange={setRelatedBuyer} />}
        <UploadPermissionSelect type={type} buyerId={uploadBuyer} value={permission} onChange={setPermission} />
      </div>
      <FileUpload
        label={`Upload a document for ${listing.title}`}
        // Spec part 3 §5 "Listing document upload (broker)": .pdf, .doc, .docx with the hint "up to 10MB", whatever the type.
        purpose="AGREEMENT"
        path={uploadPath(area, listing.id)}
        fields={{ documentType: type || undefined, buyerId: uploadBuyer, permission: uploadPermissionField(type, uploadBuyer, permission) }}
        blockedReason={type ? null : DOCUMENT_TEXT.selectType}
        onUploaded={(file) => {
          toast.success(DOCUMENT_TEXT.uploaded(file.name));
          void refresh();
        }}
        onFailed={(_file, message) => toast.error(message)}
      />
      {docs.isPending ? (
        <Loading label="Loading documents..." />
      ) : docs.isError ? (
        <LoadError message={DOCUMENT_TEXT.loadFailed} onRetry={() => void docs.refetch()} />
      ) : (
        <>
          <StaffDocumentList
            area={area}
            listingId={listing.id}
            buyers={buyers}
            label={`Documents of ${listing.title}`}
            documents={docs.data.filter(staffMayDelete)}
            showDetails
            confirm="document"
            empty="No documents for this listing yet."
            onDelete={onDelete}
          />
          <ClientUploads area={area} title={listing.title} documents={docs.data.filter((d) => !staffMayDelete(d))} />
        </>
      )}
      {forBuyer && <ListingAccessPanel area={area} listingId={listing.id} listingTitle={listing.title} buyers={buyers} nested />}
    </div>
  );
}

/**
 * Staff delete what staff uploaded and the generated PDFs; a seller's or buyer's own upload is only its uploader's to
 * delete (the documents service answers 403), so those are listed apart, without a Delete button.
 */
const staffMayDelete = (d: DocumentDto) => d.category === 'STAFF_UPLOAD' || d.category === 'GENERATED';

function ClientUploads({ area, title, documents }: { area: StaffArea; title: string; documents: DocumentDto[] }) {
  if (documents.length === 0) return null;
  return (
    <div className="bb-stack staff-docs__clients">
      <h4 className="staff-docs__title">{DOCUMENT_TEXT.clientUploadsTitle}</h4>
      <DocumentList label={`Client uploads of ${title}`} documents={documents} showDetails viewer={area} />
    </div>
  );
}

/** A seller's listing: the upload may concern one of its buyers (spec part 3 §3 "optional related buyer"). */
function RelatedBuyerSelect({ buyers, value, onChange }: { buyers: ReadonlyArray<{ id: string; name: string }>; value: string; onChange: (id: string) => void }) {
  return (
    <Select
      label="Related buyer (optional)"
      value={value}
      onChange={(e) => onChange(e.target.value)}
      placeholder="No specific buyer"
      options={buyers.map((b) => ({ value: b.id, label: b.name }))}
    />
  );
}
