import { Link } from 'react-router-dom';
import { LISTING_TEXT, type BuyerAvailableListing, type BuyerListing } from '@brokerage/contracts/listings';
import { Card } from '@brokerage/ui';
import { ClientHome, ListingList, StatCard } from '@brokerage/ui/portal';
import { AREA } from '../../../api/client';
import { DocumentActivity } from '../../document-activity';
import { useBuyerHome } from '../api';

/**
 * The seller line of a listing card: the seller's name once the buyer's NDA for the listing is completed, before it
 * "Seller: shared after your NDA" (deviation 6: the server sends only the public card until then).
 */
const sellerLine = (l: BuyerListing | BuyerAvailableListing) =>
  !l.ndaCompleted ? (
    <p className="bb-listing__meta">{LISTING_TEXT.sellerAfterNda}</p>
  ) : (
    l.sellerName && <p className="bb-listing__meta">Seller: {l.sellerName}</p>
  );

/**
 * The first-run home's "What happens next": the buyer journey's first steps in plain words, with the spec's quick
 * links to the two forms a buyer completes first.
 */
const FIRST_STEPS = [
  'Choose a business you are interested in (your broker can suggest one).',
  <>Sign the <Link to="/buyer/non-disclosure">Non-Disclosure Agreement</Link> to see its confidential details.</>,
  <>Complete your <Link to="/buyer/financial-statement">Personal Financial Statement</Link>.</>,
  "Download the business's CBR/CIM and discuss an offer with your broker.",
];

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
      listingMeta={listing && sellerLine(listing)}
      needsSelection={!!home.current?.needsSelection}
      choices={home.choices}
      stats={home.stats}
      figure={<StatCard label="Available Listings" value={home.stats?.availableListings ?? '—'} />}
      loading={home.loading}
      statsFailed={home.statsFailed}
      failed={home.failed}
      firstSteps={FIRST_STEPS}
    >
      <Card title="Available Business Opportunities">
        <ListingList
          listings={home.available}
          empty="No business opportunities are available right now."
          meta={sellerLine}
        />
      </Card>
      <DocumentActivity listings={home.choices} />
    </ClientHome>
  );
}
