import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MY_ENGAGEMENT_TEXT } from '@brokerage/contracts/engagement';
import BuyerApp from '../src/App';
import { progressBody, renderAt, signedIn, stubApi } from '../../packages/ui/test/remote-harness';

// Issue 23 §3 transparency: the buyer home's "Your document activity" shows what GET /buyer/engagement answers (what
// the viewer recorded about the caller), per listing named by the buyer's own listings; loading, error, empty, success.

const CARD = { id: 'l-7', title: 'Florist on Main', description: 'Flowers and plants', price: 425000, status: 'ACTIVE' };
const SELECTED = {
  ...CARD, ndaCompleted: true, sellerName: 'Sam Seller', agent: null, buyers: [], closedAt: null,
  createdAt: '2026-11-20T10:00:00.000Z', updatedAt: '2026-11-20T10:00:00.000Z',
};
const RECORDS = {
  listings: [
    {
      listingId: 'l-7', documentsOpened: 1, firstViewedAt: '2026-11-20T10:00:00.000Z', lastViewedAt: '2026-11-21T13:05:00.000Z', totalSeconds: 754,
      documents: [{ documentId: 'd-1', fileName: 'Florist CIM.pdf', version: 2, pageCount: 3, firstViewedAt: '2026-11-20T10:00:00.000Z',
        lastViewedAt: '2026-11-21T13:05:00.000Z', totalSeconds: 754, pages: [{ page: 1, seconds: 634 }, { page: 3, seconds: 120 }] }],
    },
    {
      listingId: 'l-gone', documentsOpened: 1, firstViewedAt: '2026-11-01T10:00:00.000Z', lastViewedAt: '2026-11-01T10:01:00.000Z', totalSeconds: 45,
      documents: [{ documentId: 'd-2', fileName: 'Old memo.pdf', version: 1, pageCount: 1, firstViewedAt: '2026-11-01T10:00:00.000Z',
        lastViewedAt: '2026-11-01T10:01:00.000Z', totalSeconds: 45, pages: [{ page: 1, seconds: 45 }] }],
    },
  ],
};
type Reply = Parameters<typeof stubApi>[0][string];
const api = (engagement: Reply) =>
  stubApi({
    'GET /api/buyer/progress': { status: 200, body: progressBody('buyer', 4) },
    'GET /api/buyer/current-listing': { status: 200, body: { listing: SELECTED, needsSelection: false } },
    'GET /api/buyer/dashboard': { status: 200, body: { stats: { currentStep: 4, totalSteps: 11, completedSteps: 4, availableListings: 1 } } },
    'GET /api/buyer/listings': { status: 200, body: { listings: [SELECTED] } },
    'GET /api/buyer/available-listings': { status: 200, body: { listings: [] } },
    'GET /api/buyer/engagement': engagement,
  });
const section = async () => screen.findByTestId('document-activity');

beforeEach(() => signedIn('BUYER'));

describe('buyer home: Your document activity (issue 23 §3)', () => {
  test('loading: its title and a spinner while the records are read; who sees them is said already', async () => {
    api('never');
    renderAt(<BuyerApp />, '/buyer', '/buyer/*');
    const s = await section();
    expect(within(s).getByRole('heading', { name: MY_ENGAGEMENT_TEXT.title })).toBeInTheDocument();
    expect(within(s).getByRole('status')).toHaveTextContent(MY_ENGAGEMENT_TEXT.loading);
    expect(within(s).getByText(MY_ENGAGEMENT_TEXT.about)).toBeInTheDocument();
  });

  test('error: the failure text and Retry, which shows the records', async () => {
    let fail = true;
    const calls = api(() => (fail ? { status: 500, body: { message: 'Something went wrong' } } : { status: 200, body: RECORDS }));
    renderAt(<BuyerApp />, '/buyer', '/buyer/*');
    const s = await section();
    expect(await within(s).findByText(MY_ENGAGEMENT_TEXT.failed)).toBeInTheDocument();
    expect(within(s).queryByText('Something went wrong')).toBeNull();
    fail = false;
    await userEvent.click(within(s).getByRole('button', { name: 'Retry' }));
    expect(await within(s).findByRole('article', { name: 'Florist on Main' })).toBeInTheDocument();
    expect(calls.filter((c) => c.url === '/api/buyer/engagement')).toHaveLength(2);
  });

  test('empty: nothing recorded yet', async () => {
    api({ status: 200, body: { listings: [] } });
    renderAt(<BuyerApp />, '/buyer', '/buyer/*');
    const s = await section();
    expect(await within(s).findByText(MY_ENGAGEMENT_TEXT.empty)).toBeInTheDocument();
    expect(within(s).queryByRole('article')).toBeNull();
  });

  test('success: per listing (its name, or "A listing" when not theirs any more) documents opened, first/last view, total time, time per page', async () => {
    api({ status: 200, body: RECORDS });
    renderAt(<BuyerApp />, '/buyer', '/buyer/*');
    const s = await section();
    const florist = await within(s).findByRole('article', { name: 'Florist on Main' });
    const facts = Object.fromEntries(within(florist).getAllByRole('term').map((t) => [t.textContent, t.nextElementSibling?.textContent]));
    expect(facts).toEqual({ 'Documents opened': '1', 'First view': expect.stringMatching(/^Nov 20, 2026 /), 'Last view': expect.stringMatching(/^Nov 21, 2026 /), 'Total time': '12 min 34 s' });
    expect(within(florist).getByText('Florist CIM.pdf (v2)')).toBeInTheDocument();
    const strip = within(florist).getByRole('list', { name: 'Time per page of Florist CIM.pdf' });
    expect(within(strip).getAllByRole('listitem').map((c) => c.textContent)).toEqual(['Page 1: 10 min 34 s', 'Page 2: not viewed', 'Page 3: 2 min']);
    const other = within(s).getByRole('article', { name: MY_ENGAGEMENT_TEXT.otherListing });
    expect(within(other).getByText('Old memo.pdf')).toBeInTheDocument();
    expect(within(s).queryByText('l-gone')).toBeNull();
  });
});
