import { useQuery } from '@tanstack/react-query';
import { Loading } from '@brokerage/ui';
import { StatCard, StatGrid, LoadError } from '@brokerage/ui/portal';
import { useSession } from '@brokerage/api-client';
import { useStaffArea } from '../../../api';
import { dashboardQuery } from '../api/dashboard';
import { NeedsAttention } from './NeedsAttention';

export const DASHBOARD_LOAD_FAILED = 'Failed to load dashboard data. Please try again later.';

/** /broker and /agent — the five stat cards (spec part 3 §2), then what needs attention (issue 19 §3). */
export function DashboardPage() {
  const area = useStaffArea();
  const name = useSession((s) => s.user?.name);
  const dashboard = useQuery(dashboardQuery(area));
  const stats = dashboard.data?.stats;
  return (
    <div className="bb-stack">
      <div>
        <h1>{area === 'agent' ? 'Agent Dashboard' : 'Broker Dashboard'}</h1>
        {name && <p className="bb-muted">Welcome back, {name}.</p>}
      </div>
      {dashboard.isPending ? (
        <Loading label="Loading dashboard..." />
      ) : dashboard.isError || !stats ? (
        <LoadError message={DASHBOARD_LOAD_FAILED} onRetry={() => void dashboard.refetch()} />
      ) : (
        <StatGrid label={area === 'agent' ? 'Your assigned listings at a glance' : 'Brokerage at a glance'}>
          <StatCard label="Total Active Listings" value={stats.totalActiveListings} />
          <StatCard label="Total under contract" value={stats.totalUnderContract} />
          <StatCard label="New Listings This Month" value={stats.newListingsThisMonth} />
          <StatCard label="Non Disclosure agreement" value={stats.totalNDA} />
          <StatCard label="Total Closed Deals (YTD)" value={stats.totalClosedDeals} />
        </StatGrid>
      )}
      <NeedsAttention area={area} />
    </div>
  );
}
