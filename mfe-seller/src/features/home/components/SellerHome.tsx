import { Card } from '@brokerage/ui';
import { ClientHome, HOME_TEXT, ListingList, StatCard } from '@brokerage/ui/portal';
import { AREA } from '../../../api/client';
import { useSellerHome } from '../api';

const buyersOf = (l: { buyers: unknown[] }) => <p className="bb-listing__meta">Buyers: {l.buyers.length}</p>;

/** /seller (spec part 2 §2 "Seller home"). Sellers are told to call the broker. */
export function SellerHome() {
  const home = useSellerHome();
  const listing = home.current?.listing ?? null;
  return (
    <ClientHome
      area={AREA}
      defaultName="Seller"
      intro="Here is where the sale of your business stands."
      stepOne={
        <p>
          Call your broker to get started: your broker may already have registered your business. You can also send a
          message at any time.
        </p>
      }
      listingTitle="Active Listing"
      listing={listing}
      listingMeta={listing && buyersOf(listing)}
      needsSelection={!!home.current?.needsSelection}
      choices={home.listings}
      stats={home.stats}
      figure={<StatCard label="Total Buyers" value={home.stats?.totalBuyers ?? '—'} />}
      loading={home.loading}
      statsFailed={home.statsFailed}
      failed={home.failed}
    >
      <Card title="Your Listings">
        <ListingList listings={home.listings} empty={HOME_TEXT.noListing} meta={buyersOf} />
      </Card>
    </ClientHome>
  );
}
