import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { configureApiClient, useSession } from '@brokerage/api-client';
import { defaultChecklist, type ChecklistResponse } from '@brokerage/contracts/checklists';
import { Checklist, checklistPrefix } from '../src/components/checklist';
import { stubFetch, type StubCall, type StubRoute } from './fetch-stub';

let calls: StubCall[] = [];
let route: StubRoute;

beforeEach(() => {
  configureApiClient({ baseUrl: '/api', onUnauthorized: () => undefined });
  useSession.getState().setSession({ user: { id: 'u-3', email: 'seller@example.com', name: 'Sam Seller', role: 'SELLER' }, sessionToken: 't', token: 't' });
  calls = stubFetch((method, url, body) => route(method, url, body));
});

function show(role: string, listingId = 'L1') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <Checklist listingId={listingId} role={role} />
    </QueryClientProvider>,
  );
}

/** A server answer: the default content with some items ticked. */
function answer(ticked: Record<string, { by: string; at: string }> = {}): ChecklistResponse {
  const checklist = defaultChecklist().map((c) => ({
    ...c,
    items: c.items.map((i) => (ticked[i.id] ? { ...i, completed: true, completedBy: ticked[i.id]!.by, completedAt: ticked[i.id]!.at } : i)),
  }));
  return { checklist, lastUpdatedBy: null, updatedAt: null };
}
const flip = (a: ChecklistResponse, itemId: string, by = 'Sam Seller'): ChecklistResponse => ({
  ...a,
  checklist: a.checklist!.map((c) => ({
    ...c,
    items: c.items.map((i) => (i.id === itemId ? { ...i, completed: !i.completed, completedBy: i.completed ? null : by, completedAt: i.completed ? null : new Date(2026, 10, 21, 13, 5).toISOString() } : i)),
  })),
});

const row = (task: string) => screen.getAllByRole('rowheader').find((h) => h.textContent?.startsWith(task))!.closest('tr')!;
const box = (column: 'Buyer' | 'Seller', task: string) => screen.getByRole('checkbox', { name: `${column}: ${task}` });

describe('Checklist', () => {
  test('four categories in order with buyer and seller columns; a dash where an item is not that party\'s; Broker items tickable from both', async () => {
    route = () => ({ status: 200, body: answer() });
    show('SELLER');
    const tables = await screen.findAllByRole('table');
    expect(tables.map((t) => within(t).getByText(/^[ABCD]\. /).textContent)).toEqual([
      'A. Letter Of Intent',
      'B. Asset Purchase Agreement',
      'C. Exhibits',
      'D. Asset Purchase Agreement Contingencies',
    ]);
    expect(within(tables[0]!).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Task', 'Buyer', 'Seller']);
    // buyer item: a blue checkbox in the buyer column, a dash for the seller
    const buyerRow = row('Buyer provides earnest money');
    expect(within(buyerRow).getByRole('checkbox', { name: 'Buyer: Buyer provides earnest money' }).parentElement).toHaveClass('bb-checklist__box--buyer');
    expect(within(buyerRow).getByLabelText('Not assigned to the seller')).toHaveTextContent('–');
    // seller item: green, a dash for the buyer
    const sellerRow = row('Seller counter offer');
    expect(within(sellerRow).getByRole('checkbox').parentElement).toHaveClass('bb-checklist__box--seller');
    expect(within(sellerRow).getByLabelText('Not assigned to the buyer')).toBeInTheDocument();
    // broker item: purple Broker tag, a checkbox in each column
    const brokerRow = row('Broker deposits earnest money');
    expect(within(brokerRow).getByText('Broker')).toHaveClass('bb-checklist__broker');
    expect(within(brokerRow).getAllByRole('checkbox')).toHaveLength(2);
    expect(screen.getAllByRole('checkbox')).toHaveLength(40 + 6); // every item once, the 6 broker items (A5, C1, C5-C7, D13) twice
    expect(calls[0]).toMatchObject({ method: 'GET', url: '/api/seller/listings/L1/pre-close-checklist' });
  });

  test('overall progress is the rounded share of completed items; who ticked and when is described on the checkbox', async () => {
    route = () => ({ status: 200, body: answer({ A1: { by: 'Blake Buyer', at: new Date(2026, 10, 21, 13, 5).toISOString() }, A2: { by: 'Sam Seller', at: new Date().toISOString() }, C1: { by: 'Morgan Broker', at: new Date().toISOString() } }) });
    show('buyer');
    expect(await screen.findByText('8%')).toBeInTheDocument(); // 3 of 40 = 7.5 → 8
    expect(screen.getByRole('progressbar', { name: 'Checklist progress' })).toHaveAttribute('aria-valuenow', '8');
    const ticked = box('Buyer', 'Buyer makes an offer (Letter Of Intent)');
    expect(ticked).toBeChecked();
    expect(ticked).toHaveAccessibleDescription('Completed by Blake Buyer on Nov 21, 2026 1:05 PM');
    expect(box('Buyer', 'Buyer provides earnest money')).not.toHaveAccessibleDescription();
    // a broker item ticked shows checked in both columns
    expect(box('Buyer', 'Asset list of furniture, fixtures and equipment')).toBeChecked();
    expect(box('Seller', 'Asset list of furniture, fixtures and equipment')).toBeChecked();
  });

  test('ticking sends PUT …/item {categoryId, itemId, userRole}; the others are disabled until it answers; the answer is shown', async () => {
    let current = answer();
    let release!: () => void;
    route = async (method, _url, body) => {
      if (method === 'GET') return { status: 200, body: current };
      await new Promise<void>((r) => (release = r));
      current = flip(current, (body as { itemId: string }).itemId);
      return { status: 200, body: current };
    };
    show('agent');
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Seller: Contract rights' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')).toEqual({ method: 'PUT', url: '/api/agent/listings/L1/pre-close-checklist/item', body: { categoryId: 'C', itemId: 'C4', userRole: 'agent' } });
    expect(screen.getAllByRole('checkbox').every((c) => (c as HTMLInputElement).disabled)).toBe(true);
    act(() => release());
    await waitFor(() => expect(box('Seller', 'Contract rights')).toBeChecked());
    expect(box('Seller', 'Contract rights')).toHaveAccessibleDescription('Completed by Sam Seller on Nov 21, 2026 1:05 PM');
    expect(screen.getAllByRole('checkbox').some((c) => (c as HTMLInputElement).disabled)).toBe(false);
    expect(screen.getByText('3%')).toBeInTheDocument();
  });

  test('a broker item ticked from the seller column flips the one item', async () => {
    let current = answer();
    route = (method, _url, body) => {
      if (method === 'PUT') current = flip(current, (body as { itemId: string }).itemId, 'Morgan Broker');
      return { status: 200, body: current };
    };
    show('BROKER');
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Seller: Broker deposits earnest money' }));
    await waitFor(() => expect(box('Buyer', 'Broker deposits earnest money')).toBeChecked());
    expect(calls.filter((c) => c.method === 'PUT').map((c) => [c.url, c.body])).toEqual([
      ['/api/broker/listings/L1/pre-close-checklist/item', { categoryId: 'A', itemId: 'A5', userRole: 'broker' }],
    ]);
  });

  test('a failed update says "Failed to update checklist item. Please try again." and leaves the box as it was', async () => {
    route = (method) => (method === 'GET' ? { status: 200, body: answer() } : { status: 500, body: { message: 'Something went wrong' } });
    show('seller');
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Buyer: Buyer attorney review' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to update checklist item. Please try again.');
    expect(box('Buyer', 'Buyer attorney review')).not.toBeChecked();
    expect(box('Buyer', 'Buyer attorney review')).toBeEnabled();
  });

  test.each([
    ['a failed load', { status: 503, body: { message: 'Service unavailable' } }],
    ['an answer without a checklist', { status: 200, body: { checklist: null, lastUpdatedBy: null, updatedAt: null } }],
  ])('%s shows the built-in default silently', async (_what, reply) => {
    route = () => reply;
    show('seller');
    expect(await screen.findAllByRole('table')).toHaveLength(4);
    expect(screen.getAllByRole('checkbox').every((c) => !(c as HTMLInputElement).checked)).toBe(true);
    expect(screen.getByText('0%')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  test('the path prefix follows the role; an unknown role falls back to /seller', () => {
    expect(['BROKER', 'agent', 'Seller', 'BUYER', 'ADMIN', ''].map(checklistPrefix)).toEqual(['broker', 'agent', 'seller', 'buyer', 'seller', 'seller']);
  });
});

/** A stand-in for the browser's EventSource (GET /api/events): the test pushes the live notices. */
class FakeEventSource {
  static opened: FakeEventSource[] = [];
  onmessage: ((m: MessageEvent<string>) => void) | null = null;
  onerror: (() => void) | null = null;
  readyState = 1;
  closed = false;
  constructor(readonly url: string) {
    FakeEventSource.opened.push(this);
  }
  close() {
    this.closed = true;
  }
  emit(data: unknown, lastEventId = '') {
    this.onmessage?.({ data: JSON.stringify(data), lastEventId } as MessageEvent<string>);
  }
}

describe('Checklist live refresh', () => {
  const notice = (listingId: string, itemId: string) => ({
    type: 'checklist.changed', listingId, categoryId: itemId[0], itemId, completed: true,
    by: { id: 'u-4', name: 'Blake Buyer', role: 'BUYER' }, at: new Date().toISOString(),
  });
  beforeEach(() => {
    FakeEventSource.opened = [];
    Object.assign(globalThis, { EventSource: FakeEventSource });
  });
  afterEach(() => {
    delete (globalThis as { EventSource?: unknown }).EventSource;
  });

  test('another party\'s tick (checklist.changed of this listing on /api/events) appears without reload; other listings and other events reload nothing', async () => {
    let current = answer();
    route = () => ({ status: 200, body: current });
    const { unmount } = show('SELLER', 'L1');
    expect(await screen.findByText('0%')).toBeInTheDocument();
    expect(FakeEventSource.opened).toHaveLength(1);
    const [es] = FakeEventSource.opened;
    expect(es!.url).toMatch(/\/api\/events$/);
    const gets = () => calls.filter((c) => c.method === 'GET' && c.url === '/api/seller/listings/L1/pre-close-checklist').length;
    expect(gets()).toBe(1);

    // the buyer ticks in their browser: the server has it, and the notice arrives on this user's stream
    current = flip(current, 'A1', 'Blake Buyer');
    act(() => es!.emit(notice('L1', 'A1'), '1700000000000-1'));
    await waitFor(() => expect(box('Buyer', 'Buyer makes an offer (Letter Of Intent)')).toBeChecked());
    expect(box('Buyer', 'Buyer makes an offer (Letter Of Intent)')).toHaveAccessibleDescription(/^Completed by Blake Buyer on /);
    expect(screen.getByText('3%')).toBeInTheDocument();
    expect(gets()).toBe(2);

    // a notice of another listing, a message notice, and a malformed one: nothing reloads
    current = flip(current, 'A3', 'Blake Buyer');
    act(() => {
      es!.emit(notice('L2', 'A3'));
      es!.emit({ type: 'message.new', messageId: 'm1', senderName: 'Avery Agent', at: 'now' });
      es!.emit({ type: 'checklist.changed' });
    });
    await new Promise((r) => setTimeout(r, 50));
    expect(gets()).toBe(2);
    expect(box('Seller', 'Negotiate mutual agreement')).not.toBeChecked();

    // the listing id is compared without regard to case (uuids)
    act(() => es!.emit(notice('l1', 'A3')));
    await waitFor(() => expect(box('Seller', 'Negotiate mutual agreement')).toBeChecked());
    unmount();
    expect(es!.closed).toBe(true);
  });
});
