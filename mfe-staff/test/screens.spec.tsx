import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import StaffApp from '../src/App';
import { renderAt, signedIn, stubApi } from '../../packages/ui/test/remote-harness';

// The staff remote's screens in their states (loading, error, empty, success), mounted as the shell mounts it at
// /broker/*. The failed loads moved here from the browser tests (tests/staff/*): each took ~5 s there, mostly the
// queries' retries.

const LISTING = {
  id: 'l-1', title: 'Harbour Roastery', description: 'Coffee roaster', price: 425000, status: 'ACTIVE',
  seller: { id: 's-1', name: 'Sam Seller' }, privateSeller: null, buyers: [], agent: null, closedAt: null,
  createdAt: '2026-11-20T10:00:00.000Z', updatedAt: '2026-11-20T10:00:00.000Z',
};
const SELLER = {
  id: 's-1', name: 'Sam Seller', email: 'seller@example.com', phone: null, isActive: true, createdAt: '2026-11-20T10:00:00.000Z',
  listings: [{ id: 'l-1', title: 'Harbour Roastery', description: 'Coffee roaster', price: 425000, status: 'ACTIVE', createdAt: '2026-11-20T10:00:00.000Z' }],
};
const STATS = { totalUsers: 4, activeUsers: 4, inactiveUsers: 0, roleDistribution: { BROKER: 1, AGENT: 1, SELLER: 1, BUYER: 1 } };
/** What the frame reads on every screen (badges): answered, not part of these tests. */
const FRAME = {
  'GET /api/messages/unread-count': { status: 200, body: { count: 0 } },
  'GET /api/broker/needs-attention': { status: 200, body: { items: [], total: 0, unread: 0 } },
} as const;
const show = (path: string) => renderAt(<StaffApp />, path, '/broker/*');
const main = () => screen.getByRole('main');

beforeEach(() => signedIn('BROKER'));

describe('broker dashboard', () => {
  // from e2e staff/agents-dashboard "a failed dashboard load says "Failed to load dashboard data. Please try again later.""
  test('a failed load says "Failed to load dashboard data. Please try again later."', async () => {
    stubApi({ ...FRAME, 'GET /api/broker/dashboard': 'fail' });
    show('/broker');
    expect(await within(main()).findByText('Failed to load dashboard data. Please try again later.')).toBeInTheDocument();
  });
});

describe('broker Sellers Management', () => {
  // from e2e staff/people "a failed load shows "Failed to fetch sellers""
  test('a failed load shows "Failed to fetch sellers"', async () => {
    stubApi({ ...FRAME, 'GET /api/broker/sellers': 'fail' });
    show('/broker/sellers');
    expect(await within(main()).findByText('Failed to fetch sellers', { exact: true })).toBeInTheDocument();
  });

  test('loading, then empty: "No sellers yet."', async () => {
    let answer: (r: { status: number; body: unknown }) => void = () => undefined;
    stubApi({ ...FRAME, 'GET /api/broker/sellers': () => new Promise((r) => (answer = r)) });
    show('/broker/sellers');
    expect(await within(main()).findByRole('status')).toBeInTheDocument();
    answer({ status: 200, body: { sellers: [] } });
    expect(await within(main()).findByText('No sellers yet.')).toBeInTheDocument();
  });

  test('success: each seller with their contact and a toggle for their listings', async () => {
    stubApi({ ...FRAME, 'GET /api/broker/sellers': { status: 200, body: { sellers: [SELLER] } } });
    show('/broker/sellers');
    const list = await within(main()).findByRole('list', { name: 'Sellers Management' });
    expect(list).toHaveTextContent('Sam Seller');
    expect(list).toHaveTextContent('seller@example.com');
    await userEvent.click(within(list).getByRole('button', { name: 'Show listings (1) of Sam Seller' }));
    expect(list).toHaveTextContent('Harbour Roastery');
  });
});

describe('broker Listings Overview', () => {
  // from e2e staff/listings "a failed load shows the spec text with Retry, which loads the list"
  test('a failed load shows "Failed to load data. Please try again later." with Retry, which loads the list', async () => {
    let fail = true;
    stubApi({
      ...FRAME,
      'GET /api/broker/listings': () => (fail ? { status: 500, body: { message: 'Something went wrong' } } : { status: 200, body: { listings: [LISTING], total: 1 } }),
      'GET /api/users/by-role': { status: 200, body: { users: [] } },
    });
    show('/broker/listings');
    expect(await within(main()).findByText('Failed to load data. Please try again later.')).toBeInTheDocument();
    fail = false;
    await userEvent.click(within(main()).getByRole('button', { name: 'Retry' }));
    const table = await within(main()).findByRole('table', { name: /Listings/ });
    expect(await within(table).findByRole('row', { name: /Harbour Roastery/ })).toBeInTheDocument();
    expect(within(main()).queryByText('Failed to load data. Please try again later.')).not.toBeInTheDocument();
  });
});

describe('broker Admin Portal', () => {
  // from e2e staff/admin "a failed load says so and offers Create User only once the users are loaded again"
  test('a failed load says "Failed to load admin data. Please try again later."; Create User only once loaded again', async () => {
    let fail = true;
    stubApi({
      ...FRAME,
      'GET /api/admin/stats': () => (fail ? { status: 500, body: { message: 'Internal server error' } } : { status: 200, body: { stats: STATS } }),
      'GET /api/admin/users': { status: 200, body: { users: [] } },
      'GET /api/users/by-role': { status: 200, body: { users: [] } },
    });
    show('/broker/admin');
    expect(await within(main()).findByText('Failed to load admin data. Please try again later.')).toBeInTheDocument();
    expect(within(main()).queryByRole('button', { name: 'Create User' })).not.toBeInTheDocument();
    fail = false;
    await userEvent.click(within(main()).getByRole('button', { name: 'Retry' }));
    await userEvent.click(await within(main()).findByRole('button', { name: 'Create User' }));
    expect(screen.getByRole('region', { name: 'Create User' })).toBeInTheDocument();
  });
});
