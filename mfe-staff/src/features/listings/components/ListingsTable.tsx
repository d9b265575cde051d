import type { ReactNode } from 'react';
import { formatMoney } from '@brokerage/ui';
import { DataTable, ListingStatusBadge, type DataColumn } from '@brokerage/ui/portal';
import type { Listing } from '@brokerage/contracts/listings';
import { ActivityLink } from './ActivityLink';

export function sellerName(l: Listing): string {
  if (l.seller) return l.seller.name;
  return l.privateSeller ? `${l.privateSeller.name} (private)` : '—';
}

export function buyerNames(l: Listing): string {
  return l.buyers.length ? l.buyers.map((b) => b.name).join(', ') : '—';
}

/** The broker's listings table: title, price, status, seller, agent, buyers and the row's actions (the page's own, then Activity). */
export function ListingsTable({
  caption,
  listings,
  actions,
  empty,
}: {
  caption: string;
  listings: Listing[];
  actions: (l: Listing) => ReactNode;
  empty: string;
}) {
  const columns: DataColumn<Listing>[] = [
    { header: 'Title', cell: (l) => <strong>{l.title}</strong> },
    { header: 'Price', cell: (l) => formatMoney(l.price) },
    { header: 'Status', cell: (l) => <ListingStatusBadge status={l.status} /> },
    { header: 'Seller', cell: sellerName },
    { header: 'Agent', cell: (l) => l.agent?.name ?? '—' },
    { header: 'Buyers', cell: buyerNames },
    {
      header: 'Actions',
      cell: (l) => (
        <div className="bb-table__actions">
          {actions(l)}
          <ActivityLink area="broker" listing={l} className="bb-btn--secondary" />
        </div>
      ),
    },
  ];
  return <DataTable caption={caption} columns={columns} rows={listings} rowKey={(l) => l.id} empty={empty} />;
}
