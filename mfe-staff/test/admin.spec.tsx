import { fireEvent, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import type { AdminUser } from '@brokerage/contracts/admin';
import { AdminPage, matchesUser } from '../src/features/admin/components/AdminPage';
import { stubFetch } from '../../packages/ui/test/fetch-stub';

const ROLES = ['BUYER', 'SELLER', 'AGENT', 'BROKER'] as const;
const user = (i: number): AdminUser => ({
  id: `u-${i}`, name: `Person ${i}`, email: `person${i}@example.com`, role: ROLES[i % 4]!, isActive: i % 5 !== 0,
  createdAt: '2026-11-27T12:08:00.000Z', phone: null, manager: null, passwordSet: true, passwordSetAt: '2026-11-27T12:08:00.000Z',
});
const USERS = [...Array.from({ length: 32 }, (_, i) => user(i + 1)), { ...user(99), name: 'Zoë Quartz', email: 'zq@brokers.test', role: 'AGENT' as const }];

function showAdmin() {
  stubFetch((_m, url) =>
    url.endsWith('/admin/users')
      ? { status: 200, body: { users: USERS } }
      : { status: 200, body: { stats: { totalUsers: 33, activeUsers: 27, inactiveUsers: 6, roleDistribution: { BROKER: 8, AGENT: 9, SELLER: 8, BUYER: 8 } } } },
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <AdminPage />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}
const bodyRows = () => within(screen.getByRole('table', { name: 'Users' })).getAllByRole('row').slice(1);

describe('Admin Portal users', () => {
  test('matchesUser: name, e-mail or role, any case', () => {
    const u = { name: 'Zoë Quartz', email: 'zq@brokers.test', role: 'AGENT' as const };
    for (const q of ['zoë', 'QUARTZ', 'zq@', 'brokers.test', 'agent', ' Agent ', '']) expect(matchesUser(u, q)).toBe(true);
    expect(matchesUser(u, 'seller')).toBe(false);
  });

  test('the search box filters the list of 30+ by name, e-mail or role and says how many match', async () => {
    showAdmin();
    expect(await screen.findAllByRole('row')).toHaveLength(34);
    const search = screen.getByRole('searchbox', { name: 'Search users' });
    const type = (text: string) => fireEvent.change(search, { target: { value: text } });
    type('quartz');
    expect(bodyRows()).toHaveLength(1);
    expect(bodyRows()[0]).toHaveTextContent('zq@brokers.test');
    expect(screen.getByRole('status')).toHaveTextContent('1 user matches “quartz”');
    type('seller');
    expect(bodyRows()).toHaveLength(8);
    for (const r of bodyRows()) expect(r).toHaveTextContent('SELLER');
    type('person7@');
    expect(bodyRows()).toHaveLength(1);
    type('nobody-like-this');
    expect(screen.getByRole('table', { name: 'Users' })).toHaveTextContent('No users match “nobody-like-this”.');
  });

  test('dates are short ("Nov 27, 2026", full time on hover); every row action has the one button style', async () => {
    showAdmin();
    await screen.findAllByRole('row');
    const created = bodyRows()[0]!.querySelector('time')!;
    expect(created.textContent).toBe('Nov 27, 2026');
    expect(created.getAttribute('title')).toMatch(/^Nov 27, 2026 \d{1,2}:08 (AM|PM)$/);
    const buttons = within(screen.getByRole('table', { name: 'Users' })).getAllByRole('button');
    expect(new Set(buttons.map((b) => b.className))).toEqual(new Set(['bb-btn bb-btn--secondary bb-btn--sm']));
  });
});
