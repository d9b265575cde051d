import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SellerSummary } from '@brokerage/contracts/staff-views';
import { signedIn, stubApi } from '../../packages/ui/test/remote-harness';
import { BUYER, FRAME, LISTING_ID, SELLER, held, inMain, ok, person, show, summary } from './staff-fixtures';

// Sellers/Buyers Management (/broker/sellers, /broker/buyers) and the agent's My Assigned Sellers/Buyers (spec part 3
// §2, §8) in their states. Moved from e2e staff/people and staff/agent: search, archive/reactivate, delete with its
// warning, the failed delete's text, the listing links to the progress routes, the agent's cards.

const OTHER = person({ id: 's-2', name: 'Grace Whitfield', email: 'grace@example.com', listings: [] });
const buyerRow = (p: SellerSummary) => {
  const { listings, ...rest } = p;
  return { ...rest, buyingListings: listings };
};
const item = (list: string, name: string) =>
  within(screen.getByRole('list', { name: list })).getByRole('heading', { name }).closest('li')!;

describe('broker Sellers Management', () => {
  beforeEach(() => signedIn('BROKER'));

  test('search by name or e-mail (any case); no match says so', async () => {
    stubApi({ ...FRAME, 'GET /api/broker/sellers': ok({ sellers: [person({ listings: [summary()] }), OTHER] }) });
    show('/broker/sellers');
    const list = await inMain().findByRole('list', { name: 'Sellers Management' });
    const search = inMain().getByRole('searchbox', { name: 'Search by name or email' });
    await userEvent.type(search, 'SELLER@EXAMPLE');
    expect(within(list).getAllByRole('heading').map((h) => h.textContent)).toEqual(['Sam Seller']);
    await userEvent.clear(search);
    await userEvent.type(search, 'whitfield');
    expect(within(screen.getByRole('list', { name: 'Sellers Management' })).getAllByRole('heading').map((h) => h.textContent)).toEqual(['Grace Whitfield']);
    await userEvent.clear(search);
    await userEvent.type(search, 'nobody');
    expect(inMain().getByRole('status')).toHaveTextContent('No sellers match "nobody".');
  });

  test('a seller\'s listings link to /broker/sellers/{sellerId}/{listingId}', async () => {
    stubApi({ ...FRAME, 'GET /api/broker/sellers': ok({ sellers: [person({ listings: [summary()] })] }), 'GET /api/broker/listings/*': 'never' });
    show('/broker/sellers');
    await inMain().findByRole('list', { name: 'Sellers Management' });
    const row = item('Sellers Management', 'Sam Seller');
    await userEvent.click(within(row).getByRole('button', { name: 'Show listings (1) of Sam Seller' }));
    const link = within(within(row).getByRole('list', { name: 'Listings of Sam Seller' })).getByRole('link', { name: /^Harbour Roastery/ });
    expect(link).toHaveAttribute('href', `/broker/sellers/${SELLER.id}/${LISTING_ID}`);
    expect(link).toHaveTextContent('$425,000.00');
  });

  test('archive: Inactive and Reactivate (the list reloads); reactivate: Active again', async () => {
    let active = true;
    const calls = stubApi({
      ...FRAME,
      'GET /api/broker/sellers': () => ok({ sellers: [person({ isActive: active })] }),
      [`PATCH /api/broker/sellers/${SELLER.id}/archive`]: () => ((active = false), ok({ message: 'Seller archived' })),
      [`PATCH /api/broker/sellers/${SELLER.id}/reactivate`]: () => ((active = true), ok({ message: 'Seller reactivated' })),
    });
    show('/broker/sellers');
    await inMain().findByRole('list', { name: 'Sellers Management' });
    const row = () => item('Sellers Management', 'Sam Seller');
    expect(within(row()).getByText('Active', { exact: true })).toBeInTheDocument();
    await userEvent.click(within(row()).getByRole('button', { name: 'Archive Sam Seller' }));
    expect(await within(row()).findByText('Inactive', { exact: true })).toBeInTheDocument();
    expect(await screen.findByText('Sam Seller archived')).toBeInTheDocument();
    expect(within(row()).queryByRole('button', { name: 'Archive Sam Seller' })).not.toBeInTheDocument();
    await userEvent.click(within(row()).getByRole('button', { name: 'Reactivate Sam Seller' }));
    expect(await within(row()).findByText('Active', { exact: true })).toBeInTheDocument();
    expect(within(row()).getByRole('button', { name: 'Delete Sam Seller' })).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PATCH').map((c) => c.url)).toEqual([
      `/api/broker/sellers/${SELLER.id}/archive`, `/api/broker/sellers/${SELLER.id}/reactivate`,
    ]);
  });

  test('a failed archive says "Failed to archive seller. Please try again later."', async () => {
    stubApi({ ...FRAME, 'GET /api/broker/sellers': ok({ sellers: [person()] }), [`PATCH /api/broker/sellers/${SELLER.id}/archive`]: 'fail' });
    show('/broker/sellers');
    await userEvent.click(await inMain().findByRole('button', { name: 'Archive Sam Seller' }));
    expect(await screen.findByText('Failed to archive seller. Please try again later.')).toBeInTheDocument();
  });

  test('delete warns that all their listings are deleted too; confirming removes the seller', async () => {
    let sellers = [person({ listings: [summary()] }), OTHER];
    stubApi({
      ...FRAME,
      'GET /api/broker/sellers': () => ok({ sellers }),
      [`DELETE /api/broker/sellers/${SELLER.id}`]: () => ((sellers = [OTHER]), ok({ message: 'Seller deleted' })),
    });
    show('/broker/sellers');
    await userEvent.click(await inMain().findByRole('button', { name: 'Delete Sam Seller' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete seller' });
    expect(dialog).toHaveTextContent('Are you sure you want to delete Sam Seller? All of their listings will be deleted too. This cannot be undone.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(inMain().queryByRole('heading', { name: 'Sam Seller' })).not.toBeInTheDocument());
    expect(inMain().getByRole('heading', { name: 'Grace Whitfield' })).toBeInTheDocument();
  });

  test('deleting a seller someone else already deleted: "Failed to delete seller: Seller not found"', async () => {
    stubApi({
      ...FRAME,
      'GET /api/broker/sellers': ok({ sellers: [person()] }),
      [`DELETE /api/broker/sellers/${SELLER.id}`]: { status: 404, body: { message: 'Seller not found' } },
    });
    show('/broker/sellers');
    await userEvent.click(await inMain().findByRole('button', { name: 'Delete Sam Seller' }));
    await userEvent.click(within(screen.getByRole('alertdialog', { name: 'Delete seller' })).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Failed to delete seller: Seller not found', { exact: true })).toBeInTheDocument();
  });
});

describe('broker Buyers Management', () => {
  beforeEach(() => signedIn('BROKER'));
  const buyer = person({ id: BUYER.id, name: BUYER.name, email: BUYER.email, listings: [summary()] });

  test('loading, then a failed load: "Failed to fetch buyers" with Retry', async () => {
    const h = held<{ status: number; body: unknown }>();
    stubApi({ ...FRAME, 'GET /api/broker/buyers': h.reply });
    show('/broker/buyers');
    expect(await inMain().findByText('Loading buyers...')).toBeInTheDocument();
    h.release({ status: 500, body: { message: 'Something went wrong' } });
    expect(await inMain().findByText('Failed to fetch buyers', { exact: true })).toBeInTheDocument();
    expect(inMain().getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  test('empty: "No buyers yet."', async () => {
    stubApi({ ...FRAME, 'GET /api/broker/buyers': ok({ buyers: [] }) });
    show('/broker/buyers');
    expect(await inMain().findByText('No buyers yet.')).toBeInTheDocument();
  });

  test('a buyer\'s interested listings link to /broker/buyers/{buyerId}/{listingId}; delete asks "This cannot be undone."', async () => {
    let buyers = [buyerRow(buyer)];
    stubApi({
      ...FRAME,
      'GET /api/broker/buyers': () => ok({ buyers }),
      [`DELETE /api/broker/buyers/${BUYER.id}`]: () => ((buyers = []), ok({ message: 'Buyer deleted' })),
    });
    show('/broker/buyers');
    await inMain().findByRole('list', { name: 'Buyers Management' });
    const row = item('Buyers Management', BUYER.name);
    await userEvent.click(within(row).getByRole('button', { name: `Show interested listings (1) of ${BUYER.name}` }));
    expect(within(row).getByRole('link', { name: /^Harbour Roastery/ })).toHaveAttribute('href', `/broker/buyers/${BUYER.id}/${LISTING_ID}`);
    await userEvent.click(within(row).getByRole('button', { name: `Delete ${BUYER.name}` }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete buyer' });
    expect(dialog).toHaveTextContent(`Are you sure you want to delete ${BUYER.name}? This cannot be undone.`);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await inMain().findByText('No buyers yet.')).toBeInTheDocument();
  });

  test('a failed delete says "Failed to delete buyer. Please try again later."', async () => {
    stubApi({ ...FRAME, 'GET /api/broker/buyers': ok({ buyers: [buyerRow(buyer)] }), [`DELETE /api/broker/buyers/${BUYER.id}`]: 'fail' });
    show('/broker/buyers');
    await userEvent.click(await inMain().findByRole('button', { name: `Delete ${BUYER.name}` }));
    await userEvent.click(within(screen.getByRole('alertdialog', { name: 'Delete buyer' })).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Failed to delete buyer. Please try again later.')).toBeInTheDocument();
  });
});

describe('agent My Assigned Sellers / Buyers', () => {
  beforeEach(() => signedIn('AGENT'));

  test('loading, then one card per assigned seller: "N listing(s)", each listing a link to /agent/sellers/{id}/{listingId}', async () => {
    const h = held<{ status: number; body: unknown }>();
    const two = person({ id: 's-2', name: 'Grace Whitfield', email: 'grace@example.com', listings: [summary({ id: 'l-2', title: 'Deli' }), summary({ id: 'l-3', title: 'Gym' })] });
    const calls = stubApi({ ...FRAME, 'GET /api/agent/sellers': h.reply });
    show('/agent/sellers');
    expect(await inMain().findByText('Loading sellers...')).toBeInTheDocument();
    h.release(ok({ sellers: [person({ listings: [summary()] }), two] }));
    const list = await inMain().findByRole('list', { name: 'My Assigned Sellers' });
    expect(list.querySelectorAll(':scope > li')).toHaveLength(2);
    expect(item('My Assigned Sellers', 'Sam Seller')).toHaveTextContent('1 listing');
    expect(item('My Assigned Sellers', 'Grace Whitfield')).toHaveTextContent('2 listings');
    expect(within(item('My Assigned Sellers', 'Grace Whitfield')).getByRole('link', { name: /^Gym/ })).toHaveAttribute('href', '/agent/sellers/s-2/l-3');
    // the agent's own scoped list (the server scopes it to the agent's assignments)
    expect(calls.some((c) => c.url.startsWith('/api/broker/'))).toBe(false);
  });

  test('buyers: "N interested listing(s)", links to /agent/buyers/{id}/{listingId}', async () => {
    stubApi({ ...FRAME, 'GET /api/agent/buyers': ok({ buyers: [buyerRow(person({ id: BUYER.id, name: BUYER.name, email: BUYER.email, listings: [summary(), summary({ id: 'l-2', title: 'Deli' })] }))] }) });
    show('/agent/buyers');
    await inMain().findByRole('list', { name: 'My Assigned Buyers' });
    const card = item('My Assigned Buyers', BUYER.name);
    expect(card).toHaveTextContent('2 interested listings');
    expect(within(card).getByRole('link', { name: /^Deli/ })).toHaveAttribute('href', `/agent/buyers/${BUYER.id}/l-2`);
  });

  test('empty: "No sellers are assigned to you yet."; a failed load: "Failed to fetch buyers"', async () => {
    stubApi({ ...FRAME, 'GET /api/agent/sellers': ok({ sellers: [] }), 'GET /api/agent/buyers': 'fail' });
    const { unmount } = show('/agent/sellers');
    expect(await inMain().findByText('No sellers are assigned to you yet.')).toBeInTheDocument();
    unmount();
    show('/agent/buyers');
    expect(await inMain().findByText('Failed to fetch buyers', { exact: true })).toBeInTheDocument();
  });
});
