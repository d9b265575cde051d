import { act, render } from '@testing-library/react';
import { QueryClient, QueryClientProvider, type QueryKey } from '@tanstack/react-query';
import { LIVE_EVENT_TYPES } from '@brokerage/contracts/live-events';
import { LIVE_INVALIDATIONS, useLiveUpdates } from '../src/components/live-events';

/** A stand-in for the browser's EventSource (GET /api/events): the test pushes the live events. */
class FakeEventSource {
  static opened: FakeEventSource[] = [];
  onmessage: ((m: MessageEvent<string>) => void) | null = null;
  onopen: (() => void) | null = null;
  closed = false;
  constructor(readonly url: string) {
    FakeEventSource.opened.push(this);
  }
  close() {
    this.closed = true;
  }
  emit(data: unknown) {
    this.onmessage?.({ data: JSON.stringify(data), lastEventId: '' } as MessageEvent<string>);
  }
}

const L = '0b7a9c1e-0000-4000-8000-000000000001';
const B = 'buyer-1';
/** Cached queries of the screens of every area (as the remotes key them). */
const KEYS: Record<string, QueryKey> = {
  buyerProgress: ['portal', 'buyer', 'progress'],
  buyerCim: ['portal', 'buyer', 'cbr-cim'],
  buyerNdaDraft: ['portal', 'buyer', 'form', 'nda'],
  sellerProgress: ['portal', 'seller', 'progress'],
  sellerActivity: ['portal', 'seller', 'buyer-activity', L],
  sellerListings: ['portal', 'seller', 'listings'],
  staffDocuments: ['staff-documents', 'broker', L, null],
  staffProgress: ['staff-progress', 'broker', 'buyers', B, L],
  staffOffers: ['staff-offers', 'broker', B, L],
  staffListings: ['staff', 'broker', 'listings'],
  dueDiligence: ['due-diligence', L, 'buyer', 'self'],
  checklist: ['checklist', L, 'seller'],
  messages: ['messages', 'inbox'],
};

function Frame() {
  useLiveUpdates();
  return null;
}

function setup() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  for (const key of Object.values(KEYS)) client.setQueryData(key, { cached: true });
  // two frames mounted (e.g. a checklist inside the portal frame): still one refresh per event
  const invalidate = jest.spyOn(client, 'invalidateQueries');
  render(
    <QueryClientProvider client={client}>
      <Frame />
      <Frame />
    </QueryClientProvider>,
  );
  const invalidated = () =>
    Object.entries(KEYS)
      .filter(([, key]) => client.getQueryState(key)?.isInvalidated)
      .map(([name]) => name)
      .sort();
  return { client, invalidate, invalidated, es: FakeEventSource.opened[0]! };
}

beforeEach(() => {
  FakeEventSource.opened = [];
  Object.assign(globalThis, { EventSource: FakeEventSource });
});
afterEach(() => {
  delete (globalThis as { EventSource?: unknown }).EventSource;
});

describe('useLiveUpdates: each live event refreshes only the queries it touches', () => {
  test('every event type of the contracts list has its entry in the table', () => {
    expect(Object.keys(LIVE_INVALIDATIONS).sort()).toEqual([...LIVE_EVENT_TYPES].sort());
  });

  test('a document upload: the file lists (staff rows, the buyer\'s CIM, due diligence, Buyer Activity), not progress, offers, messages or a draft', () => {
    const { invalidated, es } = setup();
    expect(FakeEventSource.opened).toHaveLength(1);
    act(() => es.emit({ type: 'document.uploaded', listingId: L, documentId: 'd1', at: 'now' }));
    expect(invalidated()).toEqual(['buyerCim', 'dueDiligence', 'sellerActivity', 'staffDocuments']);
  });

  test('a buyer\'s step: that buyer\'s screens (not the draft being filled in), staff progress of that buyer, the seller\'s Buyer Activity', () => {
    const { invalidated, es } = setup();
    act(() => es.emit({ type: 'step.completed', listingId: L, userId: B, stepId: 3, kind: 'BUYER', by: 'staff', at: 'now' }));
    expect(invalidated()).toEqual(['buyerCim', 'buyerProgress', 'dueDiligence', 'sellerActivity', 'staffProgress']);
  });

  test('an offer, a listing change, a tick and a message each touch their own queries; an unknown type nothing', () => {
    const { client, invalidated, es } = setup();
    act(() => es.emit({ type: 'offer.recorded', listingId: L, userId: B, at: 'now' }));
    expect(invalidated()).toEqual(['sellerActivity', 'staffOffers']);
    for (const key of Object.values(KEYS)) client.setQueryData(key, { cached: true });
    act(() => es.emit({ type: 'listing.changed', listingId: L, at: 'now' }));
    expect(invalidated()).toEqual(['sellerListings', 'staffListings']);
    for (const key of Object.values(KEYS)) client.setQueryData(key, { cached: true });
    act(() => {
      es.emit({ type: 'checklist.changed', listingId: L.toUpperCase(), at: 'now' });
      es.emit({ type: 'message.new', messageId: 'm1', senderName: 'A', at: 'now' });
      es.emit({ type: 'listing.exploded', listingId: L });
    });
    expect(invalidated()).toEqual(['checklist', 'messages']);
  });

  test('one refresh per event however many frames listen', () => {
    const { invalidate, es } = setup();
    act(() => es.emit({ type: 'message.read', messageId: 'm1', at: 'now' }));
    expect(invalidate).toHaveBeenCalledTimes(1);
  });

  test('once connected, what was read before the stream opened is read again (an event may have gone by); drafts are not', () => {
    const { invalidate, invalidated, es } = setup();
    act(() => es.onopen?.());
    expect(invalidate).toHaveBeenCalledTimes(1); // two frames, one refresh
    expect(invalidated()).toEqual(Object.keys(KEYS).filter((k) => k !== 'buyerNdaDraft').sort());
  });

  test('a read in flight when the stream connects is read again once it lands (its answer may predate a missed event)', async () => {
    const { client, es } = setup();
    const key = ['due-diligence', L, 'buyer', 'self', 'in-flight'];
    let answer!: (v: unknown) => void;
    const landed = client.fetchQuery({ queryKey: key, queryFn: () => new Promise((resolve) => { answer = resolve; }) });
    act(() => es.onopen?.());
    expect(client.getQueryState(key)?.isInvalidated).toBe(false); // not cancelled while in flight
    await act(async () => { answer({ requested: false }); await landed; });
    expect(client.getQueryState(key)?.isInvalidated).toBe(true);
  });
});
