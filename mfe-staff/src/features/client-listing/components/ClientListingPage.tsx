import { useMemo, type ReactNode } from 'react';
import { Link, useParams } from 'react-router-dom';
import { useQuery, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { ApiError } from '@brokerage/api-client';
import type { DocumentDto } from '@brokerage/contracts/documents';
import type { Listing } from '@brokerage/contracts/listings';
import type { StaffProgressView } from '@brokerage/contracts/staff-views';
import { Alert, Loading } from '@brokerage/ui';
import { DueDiligenceTable, LoadError } from '@brokerage/ui/portal';
import { useStaffArea } from '../../../api';
import { listingDocumentsQuery } from '../../documents';
import { listingQuery } from '../../listings';
import { OffersPanel } from '../../offers';
import { peopleQuery } from '../../people';
import { sellerDocumentsQuery } from '../api/client-documents';
import { progressKeys, clientProgressQuery, type ClientKind, type ClientListingRef } from '../api/progress';
import { ChecklistSection } from './ChecklistSection';
import { ClientFilesPanel } from './ClientFilesPanel';
import { DownloadAuditPanel } from './DownloadAuditPanel';
import { ListingHeader, sellerContact, type Contact } from './ListingHeader';
import { ProgressStepsPanel } from './ProgressStepsPanel';
import { UploadPanel } from './UploadPanel';
import { PROGRESS_TEXT } from './texts';
import './client-listing.css';

const isNotFound = (e: unknown) => e instanceof ApiError && (e.status === 404 || e.status === 400);

/**
 * /{area}/sellers/{sellerId}/{listingId}/* and /{area}/buyers/{buyerId}/{listingId}/* (spec part 3 §2 "Seller and
 * Buyer progress screens"): one client's journey on one listing. The agent gets the same screen for assigned
 * listings; anything else is answered 404 by the server and shows "Listing not found".
 */
export function ClientListingPage({ kind }: { kind: ClientKind }) {
  const area = useStaffArea();
  const { clientId = '', listingId = '' } = useParams();
  const client: ClientListingRef = useMemo(() => ({ area, kind, clientId, listingId }), [area, kind, clientId, listingId]);
  const listing = useQuery(listingQuery(area, listingId));
  const progress = useQuery(clientProgressQuery(client));
  const l = listing.data?.listing;

  const back = (
    <div>
      <Link className="bb-btn bb-btn--secondary bb-btn--sm" to={`/${area}/${kind}`}>
        {PROGRESS_TEXT.back(kind)}
      </Link>
    </div>
  );
  const clientOnListing = l && (kind === 'sellers' ? l.seller?.id === clientId : l.buyers.some((b) => b.id === clientId) || !!progress.data);

  if (listing.isPending || (progress.isPending && !listing.isError)) {
    return (
      <div className="bb-stack">
        {back}
        <Loading label="Loading progress..." />
      </div>
    );
  }
  if (isNotFound(listing.error) || isNotFound(progress.error) || (l && !clientOnListing)) {
    return (
      <div className="bb-stack">
        {back}
        <h1>{PROGRESS_TEXT.notFoundTitle}</h1>
        <Alert tone="error">{PROGRESS_TEXT.notFound}</Alert>
      </div>
    );
  }
  if (!l) {
    return (
      <div className="bb-stack">
        {back}
        <h1>{PROGRESS_TEXT.progressTitle(kind)}</h1>
        <LoadError message={PROGRESS_TEXT.loadFailed} onRetry={() => void listing.refetch()} />
      </div>
    );
  }
  return <ProgressScreen client={client} listing={l} progress={progress} back={back} />;
}

function ProgressScreen({ client, listing, progress, back }: {
  client: ClientListingRef;
  listing: Listing;
  progress: UseQueryResult<StaffProgressView>;
  back: ReactNode;
}) {
  const { area, kind, clientId, listingId } = client;
  // Seller: GET …/seller-documents for the seller's uploads, the listing's documents for the staff's. Buyer: one call
  // (GET …/buyers/{buyerId}/listings/{listingId}/documents) holds the buyer's uploads and the staff's files for them.
  const sellerFiles = useQuery({ ...sellerDocumentsQuery(area, listingId), enabled: kind === 'sellers' });
  const listingFiles = useQuery(listingDocumentsQuery({ area, listingId, buyerId: kind === 'buyers' ? clientId : undefined }));
  const view = progress.data;
  const qc = useQueryClient();
  // A due-diligence upload may complete the buyer's step 8 (id 7) on the server: the steps panel reloads.
  const dueDiligenceChanged = () => void qc.invalidateQueries({ queryKey: progressKeys.view(client) });

  return (
    <div className="bb-stack staff-progress">
      {back}
      {kind === 'sellers' ? (
        <ListingHeader kind={kind} listing={listing} client={sellerContact(listing) ?? { name: 'Seller', email: null }} />
      ) : (
        <BuyerHeader listing={listing} client={client} />
      )}
      {view && !view.isViewingSelectedListing && (
        <Alert tone="warning" title="Not the selected listing">
          {PROGRESS_TEXT.notSelected(kind)}
        </Alert>
      )}
      {/* The steps as compact rows (a buyer's offers under them), the files and uploads beside them (below on phones). */}
      <div className="staff-progress__main">
        <div className="staff-progress__column">
          <ProgressStepsPanel client={client} progress={progress} />
          {kind === 'buyers' && (
            <div className="staff-progress__offers">
              <OffersPanel area={area} buyerId={clientId} listingId={listingId} />
            </div>
          )}
        </div>
        <div className="staff-progress__column">
          {kind === 'sellers' ? (
            <ClientFilesPanel kind={kind} files={sellerFiles} />
          ) : (
            <ClientFilesPanel kind={kind} files={listingFiles} keep={notStaffUpload} />
          )}
          <UploadPanel client={client} listingTitle={listing.title} buyers={listing.buyers} staffFiles={listingFiles} />
        </div>
      </div>
      {/* Below (spec part 3 §2), each folded until opened so that the page fits in two screens at 1280 × 800. */}
      <MoreSection title={PROGRESS_TEXT.more.checklist.title} hint={PROGRESS_TEXT.more.checklist.hint}>
        <ChecklistSection viewer={area} kind={kind} listingId={listingId} clientCurrentStep={view?.currentStep} />
      </MoreSection>
      {kind === 'buyers' && (
        <MoreSection title={PROGRESS_TEXT.more.dueDiligence.title} hint={PROGRESS_TEXT.more.dueDiligence.hint}>
          <DueDiligenceTable listingId={listingId} role={area} buyerId={clientId} onChanged={dueDiligenceChanged} />
        </MoreSection>
      )}
      <MoreSection title={PROGRESS_TEXT.more.activity.title} hint={PROGRESS_TEXT.more.activity.hint}>
        <DownloadAuditPanel area={area} listingId={listingId} clientId={clientId} />
      </MoreSection>
    </div>
  );
}

const notStaffUpload = (d: DocumentDto) => d.category !== 'STAFF_UPLOAD';

/**
 * A section below the steps, folded until opened (its content stays mounted, so it is loaded and live when opened).
 * The summary names it differently from the region inside (the checklist's, the table's), so each region keeps its name.
 */
function MoreSection({ title, hint, children }: { title: string; hint: string; children: ReactNode }) {
  return (
    <details className="staff-more">
      <summary className="staff-more__summary">
        <span className="staff-more__title">{title}</span>
        <span className="staff-more__hint">{hint}</span>
      </summary>
      <div className="staff-more__body">{children}</div>
    </details>
  );
}

/** A buyer's name and e-mail come from the buyers list (GET /{area}/buyers; the listing names its buyers only). */
function BuyerHeader({ listing, client }: { listing: Listing; client: ClientListingRef }) {
  const buyers = useQuery(peopleQuery(client.area, 'buyers'));
  const row = buyers.data?.find((b) => b.id === client.clientId);
  const party = listing.buyers.find((b) => b.id === client.clientId);
  const contact: Contact = { name: row?.name ?? party?.name ?? 'Buyer', email: row?.email ?? null };
  return <ListingHeader kind="buyers" listing={listing} client={contact} />;
}
