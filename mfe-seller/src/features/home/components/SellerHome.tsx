import { Card } from '@brokerage/ui';
import { ClientHome, ListingList, StatCard } from '@brokerage/ui/portal';
import { AREA } from '../../../api/client';
import { useSellerHome } from '../api';

const buyersOf = (l: { buyers: unknown[] }) => <p className="bb-listing__meta">Buyers: {l.buyers.length}</p>;

/** The first-run home's "What happens next": the seller journey's first steps in plain words. */
const FIRST_STEPS = [
  'Your broker registers your business as a listing on your account (call or message them to start).',
  'You choose it here as your active listing, and your journey begins.',
  'You sign the listing agreement, answer the business questionnaire and upload your financial documents.',
  'Your broker presents the business to qualified buyers; you follow their interest under Buyer Activity.',
];

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
      firstSteps={FIRST_STEPS}
    >
      {/* Without listings the home says "No listing selected…" once, above: no empty list repeating it. */}
      {home.listings.length > 0 && (
        <Card title="Your Listings">
          <ListingList listings={home.listings} empty={null} meta={buyersOf} />
        </Card>
      )}
    </ClientHome>
  );
}
