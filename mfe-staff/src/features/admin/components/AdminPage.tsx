import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
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
  SearchBox,
  StatCard,
  StatGrid,
  formatDateTime,
  type DataColumn,
} from '@brokerage/ui/portal';
import { ADMIN_MSG, type AdminUser } from '@brokerage/contracts/admin';
import { formatShortDate } from '../../../format-date';
import { adminStatsQuery, adminUsersQuery, useUserArchive } from '../api/admin';
import './admin.css';
import { UserForm } from './UserForm';

/** The search box's rule: name, e-mail or role ("seller", "Agent"...) contains the text, case-insensitive. */
export function matchesUser(u: Pick<AdminUser, 'name' | 'email' | 'role'>, q: string): boolean {
  const t = q.trim().toLowerCase();
  return !t || (u.name ?? '').toLowerCase().includes(t) || u.email.toLowerCase().includes(t) || u.role.toLowerCase().includes(t);
}

/** A short date that never wraps; the full date and time on hover. */
function ShortDate({ value }: { value: string | null | undefined }) {
  return (
    <time className="staff-nowrap" dateTime={value ?? undefined} title={formatDateTime(value)}>
      {formatShortDate(value)}
    </time>
  );
}

type FormState = { mode: 'closed' } | { mode: 'create' } | { mode: 'edit'; user: AdminUser };
const ROLE_STATS = [
  ['BROKER', 'Brokers'],
  ['AGENT', 'Agents'],
  ['SELLER', 'Sellers'],
  ['BUYER', 'Buyers'],
] as const;

/** /broker/admin — Admin Portal - User Management (spec part 3 §2). */
export function AdminPage() {
  const users = useQuery(adminUsersQuery());
  const stats = useQuery(adminStatsQuery());
  const archive = useUserArchive();
  const [form, setForm] = useState<FormState>({ mode: 'closed' });
  const [showPasswords, setShowPasswords] = useState(false);
  const [query, setQuery] = useState('');

  const act = async (u: AdminUser, action: 'archive' | 'reactivate') => {
    try {
      await archive.mutateAsync({ id: u.id, action });
      toast.success(action === 'archive' ? ADMIN_MSG.userArchived : ADMIN_MSG.userReactivated);
    } catch {
      toast.error(action === 'archive' ? ADMIN_MSG.archiveFailed : ADMIN_MSG.reactivateFailed);
    }
  };

  const list = useMemo(() => users.data?.users ?? [], [users.data]);
  const agents = list.filter((u) => u.role === 'AGENT' && u.isActive);
  const q = query.trim().toLowerCase();
  const shown = useMemo(() => (q ? list.filter((u) => matchesUser(u, q)) : list), [list, q]);
  const columns: DataColumn<AdminUser>[] = [
    { header: 'Name', cell: (u) => <strong>{u.name || '—'}</strong> },
    { header: 'Email', cell: (u) => u.email, className: 'staff-admin-email' },
    { header: 'Role', cell: (u) => u.role },
    { header: 'Assigned agent', cell: (u) => (u.role === 'SELLER' ? (u.manager?.name ?? '—') : '') },
    {
      header: 'Status',
      cell: (u) => <Badge tone={u.isActive ? 'success' : 'danger'}>{u.isActive ? 'Active' : 'Inactive'}</Badge>,
    },
    { header: 'Created', cell: (u) => <ShortDate value={u.createdAt} /> },
    ...(showPasswords
      ? [
          {
            header: 'Password',
            // Deviation 3: whether and when a password was set, never the password.
            cell: (u: AdminUser) => (
              <div className="bb-stack staff-tight">
                <span className="staff-nowrap" title={u.passwordSetAt ? formatDateTime(u.passwordSetAt) : undefined}>
                  {u.passwordSet ? `Set${u.passwordSetAt ? ` on ${formatShortDate(u.passwordSetAt)}` : ''}` : 'Not set'}
                </span>
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
            <Button size="sm" variant="secondary" onClick={() => act(u, 'archive')}>
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
          <div className="staff-admin-stats">
            <StatGrid label="User statistics">
              <StatCard label="Total Users" value={stats.data.stats.totalUsers} />
              <StatCard label="Active Users" value={stats.data.stats.activeUsers} />
              <StatCard label="Inactive Users" value={stats.data.stats.inactiveUsers} />
              {ROLE_STATS.map(([role, label]) => (
                <StatCard key={role} label={label} value={stats.data.stats.roleDistribution[role] ?? 0} />
              ))}
            </StatGrid>
          </div>
          {form.mode !== 'closed' && (
            <UserForm
              key={form.mode === 'edit' ? form.user.id : 'new'}
              user={form.mode === 'edit' ? form.user : undefined}
              agents={agents}
              onDone={() => setForm({ mode: 'closed' })}
            />
          )}
          <div className="staff-admin-tools">
            <SearchBox label="Search users" placeholder="Name, email or role" value={query} onChange={setQuery} />
            <Checkbox label="Show password column" checked={showPasswords} onChange={(e) => setShowPasswords(e.target.checked)} />
          </div>
          {q && (
            <p className="bb-muted staff-admin-count" role="status">
              {shown.length === 1 ? '1 user matches' : `${shown.length} users match`} “{query.trim()}”
            </p>
          )}
          <div className="staff-admin-users">
            <DataTable<AdminUser>
              caption="Users"
              captionHidden
              rows={shown}
              rowKey={(u) => u.id}
              columns={columns}
              empty={q ? `No users match “${query.trim()}”.` : 'No users.'}
            />
          </div>
        </>
      )}
    </div>
  );
}
