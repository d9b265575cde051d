import { formatMoney } from '@brokerage/ui';
import { ListingStatusBadge } from '@brokerage/ui/portal';
import type { Listing } from '@brokerage/contracts/listings';
import type { ClientKind } from '../api/progress';
import { PROGRESS_TEXT } from './texts';

export interface Contact {
  name: string;
  email: string | null;
}

/** The seller of a listing: the registered one (staff views carry the e-mail) or the private seller. */
export function sellerContact(l: Listing): Contact | null {
  if (l.seller) return { name: l.seller.name, email: l.seller.email ?? null };
  if (l.privateSeller) return { name: l.privateSeller.name, email: l.privateSeller.email };
  return null;
}

/** Price in USD, N/A when the listing has none (spec part 3 §2). */
export function priceText(price: number | null | undefined): string {
  return typeof price === 'number' && Number.isFinite(price) ? formatMoney(price) : PROGRESS_TEXT.noPrice;
}

function Person({ role, who }: { role: string; who: Contact }) {
  return (
    <div className="staff-progress__person">
      <dt>{role}</dt>
      <dd>
        <span className="staff-progress__name">{who.name}</span>
        {who.email && <span className="bb-muted staff-progress__email">{who.email}</span>}
      </dd>
    </div>
  );
}

/**
 * Spec part 3 §2: the listing title, the client's name and e-mail (a buyer's screen also the seller's) and the price.
 */
export function ListingHeader({ kind, listing, client }: { kind: ClientKind; listing: Listing; client: Contact }) {
  const seller = kind === 'buyers' ? sellerContact(listing) : null;
  return (
    <header className="staff-progress__header">
      <div className="staff-head">
        <h1>{listing.title}</h1>
        <ListingStatusBadge status={listing.status} />
      </div>
      <dl className="staff-progress__facts">
        <Person role={PROGRESS_TEXT.who(kind)} who={client} />
        {seller && <Person role="Seller" who={seller} />}
        <div className="staff-progress__person">
          <dt>Price</dt>
          <dd className="staff-progress__price">{priceText(listing.price)}</dd>
        </div>
      </dl>
    </header>
  );
}
