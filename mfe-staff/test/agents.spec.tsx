import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AgentWithStats } from '@brokerage/contracts/staff-views';
import { signedIn, stubApi } from '../../packages/ui/test/remote-harness';
import { FRAME, held, inMain, ok, show } from './staff-fixtures';

// /broker/agents — Agents Overview (spec part 3 §2, §8) in its states. Moved from e2e staff/agents-dashboard: the
// totals as sums, the row's cells, delete with confirm, the failed delete's text.

const agent = (i: number, stats: AgentWithStats['stats'], o: Partial<AgentWithStats> = {}): AgentWithStats => ({
  id: `a-${i}`, name: `Agent ${i}`, email: `agent${i}@example.com`, phone: null, isActive: true, createdAt: '2026-11-20T10:00:00.000Z', stats, ...o,
});
const AGENTS = [
  agent(1, { numberOfListings: 3, numberUnderContract: 1, closingsToDate: 2 }, { phone: '555-0101' }),
  agent(2, { numberOfListings: 1, numberUnderContract: 1, closingsToDate: 0 }, { name: 'Drew Agent', email: 'drew@example.com' }),
];
const total = (label: string) =>
  within(screen.getByRole('list', { name: 'Totals over all agents' })).getByText(label, { exact: true }).closest('li')!.querySelector('.bb-stat__value');

beforeEach(() => signedIn('BROKER'));

describe('broker Agents Overview', () => {
  test('loading, then the agents with their stats; the totals are sums over all agents', async () => {
    const h = held<{ status: number; body: unknown }>();
    stubApi({ ...FRAME, 'GET /api/broker/agents-with-stats': h.reply });
    show('/broker/agents');
    expect(await inMain().findByText('Loading agents...')).toBeInTheDocument();
    h.release(ok({ agents: AGENTS }));
    const table = await inMain().findByRole('table', { name: 'Agents' });
    expect(total('Agents')).toHaveTextContent('2');
    expect(total('Total Listings')).toHaveTextContent('4');
    expect(total('Total Under Contract')).toHaveTextContent('2');
    expect(total('Total Closings to Date')).toHaveTextContent('2');
    const row = within(table).getByRole('row', { name: /Drew Agent/ });
    expect(within(row).getAllByRole('cell').map((c) => c.textContent)).toEqual(['Drew Agent', 'drew@example.com', '—', '1', '1', '0', 'Delete Drew Agent']);
    expect(within(table).getByRole('row', { name: /Agent 1/ })).toHaveTextContent('555-0101');
  });

  test.each([
    ['a 500 with the generic body', { status: 500, body: { message: 'Something went wrong' } }],
    ['a 502 without a body', { status: 502 }],
  ])('%s: "Failed to load agents" (not the body, not "Request failed (…)"), with Retry', async (_name, failure) => {
    let reply: { status: number; body?: unknown } = failure;
    stubApi({ ...FRAME, 'GET /api/broker/agents-with-stats': () => reply });
    show('/broker/agents');
    expect(await inMain().findByText('Failed to load agents')).toBeInTheDocument();
    expect(inMain().queryByText(/Something went wrong|Request failed/)).not.toBeInTheDocument();
    reply = ok({ agents: AGENTS });
    await userEvent.click(inMain().getByRole('button', { name: 'Retry' }));
    expect(await inMain().findByRole('table', { name: 'Agents' })).toBeInTheDocument();
  });

  test('a refusal with its own message (a 4xx) says that message (spec: "the error message or Failed to load agents")', async () => {
    stubApi({ ...FRAME, 'GET /api/broker/agents-with-stats': { status: 403, body: { message: 'Insufficient permissions' } } });
    show('/broker/agents');
    expect(await inMain().findByText('Insufficient permissions')).toBeInTheDocument();
    expect(inMain().queryByText('Failed to load agents')).not.toBeInTheDocument();
  });

  test('empty: "No agents yet. Create one in the Admin Portal with the role Agent."', async () => {
    stubApi({ ...FRAME, 'GET /api/broker/agents-with-stats': ok({ agents: [] }) });
    show('/broker/agents');
    expect(await inMain().findByText('No agents yet. Create one in the Admin Portal with the role Agent.')).toBeInTheDocument();
    expect(inMain().queryByRole('table')).not.toBeInTheDocument();
  });

  test('delete asks first (Cancel keeps the agent); confirming deletes and reloads the list', async () => {
    let agents = AGENTS;
    const calls = stubApi({
      ...FRAME,
      'GET /api/broker/agents-with-stats': () => ok({ agents }),
      'DELETE /api/broker/agent/a-2': () => {
        agents = AGENTS.slice(0, 1);
        return ok({ message: 'Agent deleted successfully' });
      },
    });
    show('/broker/agents');
    const table = await inMain().findByRole('table', { name: 'Agents' });
    await userEvent.click(within(table).getByRole('button', { name: 'Delete Drew Agent' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete agent' });
    expect(dialog).toHaveTextContent('Are you sure you want to delete Drew Agent? Their listings and sellers return to the broker. This cannot be undone.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

    await userEvent.click(within(table).getByRole('button', { name: 'Delete Drew Agent' }));
    await userEvent.click(within(screen.getByRole('alertdialog', { name: 'Delete agent' })).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Agent Drew Agent deleted')).toBeInTheDocument();
    await waitFor(() => expect(within(table).queryByRole('row', { name: /Drew Agent/ })).not.toBeInTheDocument());
  });

  test('a delete the server refuses says "Failed to delete agent: {server message}"', async () => {
    stubApi({
      ...FRAME,
      'GET /api/broker/agents-with-stats': ok({ agents: AGENTS }),
      'DELETE /api/broker/agent/a-2': { status: 404, body: { message: 'Agent not found' } },
    });
    show('/broker/agents');
    await userEvent.click(await inMain().findByRole('button', { name: 'Delete Drew Agent' }));
    await userEvent.click(within(screen.getByRole('alertdialog', { name: 'Delete agent' })).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Failed to delete agent: Agent not found', { exact: true })).toBeInTheDocument();
  });
});

describe('the agent area has no agents or admin page', () => {
  test.each(['/agent/agents', '/agent/admin'])('%s: "Page not found"', async (path) => {
    signedIn('AGENT');
    stubApi({ ...FRAME });
    show(path);
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeInTheDocument();
  });
});
