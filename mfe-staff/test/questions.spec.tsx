import { screen, within } from '@testing-library/react';
import StaffApp from '../src/App';
import { renderAt, signedIn, stubApi } from '../../packages/ui/test/remote-harness';

// The listing's Questions page (issue 24 §3) in the staff remote: the route, the shared QuestionsPanel in staff mode,
// and the link to it from the listing's Activity page. The panel's own behaviour: packages/ui/test/questions-panel.

const L = '00000000-0000-4000-8000-00000000a001';
const LISTING = {
  id: L, title: 'Harbour Roastery', description: 'Coffee roaster', price: 425000, status: 'ACTIVE',
  seller: { id: 's-1', name: 'Sam Seller' }, privateSeller: null, buyers: [], agent: null, closedAt: null,
  createdAt: '2026-11-20T10:00:00.000Z', updatedAt: '2026-11-20T10:00:00.000Z',
};
const QUESTION = {
  id: 'q-1', listingId: L, text: 'Is the lease assignable?', documentName: 'Lease Agreements', state: 'Open', askedAt: '2026-11-27T15:00:00.000Z',
  askerId: 'b-1', askerName: 'Blake Buyer', answer: null, releasedTo: null, mergedInto: null, history: [],
};
const FRAME = {
  'GET /api/messages/unread-count': { status: 200, body: { count: 0 } },
  'GET /api/agent/needs-attention': { status: 200, body: { items: [], total: 0, unread: 0 } },
} as const;
const main = () => screen.getByRole('main');

test('agent: /agent/listings/:id/questions shows every question with its asker and the staff actions', async () => {
  signedIn('AGENT');
  stubApi({
    ...FRAME,
    [`GET /api/agent/listings/${L}`]: { status: 200, body: { listing: LISTING } },
    [`GET /api/agent/listings/${L}/questions`]: { status: 200, body: { questions: [QUESTION] } },
  });
  renderAt(<StaffApp />, `/agent/listings/${L}/questions`, '/agent/*');
  expect(await within(main()).findByRole('heading', { level: 1, name: 'Questions' })).toBeInTheDocument();
  const item = await within(main()).findByRole('article', { name: 'Is the lease assignable?' });
  expect(within(item).getByText(/Asked by Blake Buyer/)).toBeInTheDocument();
  expect(within(item).getByRole('button', { name: 'Route to seller “Is the lease assignable?”' })).toBeInTheDocument();
  expect(await within(main()).findByText('Harbour Roastery')).toBeInTheDocument();
});

test('the listing\'s Activity page links to its Questions page', async () => {
  signedIn('AGENT');
  stubApi({
    ...FRAME,
    [`GET /api/agent/listings/${L}`]: { status: 200, body: { listing: LISTING } },
    [`GET /api/agent/listings/${L}/activity`]: { status: 200, body: { downloads: [] } },
    [`GET /api/agent/listings/${L}/engagement`]: { status: 200, body: { buyers: [] } },
  });
  renderAt(<StaffApp />, `/agent/listings/${L}/activity`, '/agent/*');
  expect(await within(main()).findByRole('heading', { level: 1, name: 'Activity' })).toBeInTheDocument();
  expect(await within(main()).findByRole('link', { name: 'Questions on Harbour Roastery' })).toHaveAttribute('href', `/agent/listings/${L}/questions`);
});
