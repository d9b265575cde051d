import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import BuyerApp from '../src/App';
import { progressBody, renderAt, signedIn, stubApi } from '../../packages/ui/test/remote-harness';

// The buyer remote's screens in their states (loading, error, empty, locked step, success), mounted as the shell
// mounts it. Failed loads and the no-listing screens moved here from the browser tests (tests/steps/buyer-no-listing,
// tests/portal/home-and-steps): each took ~5 s there, mostly the queries' retries.

const CARD = { id: 'l-7', title: 'Florist on Main', description: 'Flowers and plants', price: 425000, status: 'ACTIVE' };
const SELECTED = {
  ...CARD, ndaCompleted: true, sellerName: 'Sam Seller', agent: null, buyers: [], closedAt: null,
  createdAt: '2026-11-20T10:00:00.000Z', updatedAt: '2026-11-20T10:00:00.000Z',
};
const CONTRACT = {
  id: 'd-9', fileName: 'Purchase contract.pdf', fileSize: 4096, uploadedAt: '2026-11-21T10:00:00.000Z', url: '/api/documents/d-9/download',
  type: 'PURCHASE_CONTRACT', stepId: 6, category: 'AGREEMENT', operationType: 'UPLOAD', uploader: { id: 'u-1', name: 'Morgan Broker', role: 'BROKER' },
  listingId: 'l-7', buyerId: '00000000-0000-4000-8000-000000000004', audience: 'BUYER', contentType: 'application/pdf', sha256: 'a'.repeat(64), tag: null,
};
const NO_SELECTION = { status: 200, body: { listing: null, needsSelection: true } };
const NOT_SELECTED_409 = { status: 409, body: { message: 'No listing selected' } };
const show = (path: string) => renderAt(<BuyerApp />, path, '/buyer/*');
const main = () => screen.getByRole('main');

beforeEach(() => signedIn('BUYER'));

describe('buyer without a selected listing', () => {
  // from e2e steps/buyer-no-listing "without a selected listing the NDA and financial statement say "No Listing
  // Selected", not "Failed to load data""
  test.each([
    ['Non-Disclosure Agreement', 'Non Disclosure'],
    ['Personal Financial Statement', 'Financial Statement'],
  ])('the home\'s quick link "%s" leads to "%s", which says "No Listing Selected", not "Failed to load data"', async (link, heading) => {
    stubApi({
      'GET /api/buyer/progress': { status: 200, body: progressBody('buyer', 0, null) },
      'GET /api/buyer/current-listing': NO_SELECTION,
      'GET /api/buyer/dashboard': { status: 200, body: { stats: { totalListings: 1, stepsCompleted: 0, totalSteps: 11 } } },
      'GET /api/buyer/listings': { status: 200, body: { listings: [] } },
      'GET /api/buyer/available-listings': { status: 200, body: { listings: [{ ...CARD, ndaCompleted: false }] } },
      'GET /api/buyer/nda': NOT_SELECTED_409,
      'GET /api/buyer/financial-statement': NOT_SELECTED_409,
    });
    show('/buyer');
    await userEvent.click(await within(main()).findByRole('link', { name: link }));
    expect(await within(main()).findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    const notice = await within(main()).findByTestId('no-listing-selected');
    expect(notice).toHaveTextContent('No Listing Selected');
    expect(notice).toHaveTextContent('Please select a listing first');
    expect(within(main()).queryByText('Failed to load data')).not.toBeInTheDocument();
    expect(within(main()).queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  });

  // from e2e portal/home-and-steps "a failed selection says "Failed to select listing""
  test('a failed selection says "Failed to select listing" and the picker stays', async () => {
    const calls = stubApi({
      'GET /api/buyer/progress': { status: 200, body: progressBody('buyer', 0, null) },
      'GET /api/buyer/current-listing': NO_SELECTION,
      'GET /api/buyer/dashboard': { status: 200, body: { stats: { totalListings: 1, stepsCompleted: 0, totalSteps: 11 } } },
      'GET /api/buyer/listings': { status: 200, body: { listings: [] } },
      'GET /api/buyer/available-listings': { status: 200, body: { listings: [{ ...CARD, ndaCompleted: false }] } },
      'POST /api/buyer/select-listing': { status: 503, body: { message: 'down' } },
    });
    show('/buyer');
    await userEvent.click(await screen.findByRole('button', { name: `Select ${CARD.title}` }));
    expect(await screen.findByText('Failed to select listing')).toBeInTheDocument();
    expect(screen.getByTestId('listing-picker')).toBeInTheDocument();
    // tried three times (503 is "no answer"), each the same selection
    const posts = calls.filter((c) => c.method === 'POST');
    expect(posts).toHaveLength(3);
    for (const p of posts) expect(p).toMatchObject({ url: '/api/buyer/select-listing', body: { listingId: CARD.id } });
  });
});

describe('buyer Pre Close Checklist', () => {
  // from e2e steps/buyer-no-listing "a failed read of the buyer's current listing on the pre-close checklist says
  // "Failed to load data", not "select a listing""
  test('a failed read of the current listing says "Failed to load data" with Retry, not "select a listing"', async () => {
    stubApi({ 'GET /api/buyer/progress': { status: 200, body: progressBody('buyer', 8) }, 'GET /api/buyer/current-listing': 'fail' });
    show('/buyer/pre-close-checklist');
    expect(await within(main()).findByRole('heading', { level: 1, name: 'Pre Close Checklist' })).toBeInTheDocument();
    expect(await within(main()).findByText('Failed to load data')).toBeInTheDocument();
    expect(within(main()).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(within(main()).queryByText('Please select a listing first to access the pre-close checklist.')).not.toBeInTheDocument();
  });

  test('no listing selected: "Please select a listing first to access the pre-close checklist."', async () => {
    stubApi({ 'GET /api/buyer/progress': { status: 200, body: progressBody('buyer', 8, null) }, 'GET /api/buyer/current-listing': NO_SELECTION });
    show('/buyer/pre-close-checklist');
    expect(await within(main()).findByText('Please select a listing first to access the pre-close checklist.')).toBeInTheDocument();
  });
});

describe('buyer Purchase Contract', () => {
  const api = (o: { step?: number; current?: unknown; contract?: unknown }) =>
    stubApi({
      'GET /api/buyer/progress': { status: 200, body: progressBody('buyer', o.step ?? 6) },
      'GET /api/buyer/current-listing': (o.current ?? { status: 200, body: { listing: SELECTED, needsSelection: false } }) as never,
      'GET /api/buyer/purchase-contract': (o.contract ?? { status: 200, body: { document: CONTRACT, signedCopies: [] } }) as never,
    });

  // from e2e steps/buyer-no-listing "a failed read of the buyer's current listing on the purchase contract says
  // "Failed to load data", not that there is no contract"
  test('a failed read of the current listing says "Failed to load data", no download button; Retry shows the contract', async () => {
    let failing = true;
    api({ current: () => (failing ? { status: 500, body: { message: 'Something went wrong' } } : { status: 200, body: { listing: SELECTED, needsSelection: false } }) });
    show('/buyer/purchase-contract');
    expect(await within(main()).findByRole('heading', { level: 1, name: 'Purchase Contract' })).toBeInTheDocument();
    expect(await within(main()).findByText('Failed to load data')).toBeInTheDocument();
    expect(within(main()).queryByRole('button', { name: 'Download Purchase Contract' })).not.toBeInTheDocument();
    failing = false;
    await userEvent.click(within(main()).getByRole('button', { name: 'Retry' }));
    expect(await within(main()).findByRole('button', { name: 'Download Purchase Contract' })).toBeInTheDocument();
    expect(within(main()).queryByText('Failed to load data')).not.toBeInTheDocument();
  });

  test('loading: a spinner while the contract is read; success: the download and the empty list of signed copies', async () => {
    let answer: (r: { status: number; body: unknown }) => void = () => undefined;
    api({ contract: () => new Promise((r) => (answer = r)) });
    show('/buyer/purchase-contract');
    expect(await within(main()).findByRole('status')).toBeInTheDocument();
    answer({ status: 200, body: { document: CONTRACT, signedCopies: [] } });
    expect(await within(main()).findByRole('button', { name: 'Download Purchase Contract' })).toBeInTheDocument();
    expect(within(main()).getByText('No signed contracts uploaded yet.')).toBeInTheDocument();
  });

  test('locked step (the buyer is at step 3): Preview Mode, Not Available', async () => {
    api({ step: 2 });
    show('/buyer/purchase-contract');
    expect(await screen.findByText('Step Not Yet Available')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('step-status')).toHaveTextContent('Not Available'));
  });
});

describe('buyer step screens: a failed read says "Failed to load data"; Retry reads it again', () => {
  test.each([
    ['/buyer/cbr-cim', 'CBR/CIM', 4, 'GET /api/buyer/cbr-cim'],
    ['/buyer/due-diligence', 'Due Diligence', 7, 'GET /api/buyer/current-listing'],
  ])('%s', async (path, heading, step, failing) => {
    const calls = stubApi({
      'GET /api/buyer/progress': { status: 200, body: progressBody('buyer', step) },
      'GET /api/buyer/current-listing': { status: 200, body: { listing: SELECTED, needsSelection: false } },
      [failing]: 'fail',
    });
    show(path);
    expect(await within(main()).findByRole('heading', { level: 1, name: new RegExp(heading) })).toBeInTheDocument();
    expect(await within(main()).findByText('Failed to load data')).toBeInTheDocument();
    const reads = () => calls.filter((c) => `${c.method} ${c.url.split('?')[0]}` === failing).length;
    const before = reads();
    await userEvent.click(within(main()).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(reads()).toBe(before + 1));
  });
});
