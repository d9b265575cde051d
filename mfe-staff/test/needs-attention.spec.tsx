import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { NEEDS_ATTENTION_TEXT, type NeedsAttentionItem } from '@brokerage/contracts/needs-attention';
import { FIRST_ITEMS, NeedsAttentionView, type NeedsAttentionState } from '../src/features/dashboard/components/NeedsAttention';

const L = '00000000-0000-4000-8000-000000000101';
const B = '00000000-0000-4000-8000-000000000004';
const S = '00000000-0000-4000-8000-000000000003';
const item = (o: Partial<NeedsAttentionItem>): NeedsAttentionItem => ({
  kind: 'nda-signed', listingId: L, listingTitle: 'Roastery', clientId: B, clientName: 'Blake Buyer', clientKind: 'buyers', count: 1,
  at: '2026-11-20T10:00:00.000Z', ...o,
});

const show = (state: NeedsAttentionState, area: 'broker' | 'agent' = 'broker') =>
  render(
    <MemoryRouter>
      <NeedsAttentionView area={area} state={state} />
    </MemoryRouter>,
  );

describe('the dashboard\'s Needs attention list', () => {
  test('empty: a friendly line, no list', () => {
    show({ status: 'ok', items: [], total: 0, unread: 0 });
    const card = screen.getByRole('region', { name: 'Needs attention' });
    expect(card).toHaveTextContent('Nothing needs your attention right now.');
    expect(within(card).queryByRole('list')).toBeNull();
  });

  test('items: each a link to the place to act (the client\'s progress view, the messages), with its kind and date', () => {
    show({
      status: 'ok',
      total: 4,
      unread: 2,
      items: [
        item({}),
        item({ kind: 'client-upload', clientId: S, clientName: 'Sam Seller', clientKind: 'sellers', count: 3 }),
        item({ kind: 'due-diligence-request', count: 1 }),
        item({ kind: 'idle-journey', at: null }),
      ],
    }, 'agent');
    const list = screen.getByRole('list', { name: 'Needs attention' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(5);
    const link = (name: string) => within(list).getByRole('link', { name });
    expect(link('You have 2 unread messages')).toHaveAttribute('href', '/agent/messages');
    expect(link('Blake Buyer signed the NDA for Roastery: awaiting approval')).toHaveAttribute('href', `/agent/buyers/${B}/${L}`);
    expect(link('Sam Seller uploaded 3 files to Roastery')).toHaveAttribute('href', `/agent/sellers/${S}/${L}`);
    expect(link('Blake Buyer is waiting for 1 due-diligence document on Roastery')).toHaveAttribute('href', `/agent/buyers/${B}/${L}`);
    expect(link('Blake Buyer on Roastery: no completed step or message for 14 days')).toBeInTheDocument();
    expect(rows[1]).toHaveTextContent('NDA signed');
    expect(rows[1]).toHaveTextContent('Nov 20, 2026');
    expect(rows[4]!.querySelector('time')).toBeNull();
  });

  test('a long list shows the first items and "Show all"; the server\'s cut is said', async () => {
    const items = Array.from({ length: 12 }, (_, i) => item({ clientId: `b-${i}`, clientName: `Buyer ${i}` }));
    show({ status: 'ok', items, total: 130, unread: 0 });
    const list = screen.getByRole('list', { name: 'Needs attention' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(FIRST_ITEMS);
    await userEvent.click(screen.getByRole('button', { name: 'Show all 12' }));
    expect(within(list).getAllByRole('listitem')).toHaveLength(12);
    expect(screen.getByText(NEEDS_ATTENTION_TEXT.more(12, 130))).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Show fewer' })).toHaveAttribute('aria-expanded', 'true');
  });

  test('error: the failure text and Retry, which asks again', async () => {
    const retry = jest.fn();
    show({ status: 'error', retry });
    expect(screen.getByText(NEEDS_ATTENTION_TEXT.loadFailed)).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Needs attention' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(retry).toHaveBeenCalledTimes(1);
  });

  test('loading: a status line', () => {
    show({ status: 'pending' });
    expect(screen.getByRole('status')).toHaveTextContent('Loading what needs attention...');
  });
});
