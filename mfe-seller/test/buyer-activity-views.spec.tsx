import { screen, waitFor, within } from '@testing-library/react';
import { BUYER_ACTIVITY_TEXT, TOTAL_VIEWS_HINT } from '@brokerage/contracts/buyer-activity';
import SellerApp from '../src/App';
import { progressBody, renderAt, signedIn, stubApi } from '../../packages/ui/test/remote-harness';

// Issue 23 §3: the seller's Buyer Activity shows Total Views and each row's activity as the server computes them
// from the page-engagement records (listings' buyer-activity over documents); the screen adds nothing of its own.

const LISTING = { id: 'l-1', title: 'Harbour Roastery', description: 'Coffee roaster', price: 425000, status: 'ACTIVE', buyers: [] };
const row = (o: Record<string, unknown>) => ({
  id: 'b-1', buyerNumber: 'B001', buyerName: 'Vera Viewer', company: '', dateOfContact: '2026-11-20T10:00:00.000Z', nda: 'Yes',
  preQualified: 'No', status: 'Interested', decision: 'interested', offerAmount: null, email: 'vera@example.com',
  activity: BUYER_ACTIVITY_TEXT.contacted, timestamp: '2026-11-20T10:00:00.000Z', ...o,
});

beforeEach(() => signedIn('SELLER'));

test('Total Views is the server\'s figure (with what it counts); a row read in the viewer says "Viewed CBR/CIM"', async () => {
  stubApi({
    'GET /api/seller/progress': { status: 200, body: progressBody('seller', 6) },
    'GET /api/seller/current-listing': { status: 200, body: { listing: LISTING, needsSelection: false } },
    'GET /api/seller/listings/l-1/buyer-activity': {
      status: 200,
      body: {
        listingId: 'l-1',
        stats: { totalViews: 37, interestedBuyers: 2, offersReceived: 0, highestOffer: null },
        buyers: [row({ activity: BUYER_ACTIVITY_TEXT.viewed('CBR/CIM'), timestamp: '2026-11-22T15:30:00.000Z' }), row({ id: 'b-2', buyerNumber: 'B002', buyerName: 'Dana Downloader', activity: BUYER_ACTIVITY_TEXT.downloaded('Other Document') })],
      },
    },
  });
  renderAt(<SellerApp />, '/seller/buyer-activity', '/seller/*');
  const summary = await screen.findByRole('list', { name: 'Buyer activity summary' });
  const card = within(summary).getAllByRole('listitem').find((li) => li.textContent?.includes('Total Views'))!;
  expect(within(card).getByText('37')).toBeInTheDocument();
  expect(within(card).getByText(TOTAL_VIEWS_HINT)).toBeInTheDocument();
  const table = screen.getByRole('region', { name: 'Buyers of this listing' });
  await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));
  const [, vera, dana] = within(table).getAllByRole('row');
  expect(vera).toHaveTextContent('Viewed CBR/CIM');
  expect(vera).not.toHaveTextContent('Downloaded');
  expect(dana).toHaveTextContent('Downloaded Other Document');
});
