import { Link } from 'react-router-dom';
import type { Listing } from '@brokerage/contracts/listings';
import { Card } from '@brokerage/ui';
import { ClientHome, ListingList, StatCard } from '@brokerage/ui/portal';
import { AREA } from '../../../api/client';
import { useBuyerHome } from '../api';

const sellerName = (l: Listing) => l.seller?.name ?? l.privateSeller?.name ?? null;
const sellerLine = (name: string | null) => name && <p className="bb-listing__meta">Seller: {name}</p>;

/** /buyer (spec part 2 §2 "Buyer home"). */
export function BuyerHome() {
  const home = useBuyerHome();
  const listing = home.current?.listing ?? null;
  return (
    <ClientHome
      area={AREA}
      defaultName="Buyer"
      intro="Find the right business and follow each step to closing."
      stepOne={
        <>
          <p>Contact your broker by phone or message, then complete these two forms first:</p>
          <ul className="bb-quicklinks">
            <li>
              <Link to="/buyer/non-disclosure">Non-Disclosure Agreement</Link>
            </li>
            <li>
              <Link to="/buyer/financial-statement">Personal Financial Statement</Link>
            </li>
          </ul>
        </>
      }
      listingTitle="Currently Interested In"
      listing={listing}
      listingMeta={listing && sellerLine(sellerName(listing))}
      needsSelection={!!home.current?.needsSelection}
      choices={home.choices}
      stats={home.stats}
      figure={<StatCard label="Available Listings" value={home.stats?.availableListings ?? '—'} />}
      loading={home.loading}
      statsFailed={home.statsFailed}
      failed={home.failed}
    >
      <Card title="Available Business Opportunities">
        <ListingList
          listings={home.available}
          empty="No business opportunities are available right now."
          meta={(l) => sellerLine(l.sellerName)}
        />
      </Card>
    </ClientHome>
  );
}
