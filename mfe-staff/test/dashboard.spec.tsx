import { screen, within } from '@testing-library/react';
import { signedIn, stubApi } from '../../packages/ui/test/remote-harness';
import { FRAME, held, inMain, ok, show } from './staff-fixtures';

// /broker and /agent — the five stat cards (spec part 3 §2; deviation 5: the server's figures only). Moved from e2e
// staff/agents-dashboard and staff/agent; the figures themselves (brokerage-wide, the agent's assignments) are
// services/listings/test/dashboards-people.spec.ts's. The failed load is in screens.spec.tsx.

const STATS = { totalActiveListings: 12, totalUnderContract: 3, newListingsThisMonth: 4, totalNDA: 7, totalClosedDeals: 2 };
const card = (list: string, label: string) =>
  within(screen.getByRole('list', { name: list })).getByText(label, { exact: true }).closest('li')!.querySelector('.bb-stat__value');

test.each([
  ['BROKER', '/broker', 'Broker Dashboard', 'Brokerage at a glance'],
  ['AGENT', '/agent', 'Agent Dashboard', 'Your assigned listings at a glance'],
] as const)('%s: loading, then the five cards with the server\'s figures of its own area', async (role, path, heading, list) => {
  signedIn(role);
  const h = held<{ status: number; body: unknown }>();
  const calls = stubApi({ ...FRAME, [`GET /api${path}/dashboard`]: h.reply });
  show(path);
  expect(await inMain().findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
  expect(await inMain().findByText('Loading dashboard...')).toBeInTheDocument();
  h.release(ok({ stats: STATS }));
  await inMain().findByRole('list', { name: list });
  expect(card(list, 'Total Active Listings')).toHaveTextContent('12');
  expect(card(list, 'Total under contract')).toHaveTextContent('3');
  expect(card(list, 'New Listings This Month')).toHaveTextContent('4');
  expect(card(list, 'Non Disclosure agreement')).toHaveTextContent('7');
  expect(card(list, 'Total Closed Deals (YTD)')).toHaveTextContent('2');
  expect(calls.some((c) => c.url.startsWith(role === 'AGENT' ? '/api/broker/' : '/api/agent/'))).toBe(false);
});
