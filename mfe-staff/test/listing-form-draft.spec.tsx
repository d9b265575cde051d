import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { configureApiClient, useSession } from '@brokerage/api-client';
import type { Contact } from '@brokerage/contracts/people';
import { ListingForm } from '../src/features/listings/components/ListingForm';
import { stubFetch, type StubCall } from '../../packages/ui/test/fetch-stub';

const SELLER: Contact = { id: '00000000-0000-4000-8000-000000000003', name: 'Sam Seller', email: 'seller@example.com', role: 'SELLER' };
let drafts: Map<string, Record<string, unknown>>;
let calls: StubCall[];

beforeEach(() => {
  configureApiClient({ baseUrl: '/api', onUnauthorized: () => undefined });
  useSession.getState().setSession({ user: { id: 'b-1', email: 'broker@example.com', name: 'Morgan Broker', role: 'BROKER' }, sessionToken: 't', token: 't' });
  drafts = new Map();
  calls = stubFetch((method, url, body) => {
    const path = new URL(url, 'http://x').pathname.replace(/^\/api/, '');
    if (path.startsWith('/drafts/')) {
      const key = decodeURIComponent(path.slice('/drafts/'.length));
      if (method === 'PUT') drafts.set(key, (body as { data: Record<string, unknown> }).data);
      if (method === 'DELETE') { drafts.delete(key); return { status: 200, body: { message: 'Draft discarded' } }; }
      const data = drafts.get(key);
      return data ? { status: 200, body: { key, data, updatedAt: new Date().toISOString() } } : { status: 404, body: { message: 'Draft not found' } };
    }
    if (method === 'POST' && path === '/broker/listings') return { status: 201, body: { message: 'Listing created successfully', listing: { id: 'l-1' } } };
    return { status: 404, body: { message: 'Not found' } };
  });
});

function show(onDone = () => undefined) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <ListingForm sellers={[SELLER]} buyers={[]} agents={[]} onDone={onDone} />
    </QueryClientProvider>,
  );
}

describe('the listing form keeps a server-side draft', () => {
  test('restored on opening (Draft restored), autosaved after a pause (Draft saved), cleared once the listing is added', async () => {
    drafts.set('listing:new', { title: 'Corner bakery', description: 'Half written', price: '250000', sellerId: SELLER.id, status: 42 });
    const onDone = jest.fn();
    show(onDone);
    const title = await screen.findByRole('textbox', { name: /Title/ });
    expect(title).toHaveValue('Corner bakery');
    expect(screen.getByRole('textbox', { name: /Description/ })).toHaveValue('Half written');
    expect(screen.getByRole('combobox', { name: /Seller/ })).toHaveValue(SELLER.id);
    expect(screen.getByRole('combobox', { name: /Status/ })).toHaveValue('ACTIVE'); // a kept value of the wrong shape is ignored
    const status = screen.getByText('Draft restored');
    expect(status).toHaveAttribute('role', 'status');
    expect(status).toHaveAttribute('aria-live', 'polite');

    await userEvent.type(screen.getByRole('textbox', { name: /Description/ }), ' and finished');
    await waitFor(() => expect(screen.getByText('Draft saved')).toBeInTheDocument(), { timeout: 4000 });
    expect(drafts.get('listing:new')).toMatchObject({ title: 'Corner bakery', description: 'Half written and finished' });
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(1);

    await userEvent.click(screen.getByRole('button', { name: 'Add Listing' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(calls.find((c) => c.method === 'POST')!.body).toMatchObject({ title: 'Corner bakery', description: 'Half written and finished' });
    expect(drafts.has('listing:new')).toBe(false);
  });

  test('no draft: an empty form; Discard draft empties it and removes what was kept', async () => {
    show();
    const title = await screen.findByRole('textbox', { name: /Title/ });
    expect(title).toHaveValue('');
    await userEvent.type(title, 'Quick idea');
    await waitFor(() => expect(drafts.get('listing:new')).toMatchObject({ title: 'Quick idea' }), { timeout: 4000 });
    await userEvent.click(screen.getByRole('button', { name: 'Discard draft' }));
    await waitFor(() => expect(drafts.has('listing:new')).toBe(false));
    expect(within(document.body).getByRole('textbox', { name: /Title/ })).toHaveValue('');
  });
});
