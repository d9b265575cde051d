import { useId, useState, type ReactNode } from 'react';
import { DOCUMENT_PERMISSION_LABELS, DOCUMENT_PERMISSIONS, DOCUMENT_TYPE_LABELS, versionLabel, type DocumentPermission, type DocumentType } from '@brokerage/contracts/documents';
import { documentTagLabel } from '@brokerage/contracts/document-tags';
import { Button, ConfirmDialog, Dialog, formatFileSize } from '@brokerage/ui';
import { extensionOf } from '@brokerage/contracts/file-kinds';
import { DocumentViewer, type ViewerArea } from './document-viewer.js';
import { FILE_TAG_LABEL, FILE_TAG_NONE, type FileTagOption } from './file-upload.js';
import { apiUrl } from './upload-request.js';
import { formatDateTime } from '../format-date.js';
import '../styles/documents.css';
import { FileName } from './file-name.js';

/** What a DocumentList shows of a document (every documents route answers at least these). */
export interface ListedDocument {
  id: string;
  fileName: string;
  fileSize?: number | null;
  uploadedAt?: string | null;
  /** Download route of the service (under the API base); no link without it. */
  url?: string | null;
  type?: string;
  uploader?: { name: string; role: string } | null;
  /** Which requested document the file is (a checklist key); null/absent when untagged. */
  tag?: string | null;
  /** Issue 23 §2: what buyers may do with it; `canDownload` false (a buyer's view-only file): no download link. */
  permission?: DocumentPermission;
  canDownload?: boolean;
  /** Issue 23 §4: "v2 of 3" when there are several versions (staff lists). */
  version?: number;
  versionCount?: number;
  /** The stored Content-Type (decides, with the name, whether the viewer can show it). */
  contentType?: string;
}

/** Kinds the in-portal viewer shows (issue 23 §1): PDFs, and Word files the service converts to PDF for viewing. */
const VIEWABLE_EXTENSIONS: readonly string[] = ['.pdf', '.doc', '.docx'];
const VIEWABLE_TYPES: readonly string[] = [
  'application/pdf',
  'application/msword',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
];

/** Whether the in-portal viewer can show the document (by its Content-Type when known, else its name). */
export function viewableInViewer(d: Pick<ListedDocument, 'fileName' | 'contentType'>): boolean {
  return d.contentType ? VIEWABLE_TYPES.includes(d.contentType) : VIEWABLE_EXTENSIONS.includes(extensionOf(d.fileName));
}

/** A buyer's revoked access as staff read it (contracts `Revocation`): one document, or the listing's (documentId null). */
export interface RevokedAccess {
  buyerId: string;
  documentId: string | null;
}

/** Staff's per-document buyer access control (issue 23 §2): the listing's buyers, who is revoked, the actions. */
export interface DocumentAccessControl<D extends ListedDocument> {
  buyers: ReadonlyArray<{ id: string; name: string }>;
  /** The buyers who see this document (default: `buyers`); a document meant for one buyer lists that buyer alone. */
  buyersOf?: (doc: D) => ReadonlyArray<{ id: string; name: string }>;
  revocations: readonly RevokedAccess[];
  /** Documents buyers can be revoked from (default: every one). */
  revocable?: (doc: D) => boolean;
  /** Rejections are the caller's to report (toast). */
  onRevoke: (doc: D, buyerId: string) => Promise<unknown> | void;
  onRestore: (doc: D, buyerId: string) => Promise<unknown> | void;
}

/** Texts of the data room controls (issue 23 §2). */
export const DATA_ROOM_TEXT = {
  permission: 'Buyers may',
  viewOnly: 'View only',
  access: 'Buyer access',
  hasAccess: 'Has access',
  revoked: 'Access revoked',
  listingRevoked: "Access to the listing's documents revoked",
  revoke: 'Revoke',
  restore: 'Restore',
  noBuyers: 'No buyers on this listing yet.',
} as const;

export const DELETE_CONFIRM_TEXT = {
  file: 'Are you sure you want to delete this file?',
  document: 'Are you sure you want to delete this document?',
} as const;

export interface DocumentListProps<D extends ListedDocument> {
  /** Accessible name of the list, e.g. "Documents of Coffee Shop". */
  label: string;
  documents: D[];
  /** Shown when there are none. */
  empty?: ReactNode;
  /** Delete action; without it no Delete button. Rejections are the caller's to report (toast). */
  onDelete?: (doc: D) => Promise<unknown> | void;
  /** Confirmation wording: 'file' (client step screens) or 'document' (staff screens). */
  confirm?: keyof typeof DELETE_CONFIRM_TEXT;
  /** 'units' (Bytes/KB/MB/GB) or 'kb-mb' (purchase-contract list). */
  sizeStyle?: 'units' | 'kb-mb';
  /** Show the type label and uploader under the name. */
  showDetails?: boolean;
  /** Labels of the tags (the upload's "Document type" choices); a tagged file shows its label. */
  tagOptions?: readonly FileTagOption[];
  /** With tagOptions: each file gets a select to change its tag (null: none). Rejections are the caller's to report. */
  onTagChange?: (doc: D, tag: string | null) => Promise<unknown> | void;
  /** Name of the tag (default "Document type"). */
  tagLabel?: string;
  /** Staff: each file gets a "Buyers may" select (View and download / View only). Rejections are the caller's to report. */
  onPermissionChange?: (doc: D, permission: DocumentPermission) => Promise<unknown> | void;
  /** With onPermissionChange: which documents get the select (default every one; e.g. not those buyers never see). */
  permissionEditable?: (doc: D) => boolean;
  /** Staff: each file gets a "Buyer access" panel to revoke / restore one buyer's access to it. */
  access?: DocumentAccessControl<D>;
  /**
   * Issue 23 §1: the caller's viewer area; each PDF / Word file gets a "View" button opening it in the in-portal
   * viewer (a dialog of page images); the "View / Download" link stays for files the caller may download.
   */
  viewer?: ViewerArea;
}

/** The label of a document's tag: from the given options, else from the contracts' checklists; null when untagged. */
export function tagLabelOf(tag: string | null | undefined, options?: readonly FileTagOption[]): string | null {
  if (!tag) return null;
  return options?.find((o) => o.value === tag)?.label ?? documentTagLabel(tag) ?? tag;
}

/** The label of a document type ("Other Document" for UPLOADED_DOC), or the raw type when unknown. */
export function documentTypeLabel(type: string | undefined): string {
  return type ? DOCUMENT_TYPE_LABELS[type as DocumentType] ?? type : '';
}

/**
 * Documents with name, size, date, a View/Download link to the service's download route (new tab; the session
 * cookie authorises it) and Delete behind a confirmation.
 */
export function DocumentList<D extends ListedDocument>({
  label,
  documents,
  empty = 'No documents yet.',
  onDelete,
  confirm = 'document',
  sizeStyle = 'units',
  showDetails,
  tagOptions,
  onTagChange,
  tagLabel = FILE_TAG_LABEL,
  onPermissionChange,
  permissionEditable,
  access,
  viewer,
}: DocumentListProps<D>) {
  const [deleting, setDeleting] = useState<D | null>(null);
  const [viewing, setViewing] = useState<D | null>(null);
  const [retagging, setRetagging] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  /** Runs one of the data room actions with its control disabled meanwhile (errors: the caller's toast). */
  const act = async (key: string, run: () => Promise<unknown> | void) => {
    setBusy(key);
    try {
      await run();
    } catch {
      // Reported by the caller; the list reloads with the stored state.
    } finally {
      setBusy(null);
    }
  };
  const uid = useId();
  const editable = !!(onTagChange && tagOptions && tagOptions.length > 0);
  const retag = async (d: D, value: string) => {
    setRetagging(d.id);
    try {
      await onTagChange?.(d, value || null);
    } catch {
      // Reported by the caller (toast); the list reloads with the stored tag.
    } finally {
      setRetagging(null);
    }
  };
  if (documents.length === 0) {
    return (
      <p className="bb-muted bb-doclist__empty" role="status">
        {empty}
      </p>
    );
  }
  return (
    <>
      <ul className="bb-doclist" aria-label={label}>
        {documents.map((d) => {
          const permissionHere = !!onPermissionChange && (permissionEditable?.(d) ?? true);
          return (
            <li key={d.id} className="bb-doclist__item">
              <div className="bb-doclist__main">
                <FileName name={d.fileName} className="bb-doclist__name" />
                <span className="bb-doclist__meta">
                  {showDetails && d.type && <span>{documentTypeLabel(d.type)}</span>}
                  {versionLabel(d) && <span className="bb-doclist__version">{versionLabel(d)}</span>}
                  {!permissionHere && (d.permission === 'VIEW_ONLY' || d.canDownload === false) && (
                    <span className="bb-doclist__tag">{DATA_ROOM_TEXT.viewOnly}</span>
                  )}
                  {!editable && d.tag && (
                    <span className="bb-doclist__tag">
                      {tagLabel}: {tagLabelOf(d.tag, tagOptions)}
                    </span>
                  )}
                  <span>{formatFileSize(d.fileSize, sizeStyle)}</span>
                  <span>{formatDateTime(d.uploadedAt) || 'Invalid Date'}</span>
                  {showDetails && d.uploader && (
                    <span>
                      by {d.uploader.name} ({d.uploader.role})
                    </span>
                  )}
                </span>
              </div>
              <div className="bb-doclist__actions">
                {editable && (
                  <span className="bb-doclist__retag">
                    <label className="bb-sr-only" htmlFor={`${uid}-${d.id}`}>
                      {tagLabel} of {d.fileName}
                    </label>
                    <select
                      id={`${uid}-${d.id}`}
                      className="bb-select"
                      value={d.tag ?? ''}
                      disabled={retagging === d.id}
                      onChange={(e) => void retag(d, e.target.value)}
                    >
                      <option value="">{FILE_TAG_NONE}</option>
                      {tagOptions!.map((o) => (
                        <option key={o.value} value={o.value}>
                          {o.label}
                        </option>
                      ))}
                    </select>
                  </span>
                )}
                {permissionHere && (
                  <span className="bb-doclist__retag">
                    <label className="bb-doclist__label" htmlFor={`${uid}-p-${d.id}`}>
                      {DATA_ROOM_TEXT.permission}
                      <span className="bb-sr-only"> ({d.fileName})</span>
                    </label>
                    <select
                      id={`${uid}-p-${d.id}`}
                      className="bb-select"
                      value={d.permission ?? 'VIEW_AND_DOWNLOAD'}
                      disabled={busy === `p-${d.id}`}
                      onChange={(e) => void act(`p-${d.id}`, () => onPermissionChange?.(d, e.target.value as DocumentPermission))}
                    >
                      {DOCUMENT_PERMISSIONS.map((p) => (
                        <option key={p} value={p}>
                          {DOCUMENT_PERMISSION_LABELS[p]}
                        </option>
                      ))}
                    </select>
                  </span>
                )}
                {viewer && viewableInViewer(d) && (
                  <Button size="sm" variant="secondary" onClick={() => setViewing(d)} aria-label={`View ${d.fileName}`}>
                    View
                  </Button>
                )}
                {d.url && d.canDownload !== false && (
                  <a className="bb-btn bb-btn--secondary bb-btn--sm" href={apiUrl(d.url)} target="_blank" rel="noopener noreferrer">
                    View / Download<span className="bb-sr-only"> {d.fileName} (opens in a new tab)</span>
                  </a>
                )}
                {onDelete && (
                  <Button size="sm" variant="danger" onClick={() => setDeleting(d)}>
                    Delete<span className="bb-sr-only"> {d.fileName}</span>
                  </Button>
                )}
              </div>
              {access && (access.revocable?.(d) ?? true) && <BuyerAccessPanel doc={d} control={access} busy={busy} act={act} />}
            </li>
          );
        })}
      </ul>
      {viewer && (
        <Dialog open={!!viewing} onClose={() => setViewing(null)} title={viewing?.fileName ?? ''} size="lg" closeButton className="bb-doclist__viewer">
          {viewing && <DocumentViewer area={viewer} documentId={viewing.id} fileName={viewing.fileName} />}
        </Dialog>
      )}
      {onDelete && (
        <ConfirmDialog
          open={!!deleting}
          title="Delete document"
          message={DELETE_CONFIRM_TEXT[confirm]}
          confirmLabel="Delete"
          tone="danger"
          onConfirm={async () => {
            try {
              if (deleting) await onDelete(deleting);
            } catch {
              // Reported by the caller (its own alert); the dialog just closes.
            } finally {
              setDeleting(null);
            }
          }}
          onCancel={() => setDeleting(null)}
        />
      )}
    </>
  );
}

/** One document's "Buyer access" panel: each buyer of the listing, their access to it, Revoke / Restore. */
function BuyerAccessPanel<D extends ListedDocument>({
  doc,
  control,
  busy,
  act,
}: {
  doc: D;
  control: DocumentAccessControl<D>;
  busy: string | null;
  act: (key: string, run: () => Promise<unknown> | void) => Promise<void>;
}) {
  const revokedHere = (buyerId: string) => control.revocations.some((r) => r.buyerId === buyerId && r.documentId === doc.id);
  const revokedListing = (buyerId: string) => control.revocations.some((r) => r.buyerId === buyerId && r.documentId === null);
  const buyers = control.buyersOf?.(doc) ?? control.buyers;
  const count = buyers.filter((b) => revokedHere(b.id) || revokedListing(b.id)).length;
  return (
    <details className="bb-doclist__access">
      <summary>
        {DATA_ROOM_TEXT.access}
        {count > 0 && ` (${count} revoked)`}
        <span className="bb-sr-only"> of {doc.fileName}</span>
      </summary>
      {buyers.length === 0 ? (
        <p className="bb-muted">{DATA_ROOM_TEXT.noBuyers}</p>
      ) : (
        <ul aria-label={`${DATA_ROOM_TEXT.access} of ${doc.fileName}`}>
          {buyers.map((b) => {
            const key = `a-${doc.id}-${b.id}`;
            const whole = revokedListing(b.id);
            const here = revokedHere(b.id);
            return (
              <li key={b.id}>
                <span>{b.name}</span>{' '}
                <span className={whole || here ? 'bb-doclist__revoked' : 'bb-muted'}>{whole ? DATA_ROOM_TEXT.listingRevoked : here ? DATA_ROOM_TEXT.revoked : DATA_ROOM_TEXT.hasAccess}</span>{' '}
                {!whole && (
                  <Button
                    size="sm"
                    variant={here ? 'secondary' : 'danger'}
                    disabled={busy === key}
                    onClick={() => void act(key, () => (here ? control.onRestore(doc, b.id) : control.onRevoke(doc, b.id)))}
                  >
                    {here ? DATA_ROOM_TEXT.restore : DATA_ROOM_TEXT.revoke}
                    <span className="bb-sr-only">
                      {' '}
                      {b.name}'s access to {doc.fileName}
                    </span>
                  </Button>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </details>
  );
}
