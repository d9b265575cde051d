import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Contact } from '@brokerage/contracts/people';
import { signedIn, stubApi } from '../../packages/ui/test/remote-harness';
import type { StubCall } from '../../packages/ui/test/fetch-stub';
import { FRAME, held, inMain, listing, ok, SELLER, BUYER, show } from './staff-fixtures';

// /broker/listings — Listings Overview — and /agent/listings — My Assigned Listings (spec part 3 §2, §4, §5, §8) in
// their states, and the listing form's rules. Moved from e2e staff/listings and staff/agent: the row's cells, the price
// typing rule, "(Assigned)" agent, the Private Seller validation box, empty price 0, archive/reactivate with the hidden
// archived section, "Please wait for data to load.", the archived buyer "(inactive)" kept on edit, the agent's columns.

const AGENT: Contact = { id: 'a-1', name: 'Avery Agent', email: 'agent@example.com', role: 'AGENT' };
const GRACE: Contact = { id: SELLER.id, name: SELLER.name, email: SELLER.email, role: 'SELLER', manager: { id: AGENT.id, name: AGENT.name } } as Contact;
const PAT: Contact = { id: 's-9', name: 'Pat Plain', email: 'pat@example.com', role: 'SELLER' };
const JORDAN: Contact = { id: BUYER.id, name: BUYER.name, email: BUYER.email, role: 'BUYER' };
const ROASTERY = listing({ agent: { id: AGENT.id, name: AGENT.name }, buyers: [{ id: BUYER.id, name: BUYER.name }] });
const ARCHIVED = listing({ id: 'l-2', title: 'Car Wash', status: 'INACTIVE' });

type Reply = { status: number; body: unknown };
function broker(o: { listings?: Reply | (() => Promise<Reply>); buyers?: () => Promise<Reply>; save?: (body: unknown) => unknown } = {}) {
  return stubApi({
    ...FRAME,
    'GET /api/broker/listings': o.listings ?? ok({ listings: [ROASTERY], total: 1 }),
    'GET /api/users/by-role': (_b: unknown, url: string) => {
      const role = new URL(url, 'http://x').searchParams.get('role');
      if (role === 'BUYER' && o.buyers) return o.buyers();
      return ok({ users: role === 'SELLER' ? [GRACE, PAT] : role === 'BUYER' ? [JORDAN] : [AGENT] });
    },
    'GET /api/drafts/*': { status: 404, body: { message: 'Draft not found' } },
    '* /api/drafts/*': ok({ message: 'ok' }),
    'POST /api/broker/listings': (body: unknown) => ok({ message: 'Listing created successfully', listing: o.save?.(body) ?? ROASTERY }),
    [`PUT /api/broker/listings/${ROASTERY.id}`]: (body: unknown) => ok({ message: 'Listing updated successfully', listing: o.save?.(body) ?? ROASTERY }),
    // the row's Activity link opens the listing's Activity page
    [`GET /api/broker/listings/${ROASTERY.id}`]: ok({ listing: ROASTERY }),
    [`GET /api/broker/listings/${ROASTERY.id}/activity`]: ok({ downloads: [] }),
  });
}
const posted = (calls: StubCall[]) => calls.find((c) => c.method === 'POST' && c.url === '/api/broker/listings')?.body as Record<string, unknown>;
/** A field's text at once (typing long texts key by key is slow on a loaded machine and tests nothing more). */
async function fill(el: HTMLElement, text: string) {
  await userEvent.clear(el);
  await userEvent.click(el);
  await userEvent.paste(text);
}
/** Listings Overview with the Add Listing form open, its title and description filled. */
async function addForm(title: string, description: string) {
  const calls = broker();
  show('/broker/listings');
  await inMain().findByRole('row', { name: /Harbour Roastery/ });
  await userEvent.click(inMain().getByRole('button', { name: 'Add Listing' }));
  const form = within(await screen.findByRole('region', { name: 'Add Listing' }));
  await fill(form.getByLabelText(/^Title/), title);
  await fill(form.getByLabelText(/^Description/), description);
  return { calls, form };
}

beforeEach(() => signedIn('BROKER'));

describe('broker Listings Overview', () => {
  test('loading, then each listing with price, status, seller, agent and buyers; a private seller reads "(private)"', async () => {
    const h = held<{ status: number; body: unknown }>();
    broker({ listings: h.reply });
    show('/broker/listings');
    expect(await inMain().findByText('Loading listings...')).toBeInTheDocument();
    h.release(ok({ listings: [ROASTERY, listing({ id: 'l-3', title: 'Private Deli', price: 1234.56, seller: null, privateSeller: { name: 'Pat Owner', email: 'p@x.com', phone: null } })], total: 2 }));
    const table = await inMain().findByRole('table', { name: 'Listings' });
    for (const h of ['Title', 'Price', 'Status', 'Seller', 'Agent', 'Buyers', 'Actions']) expect(within(table).getByRole('columnheader', { name: h })).toBeInTheDocument();
    const row = within(table).getByRole('row', { name: /Harbour Roastery/ });
    expect(within(row).getAllByRole('cell').slice(0, 6).map((c) => c.textContent)).toEqual(['Harbour Roastery', '$425,000.00', 'ACTIVE', SELLER.name, AGENT.name, BUYER.name]);
    expect(within(table).getByRole('row', { name: /Private Deli/ })).toHaveTextContent('$1,234.56');
    expect(within(table).getByRole('row', { name: /Private Deli/ })).toHaveTextContent('Pat Owner (private)');
  });

  test('each row, archived ones too, links to the listing\'s Activity page (engagement, access, downloads) from its actions', async () => {
    broker({ listings: ok({ listings: [ROASTERY, ARCHIVED], total: 2 }) });
    show('/broker/listings');
    const table = await inMain().findByRole('table', { name: 'Listings' });
    const row = within(table).getByRole('row', { name: /Harbour Roastery/ });
    const link = within(row).getByRole('link', { name: 'Activity of Harbour Roastery' });
    expect(link).toHaveAttribute('href', `/broker/listings/${ROASTERY.id}/activity`);
    expect(link.closest('td')).toBe(within(row).getAllByRole('cell').at(-1));
    await userEvent.click(inMain().getByRole('button', { name: /Show Archived/ }));
    const archived = await inMain().findByRole('table', { name: 'Archived Listings' });
    expect(within(archived).getByRole('link', { name: 'Activity of Car Wash' })).toHaveAttribute('href', `/broker/listings/${ARCHIVED.id}/activity`);
    await userEvent.click(link);
    expect(await inMain().findByRole('heading', { level: 1, name: 'Activity' })).toBeInTheDocument();
    expect(await inMain().findByText('No downloads yet.')).toBeInTheDocument();
  });

  test('empty: "No listings yet."; more than a page says how many are shown', async () => {
    broker({ listings: ok({ listings: [], total: 0 }) });
    const { unmount } = show('/broker/listings');
    expect(await inMain().findByText('No listings yet.')).toBeInTheDocument();
    unmount();
    broker({ listings: ok({ listings: [ROASTERY], total: 900 }) });
    show('/broker/listings');
    expect(await inMain().findByText(/^Showing the newest \d+ of 900 listings\.$/)).toBeInTheDocument();
  });

  test('Add Listing before the people have loaded: "Please wait for data to load.", no form; it opens once loaded', async () => {
    const h = held<{ status: number; body: unknown }>();
    broker({ buyers: h.reply });
    show('/broker/listings');
    await inMain().findByRole('row', { name: /Harbour Roastery/ });
    await userEvent.click(inMain().getByRole('button', { name: 'Add Listing' }));
    expect(inMain().getByText('Please wait for data to load.')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Add Listing' })).not.toBeInTheDocument();
    h.release(ok({ users: [JORDAN] }));
    await waitFor(() => expect(inMain().queryByText('Please wait for data to load.')).not.toBeInTheDocument());
    await userEvent.click(inMain().getByRole('button', { name: 'Add Listing' }));
    expect(await screen.findByRole('region', { name: 'Add Listing' })).toBeInTheDocument();
  });

  test('add: only digits and one point are kept in the price; status ACTIVE; the seller\'s agent is "(Assigned)" and read-only; the request', async () => {
    const { calls, form } = await addForm('Bakery on Main', 'Neighbourhood bakery.');
    await userEvent.type(form.getByLabelText(/^Price/), '12a3-4.5.6'); // typed: the rule applies per key
    expect(form.getByLabelText(/^Price/)).toHaveValue('1234.56');
    expect(form.getByLabelText('Status')).toHaveValue('ACTIVE');
    await userEvent.selectOptions(form.getByLabelText(/^Seller/), GRACE.id);
    expect(form.getByLabelText('Agent')).toHaveValue('Avery Agent (Assigned)');
    expect(form.getByLabelText('Agent')).toHaveAttribute('readonly');
    expect(form.getByText(/agent management/)).toBeInTheDocument();
    await userEvent.click(form.getByLabelText(`${JORDAN.name} (${JORDAN.email})`));
    await userEvent.click(form.getByRole('button', { name: 'Add Listing' }));
    expect(await screen.findByText('Listing created successfully')).toBeInTheDocument();
    expect(posted(calls)).toMatchObject({ title: 'Bakery on Main', price: '1234.56', status: 'ACTIVE', sellerId: GRACE.id, agentId: AGENT.id, buyerIds: [JORDAN.id] });
  });

  test('an empty price is sent as "0" (listings stores the exact price: services/listings broker-listings.spec)', async () => {
    const { calls, form } = await addForm('Free Listing', 'No price yet.');
    await userEvent.selectOptions(form.getByLabelText(/^Seller/), PAT.id);
    await userEvent.click(form.getByRole('button', { name: 'Add Listing' }));
    await screen.findByText('Listing created successfully');
    expect(posted(calls)).toMatchObject({ price: '0', sellerId: PAT.id });
  });

  const validationBox = (form: ReturnType<typeof within>) => form.getByText('Validation Error').closest('[role=alert]') as HTMLElement;
  async function privateForm() {
    const { calls, form } = await addForm('Private Deli', 'Owner not registered yet.');
    await userEvent.selectOptions(form.getByLabelText(/^Seller/), GRACE.id);
    await userEvent.click(form.getByLabelText('Private Seller'));
    return { calls, form };
  }

  test('Private Seller clears seller and agent; the Validation Error box lists the spec\'s required messages', async () => {
    const { form } = await privateForm();
    expect(form.queryByLabelText(/^Seller$|^Seller\s*\*$/)).not.toBeInTheDocument();
    expect(form.queryByLabelText('Agent')).not.toBeInTheDocument();
    await userEvent.click(form.getByRole('button', { name: 'Add Listing' }));
    await form.findByText('Validation Error');
    expect(validationBox(form)).toHaveTextContent('Private seller name is required. Please update this listing once the seller is registered.');
    expect(validationBox(form)).toHaveTextContent('Private seller email is required. Please update this listing once the seller is registered.');
  });

  test('Private Seller: an invalid e-mail has its own message; a valid one sends the private seller without seller or agent', async () => {
    const { calls, form } = await privateForm();
    await fill(form.getByLabelText(/^Seller name/), 'Pat Owner');
    await fill(form.getByLabelText(/^Seller email/), 'pat-at-example');
    await userEvent.click(form.getByRole('button', { name: 'Add Listing' }));
    await form.findByText('Validation Error');
    expect(validationBox(form)).toHaveTextContent(
      'Please enter a valid email address for the private seller. Please update this listing once the seller is registered.',
    );
    expect(validationBox(form)).not.toHaveTextContent('Private seller name is required.');
    await fill(form.getByLabelText(/^Seller email/), 'pat.owner@example.com');
    await userEvent.click(form.getByRole('button', { name: 'Add Listing' }));
    await screen.findByText('Listing created successfully');
    expect(posted(calls)).toMatchObject({ sellerId: null, agentId: null, privateSeller: { name: 'Pat Owner', email: 'pat.owner@example.com' } });
  });

  test('edit keeps an archived buyer (shown "(inactive)") when another buyer is ticked; the changed price and status are sent', async () => {
    const gone = { id: 'b-gone', name: 'Gone Buyer' };
    const calls = broker({ listings: ok({ listings: [listing({ buyers: [gone] })], total: 1 }) });
    show('/broker/listings');
    await userEvent.click(await inMain().findByRole('button', { name: 'Edit Harbour Roastery' }));
    const form = within(await screen.findByRole('region', { name: 'Edit Listing' }));
    expect(form.getByLabelText(/^Price/)).toHaveValue('425000');
    expect(form.getByLabelText('Gone Buyer (inactive)')).toBeChecked();
    await userEvent.click(form.getByLabelText(`${JORDAN.name} (${JORDAN.email})`));
    await fill(form.getByLabelText(/^Price/), '85000.5');
    await userEvent.selectOptions(form.getByLabelText('Status'), 'CLOSED');
    await userEvent.click(form.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Listing updated successfully')).toBeInTheDocument();
    const put = calls.find((c) => c.method === 'PUT' && c.url.startsWith('/api/broker/listings/'))!.body as Record<string, unknown>;
    expect(put).toMatchObject({ price: '85000.5', status: 'CLOSED' });
    expect((put.buyerIds as string[]).sort()).toEqual([JORDAN.id, gone.id].sort());
  });

  test('archive: the row moves to the archived section, hidden until "Show Archived (n)"; reactivate restores it', async () => {
    let rows = [ROASTERY, ARCHIVED];
    stubApi({
      ...FRAME,
      'GET /api/broker/listings': () => ok({ listings: rows, total: rows.length }),
      'GET /api/users/by-role': ok({ users: [] }),
      [`PATCH /api/broker/listings/${ROASTERY.id}/archive`]: () => ((rows = [{ ...ROASTERY, status: 'INACTIVE' }, ARCHIVED]), ok({ message: 'x', listing: ROASTERY })),
      'PATCH /api/broker/listings/l-2/reactivate': () => ((rows = [{ ...ROASTERY, status: 'INACTIVE' }, { ...ARCHIVED, status: 'UNDER_CONTRACT' }]), ok({ message: 'x', listing: ARCHIVED })),
    });
    show('/broker/listings');
    const table = await inMain().findByRole('table', { name: 'Listings' });
    expect(inMain().queryByRole('table', { name: 'Archived Listings' })).not.toBeInTheDocument();
    await userEvent.click(within(table).getByRole('button', { name: 'Archive Harbour Roastery' }));
    expect(await screen.findByText('Listing archived successfully')).toBeInTheDocument();
    await waitFor(() => expect(within(table).queryByRole('row', { name: /Harbour Roastery/ })).not.toBeInTheDocument());
    const toggle = inMain().getByRole('button', { name: 'Show Archived (2)' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(toggle);
    expect(inMain().getByRole('button', { name: 'Hide Archived (2)' })).toHaveAttribute('aria-expanded', 'true');
    const archived = inMain().getByRole('table', { name: 'Archived Listings' });
    expect(within(archived).getByRole('row', { name: /Car Wash/ })).toHaveTextContent('INACTIVE');
    await userEvent.click(within(archived).getByRole('button', { name: 'Reactivate Car Wash' }));
    expect(await screen.findByText('Listing reactivated successfully')).toBeInTheDocument();
    expect(await within(table).findByRole('row', { name: /Car Wash/ })).toHaveTextContent('UNDER CONTRACT');
  });

  test('a failed archive says "Failed to archive listing. Please try again later."', async () => {
    stubApi({ ...FRAME, 'GET /api/broker/listings': ok({ listings: [ROASTERY] }), 'GET /api/users/by-role': ok({ users: [] }), [`PATCH /api/broker/listings/${ROASTERY.id}/archive`]: 'fail' });
    show('/broker/listings');
    await userEvent.click(await inMain().findByRole('button', { name: 'Archive Harbour Roastery' }));
    expect(await screen.findByText('Failed to archive listing. Please try again later.')).toBeInTheDocument();
  });
});

describe('agent My Assigned Listings', () => {
  beforeEach(() => signedIn('AGENT'));

  test('Title, Description, Price, Status, Seller, Buyers; one row per listing the server answers for the agent', async () => {
    const calls = stubApi({ ...FRAME, 'GET /api/agent/listings': ok({ listings: [ROASTERY, listing({ id: 'l-4', title: 'Gym', buyers: [] })], total: 2 }) });
    show('/agent/listings');
    const table = await inMain().findByRole('table', { name: 'Listings assigned to you' });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Title', 'Description', 'Price', 'Status', 'Seller', 'Buyers']);
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(within(table).getByRole('row', { name: /Harbour Roastery/ })).toHaveTextContent('Coffee roaster');
    expect(within(table).getByRole('row', { name: /Gym/ })).toHaveTextContent('—');
    expect(calls.some((c) => c.url.startsWith('/api/broker/'))).toBe(false);
  });

  test('each row links to the listing\'s Activity page under its title; the six columns stay', async () => {
    stubApi({
      ...FRAME,
      'GET /api/agent/listings': ok({ listings: [ROASTERY], total: 1 }),
      [`GET /api/agent/listings/${ROASTERY.id}`]: ok({ listing: ROASTERY }),
      [`GET /api/agent/listings/${ROASTERY.id}/activity`]: ok({ downloads: [] }),
    });
    show('/agent/listings');
    const table = await inMain().findByRole('table', { name: 'Listings assigned to you' });
    expect(within(table).getAllByRole('columnheader')).toHaveLength(6);
    const title = within(within(table).getByRole('row', { name: /Harbour Roastery/ })).getAllByRole('cell')[0];
    const link = within(title).getByRole('link', { name: 'Activity of Harbour Roastery' });
    expect(link).toHaveAttribute('href', `/agent/listings/${ROASTERY.id}/activity`);
    await userEvent.click(link);
    expect(await inMain().findByRole('heading', { level: 1, name: 'Activity' })).toBeInTheDocument();
    expect(await inMain().findByText('No downloads yet.')).toBeInTheDocument();
  });

  test('loading, then empty: "No listings are assigned to you yet."', async () => {
    const h = held<{ status: number; body: unknown }>();
    stubApi({ ...FRAME, 'GET /api/agent/listings': h.reply });
    show('/agent/listings');
    expect(await inMain().findByText('Loading listings...')).toBeInTheDocument();
    h.release(ok({ listings: [], total: 0 }));
    expect(await inMain().findByText('No listings are assigned to you yet.')).toBeInTheDocument();
  });

  test('a failed load: "Failed to load listings. Please try again later." with Retry', async () => {
    stubApi({ ...FRAME, 'GET /api/agent/listings': 'fail' });
    show('/agent/listings');
    expect(await inMain().findByText('Failed to load listings. Please try again later.')).toBeInTheDocument();
    expect(inMain().getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
