import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Badge, Button, ConfirmDialog, Loading, Select, toast } from '@brokerage/ui';
import { DocumentList, EngagementPanel, LoadError, type DocumentAccessControl, type DocumentListProps } from '@brokerage/ui/portal';
import {
  DEFAULT_DOCUMENT_PERMISSION,
  DOCUMENT_PERMISSION_LABELS,
  DOCUMENT_PERMISSIONS,
  STAFF_DEFAULT_AUDIENCE,
  type DocumentDto,
  type DocumentPermission,
  type DocumentType,
} from '@brokerage/contracts/documents';
import { serverMessage, type StaffArea } from '../../../api';
import { engagementQuery, revocationsQuery, useChangeAccess, useSetPermission } from '../api/data-room';
import { DOCUMENT_TEXT } from './texts';

/*
 * The staff side of the data room (issue 23 §2, §3, §4), for the broker and the agent alike: the "Buyers may" choice
 * at upload and per document, a buyer's access revoked or restored per document or for the whole listing, the buyers'
 * page-level engagement. Refusals are told in a toast with the server's reason; the lists reload with the stored state.
 */

type Buyer = { id: string; name: string };

/** Only a document's current version reaches buyers (staff see older ones as "v1 of 2"). */
const isCurrentVersion = (d: DocumentDto) => !d.version || !d.versionCount || d.version >= d.versionCount;
/** Buyers see documents meant for every buyer, for everyone, or for one of them; never the seller's alone. */
const sharedWithBuyers = (d: DocumentDto) => d.audience !== 'SELLER';

/** The buyers of the listing who see `d` (and did not upload it themselves): those whose access staff may revoke. */
function buyersWhoSee(d: DocumentDto, buyers: readonly Buyer[]): Buyer[] {
  if (!sharedWithBuyers(d)) return [];
  const others = buyers.filter((b) => b.id !== d.uploader.id);
  return d.audience === 'BUYER' ? others.filter((b) => b.id === d.buyerId) : others;
}

export type StaffDocumentListProps = Omit<DocumentListProps<DocumentDto>, 'onPermissionChange' | 'permissionEditable' | 'access' | 'viewer'> & {
  area: StaffArea;
  listingId: string;
  /** The listing's buyers (a buyer's row: that buyer alone) whose access the "Buyer access" panels offer. */
  buyers: readonly Buyer[];
};

/** A listing's staff documents with the data room controls: "Buyers may" per document and "Buyer access" per buyer. */
export function StaffDocumentList({ area, listingId, buyers, ...list }: StaffDocumentListProps) {
  const revocable = (d: DocumentDto) => isCurrentVersion(d) && buyersWhoSee(d, buyers).length > 0;
  // Nothing any buyer could be revoked from: the list goes without the access panels and without the request.
  const revocations = useQuery({ ...revocationsQuery(area, listingId), enabled: list.documents.some(revocable) });
  const setPermission = useSetPermission(area, listingId);
  const change = useChangeAccess(area, listingId);

  const onPermissionChange = async (d: DocumentDto, permission: DocumentPermission) => {
    try {
      toast.success((await setPermission.mutateAsync({ documentId: d.id, permission })).message);
    } catch (e) {
      toast.error(DOCUMENT_TEXT.permissionFailed(serverMessage(e)));
      throw e;
    }
  };
  const onAccess = (action: 'revoke' | 'restore') => async (d: DocumentDto, buyerId: string) => {
    try {
      toast.success((await change.mutateAsync({ action, buyerId, documentId: d.id })).message);
    } catch (e) {
      toast.error(DOCUMENT_TEXT.accessFailed(serverMessage(e)));
      throw e;
    }
  };
  const access: DocumentAccessControl<DocumentDto> | undefined = revocations.data && {
    buyers,
    buyersOf: (d) => buyersWhoSee(d, buyers),
    revocations: revocations.data,
    revocable,
    onRevoke: onAccess('revoke'),
    onRestore: onAccess('restore'),
  };

  return (
    <>
      {revocations.isError && <LoadError message={DOCUMENT_TEXT.revocationsLoadFailed} onRetry={() => void revocations.refetch()} />}
      <DocumentList
        {...list}
        viewer={area}
        onPermissionChange={onPermissionChange}
        permissionEditable={(d) => isCurrentVersion(d) && sharedWithBuyers(d)}
        access={access}
      />
    </>
  );
}

/** The upload's permission field: sent only when buyers will see the document (the server's default otherwise). */
export function uploadPermissionField(type: DocumentType | '', buyerId: string | undefined, permission: DocumentPermission): DocumentPermission | undefined {
  return type && (buyerId || STAFF_DEFAULT_AUDIENCE[type] !== 'SELLER') ? permission : undefined;
}

/** "Buyers may": View and download (default) or View only, chosen before the upload; idle for the seller's types. */
export function UploadPermissionSelect({
  type,
  buyerId,
  value,
  onChange,
}: {
  type: DocumentType | '';
  buyerId: string | undefined;
  value: DocumentPermission;
  onChange: (p: DocumentPermission) => void;
}) {
  const sellerOnly = !!type && !uploadPermissionField(type, buyerId, value);
  return (
    <Select
      label={DOCUMENT_TEXT.permissionLabel}
      value={sellerOnly ? DEFAULT_DOCUMENT_PERMISSION : value}
      disabled={sellerOnly}
      hint={sellerOnly ? DOCUMENT_TEXT.sellerOnly : undefined}
      onChange={(e) => onChange(e.target.value as DocumentPermission)}
      options={DOCUMENT_PERMISSIONS.map((p) => ({ value: p, label: DOCUMENT_PERMISSION_LABELS[p] }))}
    />
  );
}

/** The upload's permission choice as state: starts at View and download. */
export const useUploadPermission = () => useState<DocumentPermission>(DEFAULT_DOCUMENT_PERMISSION);

/**
 * "Buyer access to the listing's documents": each buyer with Revoke all (after a confirmation) or Restore all
 * (POST …/buyers/{buyerId}/listings/{listingId}/revoke|restore {}). `nested`: inside a person's row (an h4 there).
 */
export function ListingAccessPanel({
  area,
  listingId,
  listingTitle,
  buyers,
  nested,
}: {
  area: StaffArea;
  listingId: string;
  listingTitle: string;
  buyers: readonly Buyer[];
  nested?: boolean;
}) {
  const revocations = useQuery({ ...revocationsQuery(area, listingId), enabled: buyers.length > 0 });
  const change = useChangeAccess(area, listingId);
  const [confirming, setConfirming] = useState<Buyer | null>(null);
  const [busy, setBusy] = useState<string | null>(null);

  const run = async (action: 'revoke' | 'restore', buyer: Buyer) => {
    setBusy(buyer.id);
    try {
      toast.success((await change.mutateAsync({ action, buyerId: buyer.id, documentId: null })).message);
    } catch (e) {
      toast.error(DOCUMENT_TEXT.accessFailed(serverMessage(e)));
    } finally {
      setBusy(null);
    }
  };

  return (
    <section className="staff-access" aria-label={DOCUMENT_TEXT.listingAccessTitle}>
      {nested ? (
        <h4 className="staff-docs__title">{DOCUMENT_TEXT.listingAccessTitle}</h4>
      ) : (
        <h2 className="staff-access__title">{DOCUMENT_TEXT.listingAccessTitle}</h2>
      )}
      <p className="bb-muted staff-access__hint">{DOCUMENT_TEXT.listingAccessHint}</p>
      {buyers.length === 0 ? (
        <p className="bb-muted">{DOCUMENT_TEXT.noBuyers}</p>
      ) : revocations.isPending ? (
        <Loading label="Loading buyer access..." />
      ) : revocations.isError ? (
        <LoadError message={DOCUMENT_TEXT.revocationsLoadFailed} onRetry={() => void revocations.refetch()} />
      ) : (
        <ul className="staff-access__list" aria-label={`${DOCUMENT_TEXT.listingAccessTitle} (${listingTitle})`}>
          {buyers.map((b) => {
            const revoked = revocations.data.some((r) => r.buyerId === b.id && r.documentId === null);
            return (
              <li key={b.id} className="staff-access__row">
                <span className="staff-access__name">{b.name}</span>
                <Badge tone={revoked ? 'danger' : 'success'}>{revoked ? DOCUMENT_TEXT.revokedAll : DOCUMENT_TEXT.hasAccess}</Badge>
                <Button
                  size="sm"
                  variant={revoked ? 'secondary' : 'danger'}
                  disabled={busy === b.id}
                  onClick={() => (revoked ? void run('restore', b) : setConfirming(b))}
                >
                  {revoked ? DOCUMENT_TEXT.restoreAll : DOCUMENT_TEXT.revokeAll}
                  <span className="bb-sr-only"> of {b.name}'s access to {listingTitle}</span>
                </Button>
              </li>
            );
          })}
        </ul>
      )}
      <ConfirmDialog
        open={!!confirming}
        title={DOCUMENT_TEXT.revokeAllTitle}
        message={confirming ? DOCUMENT_TEXT.revokeAllConfirm(confirming.name, listingTitle) : ''}
        confirmLabel={DOCUMENT_TEXT.revokeAll}
        tone="danger"
        onConfirm={async () => {
          const b = confirming;
          setConfirming(null);
          if (b) await run('revoke', b);
        }}
        onCancel={() => setConfirming(null)}
      />
    </section>
  );
}

/** The listing's page-level engagement per buyer (GET /{area}/listings/{id}/engagement) in its states. */
export function EngagementSection({ area, listingId }: { area: StaffArea; listingId: string }) {
  const engagement = useQuery(engagementQuery(area, listingId));
  if (engagement.isSuccess) return <EngagementPanel buyers={engagement.data} />;
  return (
    <section className="bb-engagement" aria-label="Document engagement">
      <h2 className="bb-engagement__title">Document engagement</h2>
      {engagement.isPending ? (
        <Loading label="Loading document engagement..." />
      ) : (
        <LoadError message={DOCUMENT_TEXT.engagementLoadFailed} onRetry={() => void engagement.refetch()} />
      )}
    </section>
  );
}
