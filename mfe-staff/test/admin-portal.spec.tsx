import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminUser } from '@brokerage/contracts/admin';
import { signedIn, stubApi } from '../../packages/ui/test/remote-harness';
import { FRAME, inMain, ok, show } from './staff-fixtures';

// /broker/admin — Admin Portal - User Management (spec part 3 §2, §5, §8; deviation 3) mounted as the shell mounts
// it. Moved from e2e staff/admin: the stat cards, the create form's required fields and default role, the assigned
// agent for sellers, the request, archive/reactivate, the password column and "Set new password", the failed create.
// The created agent signing in (a journey across roles) stays in e2e.

const STATS = { totalUsers: 33, activeUsers: 27, inactiveUsers: 6, roleDistribution: { BROKER: 8, AGENT: 9, SELLER: 8, BUYER: 8 } };
const AGENT_USER: AdminUser = {
  id: 'a-1', name: 'Avery Agent', email: 'agent@example.com', role: 'AGENT', isActive: true, createdAt: '2026-11-27T12:08:00.000Z', phone: null,
  manager: null, passwordSet: true, passwordSetAt: '2026-11-27T12:08:00.000Z',
};
const BUYER_USER: AdminUser = { ...AGENT_USER, id: 'u-b', name: 'Bea Buyer', email: 'bea@example.com', role: 'BUYER', passwordSetAt: '2026-11-26T09:00:00.000Z' };
const stat = (label: string) =>
  within(screen.getByRole('list', { name: 'User statistics' })).getByText(label, { exact: true }).closest('li')!.querySelector('.bb-stat__value');
const row = (email: string) => within(screen.getByRole('table', { name: 'Users' })).getByRole('row', { name: new RegExp(email.replace(/\./g, '\\.')) });

function admin(o: Record<string, unknown> = {}, users: () => AdminUser[] = () => [AGENT_USER, BUYER_USER]) {
  return stubApi({
    ...FRAME,
    'GET /api/admin/stats': ok({ stats: STATS }),
    'GET /api/admin/users': () => ok({ users: users() }),
    'GET /api/users/by-role': ok({ users: [{ id: 'a-1', name: 'Avery Agent', email: 'agent@example.com', role: 'AGENT' }] }),
    ...o,
  } as never);
}
async function openCreate() {
  await userEvent.click(await inMain().findByRole('button', { name: 'Create User' }));
  return within(screen.getByRole('region', { name: 'Create User' }));
}

beforeEach(() => signedIn('BROKER'));

describe('broker Admin Portal', () => {
  test('the stat cards show the server\'s figures', async () => {
    admin();
    show('/broker/admin');
    await inMain().findByRole('list', { name: 'User statistics' });
    expect(stat('Total Users')).toHaveTextContent('33');
    expect(stat('Active Users')).toHaveTextContent('27');
    expect(stat('Inactive Users')).toHaveTextContent('6');
    expect(stat('Agents')).toHaveTextContent('9');
    expect(stat('Buyers')).toHaveTextContent('8');
  });

  test('create: e-mail and password are required, the role defaults to Buyer; Assigned agent only for a seller', async () => {
    const calls = admin();
    show('/broker/admin');
    const form = await openCreate();
    expect(form.getByLabelText('Role')).toHaveValue('BUYER');
    expect(form.queryByLabelText('Assigned agent')).not.toBeInTheDocument();
    await userEvent.click(form.getByRole('button', { name: 'Create User' }));
    expect(await form.findByText('Email is required')).toBeInTheDocument();
    expect(form.getByText('Password is required')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await userEvent.selectOptions(form.getByLabelText('Role'), 'SELLER');
    expect(form.getByLabelText('Assigned agent')).toBeInTheDocument();
  });

  test('create a seller with an assigned agent: the request, "User created successfully", the list reloads', async () => {
    let users = [AGENT_USER];
    const created: AdminUser = { ...AGENT_USER, id: 'u-s', name: 'Sid Seller', email: 'sid@example.com', role: 'SELLER', manager: { id: 'a-1', name: 'Avery Agent' } };
    const calls = admin({ 'POST /api/admin/users': () => ((users = [AGENT_USER, created]), { status: 201, body: { message: 'User created', user: created } }) }, () => users);
    show('/broker/admin');
    const form = await openCreate();
    await userEvent.type(form.getByLabelText(/^Email/), 'sid@example.com');
    await userEvent.type(form.getByLabelText(/^Password/), 'seller-pass-1');
    await userEvent.type(form.getByLabelText('Name'), 'Sid Seller');
    await userEvent.selectOptions(form.getByLabelText('Role'), 'SELLER');
    await userEvent.selectOptions(form.getByLabelText('Assigned agent'), 'a-1');
    await userEvent.click(form.getByRole('button', { name: 'Create User' }));
    expect(await screen.findByText('User created successfully')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')!.body).toMatchObject({ email: 'sid@example.com', password: 'seller-pass-1', name: 'Sid Seller', role: 'SELLER', managerId: 'a-1' });
    await waitFor(() => expect(row('sid@example.com')).toHaveTextContent('Avery Agent'));
    expect(row('sid@example.com')).toHaveTextContent('SELLER');
  });

  test('a refused create: "Failed to create user. Please try again."', async () => {
    admin({ 'POST /api/admin/users': { status: 409, body: { message: 'User already exists' } } });
    show('/broker/admin');
    const form = await openCreate();
    await userEvent.type(form.getByLabelText(/^Email/), 'agent@example.com');
    await userEvent.type(form.getByLabelText(/^Password/), 'whatever-1');
    await userEvent.click(form.getByRole('button', { name: 'Create User' }));
    expect(await screen.findByText('Failed to create user. Please try again.')).toBeInTheDocument();
  });

  test('archive: Inactive and Reactivate; reactivate: Active', async () => {
    let active = true;
    admin({
      'PATCH /api/admin/users/u-b/archive': () => ((active = false), ok({ message: 'x', user: BUYER_USER })),
      'PATCH /api/admin/users/u-b/reactivate': () => ((active = true), ok({ message: 'x', user: BUYER_USER })),
    }, () => [AGENT_USER, { ...BUYER_USER, isActive: active }]);
    show('/broker/admin');
    await inMain().findByRole('table', { name: 'Users' });
    await userEvent.click(within(row('bea@example.com')).getByRole('button', { name: 'Archive bea@example.com' }));
    await waitFor(() => expect(row('bea@example.com')).toHaveTextContent('Inactive'));
    await userEvent.click(within(row('bea@example.com')).getByRole('button', { name: 'Reactivate bea@example.com' }));
    await waitFor(() => expect(row('bea@example.com')).not.toHaveTextContent('Inactive'));
    expect(row('bea@example.com')).toHaveTextContent('Active');
  });

  test('the password column (hidden until asked) says whether and when a password was set; "Set new password" sends it', async () => {
    const calls = admin({ 'PUT /api/admin/users/u-b': ok({ message: 'User updated', user: BUYER_USER }) });
    show('/broker/admin');
    const table = await inMain().findByRole('table', { name: 'Users' });
    expect(within(table).queryByRole('columnheader', { name: 'Password' })).not.toBeInTheDocument();
    await userEvent.click(inMain().getByLabelText('Show password column'));
    expect(row('bea@example.com')).toHaveTextContent('Set on Nov 26, 2026');
    await userEvent.click(within(row('bea@example.com')).getByRole('button', { name: 'Set new password for bea@example.com' }));
    const form = within(screen.getByRole('region', { name: /^Edit User/ }));
    await userEvent.type(form.getByLabelText(/^Set new password/), 'second-pass-2');
    await userEvent.click(form.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('User updated successfully')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')!.body).toMatchObject({ password: 'second-pass-2' });
  });
});
