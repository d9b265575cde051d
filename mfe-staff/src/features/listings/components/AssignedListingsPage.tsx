import { useQuery } from '@tanstack/react-query';
import { Loading, formatMoney } from '@brokerage/ui';
import { DataTable, ListingStatusBadge, LoadError } from '@brokerage/ui/portal';
import type { Listing } from '@brokerage/contracts/listings';
import { listingsQuery } from '../api/listings';
import { ActivityLink } from './ActivityLink';
import { buyerNames, sellerName } from './ListingsTable';
import { LISTINGS_TEXT } from './texts';

/** /agent/listings — My Assigned Listings (spec part 3 §2 Agent shell). */
export function AssignedListingsPage() {
  const listings = useQuery(listingsQuery('agent'));
  return (
    <div className="bb-stack">
      <h1>My Assigned Listings</h1>
      {listings.isPending ? (
        <Loading label="Loading listings..." />
      ) : listings.isError ? (
        <LoadError message={LISTINGS_TEXT.agentListingsFailed} onRetry={() => void listings.refetch()} />
      ) : (
        <DataTable<Listing>
          caption="Listings assigned to you"
          captionHidden
          rows={listings.data.listings}
          rowKey={(l) => l.id}
          empty="No listings are assigned to you yet."
          columns={[
            {
              // the spec's six columns stay: the row's link to the listing's Activity page sits under its title
              header: 'Title',
              cell: (l) => (
                <span className="staff-listing-title">
                  <strong>{l.title}</strong>
                  <ActivityLink area="agent" listing={l} className="bb-btn--secondary" />
                </span>
              ),
            },
            { header: 'Description', cell: (l) => <span className="staff-clamp">{l.description}</span> },
            { header: 'Price', cell: (l) => formatMoney(l.price) },
            { header: 'Status', cell: (l) => <ListingStatusBadge status={l.status} /> },
            { header: 'Seller', cell: sellerName },
            { header: 'Buyers', cell: buyerNames },
          ]}
        />
      )}
    </div>
  );
}
