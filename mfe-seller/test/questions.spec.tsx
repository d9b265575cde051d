import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import App from '../src/App';
import { progressBody, renderAt, signedIn, stubApi } from '../../packages/ui/test/remote-harness';

// The seller's Questions screen (issue 24 §3): a sidebar link under the steps, the route mounting the shared
// QuestionsPanel for the selected listing. The panel's own behaviour: packages/ui/test/questions-panel.

const L = '00000000-0000-4000-8000-00000000a001';
const LISTING = { id: L, title: 'Harbour Roastery', description: 'Coffee roaster', price: 425000, status: 'ACTIVE', buyers: [] };
const QUESTION = {
  id: 'q-1', listingId: L, text: 'Is the lease assignable?', documentName: 'Lease Agreements', state: 'With seller', askedAt: '2026-11-27T15:00:00.000Z',
  answer: null, releasedTo: null, mergedInto: null, history: [],
};

beforeEach(() => signedIn('SELLER'));

test('the sidebar links to Questions, which shows the selected listing\'s questions', async () => {
  stubApi({
    'GET /api/seller/progress': { status: 200, body: progressBody('seller', 3) },
    'GET /api/messages/unread-count': { status: 200, body: { count: 0 } },
    'GET /api/seller/current-listing': { status: 200, body: { listing: LISTING, needsSelection: false } },
    [`GET /api/seller/listings/${L}/questions`]: { status: 200, body: { questions: [QUESTION] } },
  });
  renderAt(<App />, '/seller', '/seller/*');
  const nav = screen.getByRole('navigation', { name: 'Seller Portal navigation' });
  await userEvent.click(within(nav).getByRole('link', { name: 'Questions' }));
  const main = screen.getByRole('main');
  expect(await within(main).findByRole('heading', { level: 1, name: 'Questions' })).toBeInTheDocument();
  expect(await within(main).findByRole('article', { name: 'Is the lease assignable?' })).toBeInTheDocument();
  expect(within(main).getByRole('button', { name: 'Send answer' })).toBeInTheDocument();
  expect(within(nav).getByRole('link', { name: 'Questions' })).toHaveAttribute('aria-current', 'page');
});
