import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import SellerApp from '../src/App';
import { progressBody, renderAt, signedIn, stubApi } from '../../packages/ui/test/remote-harness';

// The seller remote's screens in their states (loading, error, empty, locked step, success), mounted as the shell
// mounts it. Failed loads moved here from the browser tests (each took ~5 s there: the queries' retries).

const LISTING = { id: 'l-1', title: 'Harbour Roastery', description: 'Coffee roaster', price: 425000, status: 'ACTIVE', buyers: [] };
const show = (path: string) => renderAt(<SellerApp />, path, '/seller/*');
const main = () => screen.getByRole('main');

beforeEach(() => signedIn('SELLER'));

describe('seller home', () => {
  // from e2e portal/home-and-steps "dashboard failures: "Failed to fetch dashboard data" in red, "Failed to load data" toast"
  test('dashboard failures: "Failed to fetch dashboard data" in an error alert, "Failed to load data" toast', async () => {
    stubApi({
      'GET /api/seller/progress': { status: 200, body: progressBody('seller', 1) },
      'GET /api/seller/current-listing': { status: 200, body: { listing: LISTING, needsSelection: false } },
      'GET /api/seller/dashboard': 'fail',
      'GET /api/seller/listings': 'fail',
    });
    show('/seller');
    const alert = (await screen.findAllByRole('alert')).find((a) => a.textContent?.includes('Failed to fetch dashboard data'));
    expect(alert).toBeDefined();
    expect(alert!.className).toMatch(/danger|error/);
    expect(await screen.findByText('Failed to load data')).toBeInTheDocument();
  });
});

describe('seller Due Diligence', () => {
  // from e2e steps/due-diligence "seller: a failed read of the current listing says "Failed to load data" instead of
  // loading the open requests forever"
  test('a failed read of the current listing says "Failed to load data" with Retry instead of loading the open requests forever', async () => {
    stubApi({
      'GET /api/seller/progress': { status: 200, body: progressBody('seller', 7) },
      'GET /api/seller/current-listing': 'fail',
      'GET /api/seller/due-diligence': { status: 200, body: { documents: [] } },
    });
    show('/seller/due-diligence');
    expect(await within(main()).findByRole('heading', { level: 1, name: 'Due Diligence' })).toBeInTheDocument();
    expect(await within(main()).findByText('Failed to load data')).toBeInTheDocument();
    expect(within(main()).getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});

describe('seller Due Diligence states', () => {
  const DD_FILE = {
    id: 'd-1', documentName: 'Tax Returns (2 years)', fileName: '2025 return.pdf', fileSize: 2048, uploadedAt: '2026-11-20T10:00:00.000Z',
    url: '/api/documents/d-1/download', uploadedBy: 'u-3', uploaderName: 'Sam Seller',
  };
  const api = (o: { step?: number; current?: unknown; view?: unknown; requests?: unknown }) =>
    stubApi({
      'GET /api/seller/progress': { status: 200, body: progressBody('seller', o.step ?? 7) },
      'GET /api/seller/current-listing': (o.current ?? { status: 200, body: { listing: LISTING, needsSelection: false } }) as never,
      'GET /api/seller/due-diligence': (o.view ?? { status: 200, body: { listingId: 'l-1', requests: [], documents: [] } }) as never,
      'GET /api/seller/listings/l-1/due-diligence/requests': (o.requests ?? { status: 200, body: { requests: [] } }) as never,
    });

  test('loading: a spinner in each card while its read is pending', async () => {
    api({ view: 'never', requests: 'never' });
    show('/seller/due-diligence');
    const uploaded = await screen.findByRole('region', { name: 'Uploaded files' });
    expect(within(uploaded).getByRole('status')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Open requests from buyers' })).getByRole('status')).toBeInTheDocument();
  });

  test('empty: no open requests, no files yet; the current step says the first upload completes it', async () => {
    api({});
    show('/seller/due-diligence');
    expect(await screen.findByText('No open requests from buyers.')).toBeInTheDocument();
    expect(await screen.findByText('No files uploaded yet.')).toBeInTheDocument();
    expect(screen.getByTestId('step-status')).toHaveTextContent('In Progress');
    expect(main()).toHaveTextContent('Your first upload completes this step.');
  });

  test('success: the open requests without buyer names and the uploaded files with their requested name', async () => {
    api({
      step: 8,
      view: { status: 200, body: { listingId: 'l-1', requests: [], documents: [DD_FILE] } },
      requests: { status: 200, body: { requests: [{ documentName: 'Customer Contracts', pendingBuyers: 2, sellerFiles: 0 }] } },
    });
    show('/seller/due-diligence');
    const open = await screen.findByRole('list', { name: 'Open requests from buyers' });
    expect(open).toHaveTextContent('Customer Contracts: 2 buyers are waiting, no file from you yet');
    expect(await screen.findByRole('list', { name: 'Uploaded due diligence files' })).toHaveTextContent('2025 return.pdf (Tax Returns (2 years))');
    expect(screen.getByTestId('step-status')).toHaveTextContent('Completed');
    expect(main()).toHaveTextContent('This step is complete; you can keep adding files.');
  });

  test('no listing selected: "Please select a listing first" instead of the open requests', async () => {
    api({ current: { status: 200, body: { listing: null, needsSelection: true } } });
    show('/seller/due-diligence');
    expect(await within(main()).findByText('Please select a listing first')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Open requests from buyers' })).not.toBeInTheDocument();
  });

  test('locked step (the seller is at step 4): Preview Mode, Not Available, Next disabled', async () => {
    api({ step: 3 });
    show('/seller/due-diligence');
    expect(await screen.findByText('Step Not Yet Available')).toBeInTheDocument();
    expect(screen.getByTestId('step-status')).toHaveTextContent('Not Available');
    expect(screen.getByRole('button', { name: 'Next →' })).toBeDisabled();
  });

  test('a failed read of the files says "Failed to load data"; Retry reads them again', async () => {
    let fail = true;
    api({ view: () => (fail ? { status: 500, body: { message: 'Something went wrong' } } : { status: 200, body: { listingId: 'l-1', requests: [], documents: [DD_FILE] } }) });
    show('/seller/due-diligence');
    const uploaded = await screen.findByRole('region', { name: 'Uploaded files' });
    expect(await within(uploaded).findByText('Failed to load data')).toBeInTheDocument();
    fail = false;
    within(uploaded).getByRole('button', { name: 'Retry' }).click();
    await waitFor(() => expect(within(uploaded).getByRole('list', { name: 'Uploaded due diligence files' })).toHaveTextContent('2025 return.pdf'));
  });
});

describe('seller Buyer Activity', () => {
  const EMPTY_ACTIVITY = { listingId: 'l-1', stats: { totalViews: 0, interestedBuyers: 0, offersReceived: 0, highestOffer: null }, buyers: [] };
  const api = (step: number) =>
    stubApi({
      'GET /api/seller/progress': { status: 200, body: progressBody('seller', step) },
      'GET /api/seller/current-listing': { status: 200, body: { listing: LISTING, needsSelection: false } },
      'GET /api/seller/listings/l-1/buyer-activity': { status: 200, body: EMPTY_ACTIVITY },
      'POST /api/seller/mark-step-completed': { status: 200, body: { message: 'ok', progress: progressBody('seller', 6) } },
    });

  // from e2e steps/buyer-activity "pages of 25: … a seller before step 6 sees it in Preview Mode and nothing completes"
  // (there after a fixed 1.5 s wait; here the screen's effects have all run once its data is drawn)
  test('a seller before step 6 sees it in Preview Mode: "No buyers", no Mark Complete, and nothing completes', async () => {
    const calls = api(3);
    show('/seller/buyer-activity');
    expect(await screen.findByText('Step Not Yet Available')).toBeInTheDocument();
    expect(await within(main()).findByText('No buyers', { exact: true })).toBeInTheDocument();
    expect(within(main()).queryByRole('button', { name: 'Mark Complete' })).not.toBeInTheDocument();
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([]);
  });

  test('once the journey reached step 6, opening it completes it (the spec\'s automatic rule), once', async () => {
    const calls = api(5);
    show('/seller/buyer-activity');
    expect(await within(main()).findByText('No buyers', { exact: true })).toBeInTheDocument();
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    expect(calls.find((c) => c.method === 'POST')).toMatchObject({ url: '/api/seller/mark-step-completed', body: { stepId: 5 } });
  });
});

describe('seller Pre Close Checklist', () => {
  // from e2e steps/pre-close-checklist "a failed read of the seller's current listing says "Failed to load data", not
  // "select a listing""
  test('a failed read of the current listing says "Failed to load data", not "select a listing"', async () => {
    stubApi({
      'GET /api/seller/progress': { status: 200, body: progressBody('seller', 8) },
      'GET /api/seller/current-listing': 'fail',
    });
    show('/seller/pre-close-checklist');
    expect(await within(main()).findByRole('heading', { level: 1, name: 'Pre Close Checklist' })).toBeInTheDocument();
    expect(await within(main()).findByText('Failed to load data')).toBeInTheDocument();
    expect(screen.queryByText('Please select a listing first to access the pre-close checklist.')).not.toBeInTheDocument();
  });
});

describe('seller step screens: a failed read says "Failed to load data"; Retry reads it again', () => {
  test.each([
    ['/seller/listing-agreement', 'Listing Agreement', 2, 'GET /api/seller/listing-agreement'],
    ['/seller/purchase-agreement', 'Purchase Agreement', 6, 'GET /api/seller/purchase-agreement'],
  ])('%s', async (path, heading, step, failing) => {
    const calls = stubApi({
      'GET /api/seller/progress': { status: 200, body: progressBody('seller', step) },
      'GET /api/seller/current-listing': { status: 200, body: { listing: LISTING, needsSelection: false } },
      [failing]: 'fail',
    });
    show(path);
    expect(await within(main()).findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(await within(main()).findByText('Failed to load data')).toBeInTheDocument();
    const reads = () => calls.filter((c) => `${c.method} ${c.url.split('?')[0]}` === failing).length;
    const before = reads();
    await userEvent.click(within(main()).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(reads()).toBe(before + 1));
  });
});
