import { Link } from 'react-router-dom';
import { formatMoney } from '@brokerage/ui';
import { ListingStatusBadge } from '@brokerage/ui/portal';
import type { PersonListingSummary } from '@brokerage/contracts/staff-views';

/** A person's listings as links to /{area}/{kind}/{personId}/{listingId} (the progress screen). */
export function PersonListings({
  base,
  listings,
  label,
  showDescription,
}: {
  /** e.g. /broker/sellers/{sellerId} */
  base: string;
  listings: PersonListingSummary[];
  label: string;
  showDescription?: boolean;
}) {
  if (listings.length === 0) return <p className="bb-muted">No listings.</p>;
  return (
    <ul className="staff-listing-cards" aria-label={label}>
      {listings.map((l) => (
        <li key={l.id}>
          <Link className="staff-listing-card" to={`${base}/${l.id}`}>
            <span className="staff-listing-card__title">{l.title}</span>
            {showDescription && <span className="staff-listing-card__desc">{l.description}</span>}
            <span className="staff-listing-card__meta">
              <span>{formatMoney(l.price)}</span>
              <ListingStatusBadge status={l.status} />
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
