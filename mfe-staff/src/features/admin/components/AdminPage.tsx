import { useState } from 'react';
import {
  Badge,
  Button,
  Checkbox,
  Loading,
  toast,
} from '@brokerage/ui';
import {
  DataTable,
  LoadError,
  StatCard,
  StatGrid,
  formatDateTime,
  type DataColumn,
} from '@brokerage/ui/portal';
import { ADMIN_MSG, type AdminUser } from '@brokerage/contracts/admin';
import { useAdminStats, useAdminUsers, useUserArchive } from '../api/admin';
import { UserForm } from './UserForm';

type FormState = { mode: 'closed' } | { mode: 'create' } | { mode: 'edit'; user: AdminUser };
const ROLE_STATS = [
  ['BROKER', 'Brokers'],
  ['AGENT', 'Agents'],
  ['SELLER', 'Sellers'],
  ['BUYER', 'Buyers'],
] as const;

/** /broker/admin — Admin Portal - User Management (spec part 3 §2). */
export function AdminPage() {
  const users = useAdminUsers();
  const stats = useAdminStats();
  const archive = useUserArchive();
  const [form, setForm] = useState<FormState>({ mode: 'closed' });
  const [showPasswords, setShowPasswords] = useState(false);

  const act = async (u: AdminUser, action: 'archive' | 'reactivate') => {
    try {
      await archive.mutateAsync({ id: u.id, action });
      toast.success(action === 'archive' ? ADMIN_MSG.userArchived : ADMIN_MSG.userReactivated);
    } catch {
      toast.error(action === 'archive' ? ADMIN_MSG.archiveFailed : ADMIN_MSG.reactivateFailed);
    }
  };

  const list = users.data?.users ?? [];
  const agents = list.filter((u) => u.role === 'AGENT' && u.isActive);
  const columns: DataColumn<AdminUser>[] = [
    { header: 'Name', cell: (u) => <strong>{u.name || '—'}</strong> },
    { header: 'Email', cell: (u) => u.email },
    { header: 'Role', cell: (u) => u.role },
    { header: 'Assigned agent', cell: (u) => (u.role === 'SELLER' ? (u.manager?.name ?? '—') : '') },
    {
      header: 'Status',
      cell: (u) => <Badge tone={u.isActive ? 'success' : 'danger'}>{u.isActive ? 'Active' : 'Inactive'}</Badge>,
    },
    { header: 'Created', cell: (u) => formatDateTime(u.createdAt) },
    ...(showPasswords
      ? [
          {
            header: 'Password',
            // Deviation 3: whether and when a password was set, never the password.
            cell: (u: AdminUser) => (
              <div className="bb-stack staff-tight">
                <span>{u.passwordSet ? `Set${u.passwordSetAt ? ` on ${formatDateTime(u.passwordSetAt)}` : ''}` : 'Not set'}</span>
                <Button size="sm" variant="secondary" onClick={() => setForm({ mode: 'edit', user: u })}>
                  Set new password<span className="bb-sr-only"> for {u.email}</span>
                </Button>
              </div>
            ),
          },
        ]
      : []),
    {
      header: 'Actions',
      cell: (u) => (
        <div className="bb-table__actions">
          <Button size="sm" variant="secondary" onClick={() => setForm({ mode: 'edit', user: u })}>
            Edit<span className="bb-sr-only"> {u.email}</span>
          </Button>
          {u.isActive ? (
            <Button size="sm" variant="ghost" onClick={() => act(u, 'archive')}>
              Archive<span className="bb-sr-only"> {u.email}</span>
            </Button>
          ) : (
            <Button size="sm" variant="secondary" onClick={() => act(u, 'reactivate')}>
              Reactivate<span className="bb-sr-only"> {u.email}</span>
            </Button>
          )}
        </div>
      ),
    },
  ];

  const failed = users.isError || stats.isError;
  // the form opens under the loaded users (it needs the agents): no Create User until they are there
  const loaded = !failed && users.isSuccess && stats.isSuccess;
  return (
    <div className="bb-stack">
      <div className="staff-head">
        <h1>Admin Portal - User Management</h1>
        {form.mode === 'closed' && loaded && <Button onClick={() => setForm({ mode: 'create' })}>Create User</Button>}
      </div>
      {failed ? (
        <LoadError
          message={ADMIN_MSG.loadFailed}
          onRetry={() => {
            void users.refetch();
            void stats.refetch();
          }}
        />
      ) : users.isPending || stats.isPending ? (
        <Loading label="Loading users..." />
      ) : (
        <>
          <StatGrid label="User statistics">
            <StatCard label="Total Users" value={stats.data.stats.totalUsers} />
            <StatCard label="Active Users" value={stats.data.stats.activeUsers} />
            <StatCard label="Inactive Users" value={stats.data.stats.inactiveUsers} />
            {ROLE_STATS.map(([role, label]) => (
              <StatCard key={role} label={label} value={stats.data.stats.roleDistribution[role] ?? 0} />
            ))}
          </StatGrid>
          {form.mode !== 'closed' && (
            <UserForm
              key={form.mode === 'edit' ? form.user.id : 'new'}
              user={form.mode === 'edit' ? form.user : undefined}
              agents={agents}
              onDone={() => setForm({ mode: 'closed' })}
            />
          )}
          <Checkbox label="Show password column" checked={showPasswords} onChange={(e) => setShowPasswords(e.target.checked)} />
          <DataTable<AdminUser> caption="Users" captionHidden rows={list} rowKey={(u) => u.id} columns={columns} empty="No users." />
        </>
      )}
    </div>
  );
}
