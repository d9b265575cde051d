import { Link, useParams } from 'react-router-dom';
import { Alert, Card, ListingStatusBadge, Loading, formatMoney } from '@brokerage/ui';
import { useStaffArea } from '../../../api';
import { useListing } from '../../listings';

/**
 * /{area}/sellers/{sellerId}/{listingId} and /{area}/buyers/{buyerId}/{listingId}: the client's progress on a listing.
 * The progress panels come with issue 8; until then the screen names the listing and the client, from real data.
 */
export function ClientListingPage({ kind }: { kind: 'sellers' | 'buyers' }) {
  const area = useStaffArea();
  const { clientId = '', listingId = '' } = useParams();
  const listing = useListing(area, listingId);
  const back = `/${area}/${kind}`;
  const backLabel = kind === 'sellers' ? 'Back to Seller List' : 'Back to Buyer List';
  const l = listing.data?.listing;
  const client =
    kind === 'sellers' ? (l?.seller?.id === clientId ? l.seller : undefined) : l?.buyers.find((b) => b.id === clientId);

  return (
    <div className="bb-stack">
      <div>
        <Link className="bb-btn bb-btn--secondary bb-btn--sm" to={back}>
          {backLabel}
        </Link>
      </div>
      {listing.isPending ? (
        <Loading label="Loading listing..." />
      ) : !l || !client ? (
        <>
          <h1>Listing not found</h1>
          <Alert tone="error">This listing or client could not be found.</Alert>
        </>
      ) : (
        <>
          <div>
            <h1>{l.title}</h1>
            <p className="bb-row">
              <span>
                {kind === 'sellers' ? 'Seller' : 'Buyer'}: <strong>{client.name}</strong>
              </span>
              <span>{formatMoney(l.price)}</span>
              <ListingStatusBadge status={l.status} />
            </p>
          </div>
          <Card title="Progress">
            <p className="bb-muted">The step-by-step progress view for this client is not available yet.</p>
          </Card>
        </>
      )}
    </div>
  );
}
