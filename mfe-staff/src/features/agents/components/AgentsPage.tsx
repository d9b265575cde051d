import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Alert, Button, ConfirmDialog, Loading, toast } from '@brokerage/ui';
import { DataTable, StatCard, StatGrid, LoadError } from '@brokerage/ui/portal';
import type { AgentWithStats } from '@brokerage/contracts/staff-views';
import { serverMessage } from '../../../api';
import { agentsWithStatsQuery, useDeleteAgent } from '../api/agents';

const sum = (agents: AgentWithStats[], key: keyof AgentWithStats['stats']) =>
  agents.reduce((n, a) => n + (a.stats[key] ?? 0), 0);

/** /broker/agents — Agents Overview (spec part 3 §2): per-agent stats, totals as sums, delete with confirm. */
export function AgentsPage() {
  const agents = useQuery(agentsWithStatsQuery());
  const del = useDeleteAgent();
  const [confirming, setConfirming] = useState<AgentWithStats | null>(null);

  const remove = async (a: AgentWithStats) => {
    try {
      await del.mutateAsync(a.id);
      toast.success(`Agent ${a.name} deleted`);
    } catch (e) {
      toast.error(`Failed to delete agent: ${serverMessage(e) ?? 'Unknown error'}`);
    } finally {
      setConfirming(null);
    }
  };

  const list = agents.data?.agents ?? [];
  return (
    <div className="bb-stack">
      <h1>Agents Overview</h1>
      {agents.isPending ? (
        <Loading label="Loading agents..." />
      ) : agents.isError ? (
        <LoadError message={serverMessage(agents.error) ?? 'Failed to load agents'} onRetry={() => void agents.refetch()} />
      ) : list.length === 0 ? (
        <Alert tone="info">No agents yet. Create one in the Admin Portal with the role Agent.</Alert>
      ) : (
        <>
          <StatGrid label="Totals over all agents">
            <StatCard label="Agents" value={list.length} />
            <StatCard label="Total Listings" value={sum(list, 'numberOfListings')} />
            <StatCard label="Total Under Contract" value={sum(list, 'numberUnderContract')} />
            <StatCard label="Total Closings to Date" value={sum(list, 'closingsToDate')} />
          </StatGrid>
          <DataTable<AgentWithStats>
            caption="Agents"
            captionHidden
            rows={list}
            rowKey={(a) => a.id}
            columns={[
              { header: 'Name', cell: (a) => <strong>{a.name}</strong> },
              { header: 'Email', cell: (a) => <a href={`mailto:${a.email}`}>{a.email}</a> },
              { header: 'Phone', cell: (a) => a.phone ?? '—', className: 'staff-nowrap' },
              { header: 'Listings', cell: (a) => a.stats.numberOfListings },
              { header: 'Under Contract', cell: (a) => a.stats.numberUnderContract },
              { header: 'Closings to Date', cell: (a) => a.stats.closingsToDate },
              {
                header: 'Actions',
                cell: (a) => (
                  <Button size="sm" variant="danger" onClick={() => setConfirming(a)}>
                    Delete<span className="bb-sr-only"> {a.name}</span>
                  </Button>
                ),
              },
            ]}
          />
        </>
      )}
      <ConfirmDialog
        open={!!confirming}
        title="Delete agent"
        message={
          confirming
            ? `Are you sure you want to delete ${confirming.name}? Their listings and sellers return to the broker. This cannot be undone.`
            : ''
        }
        confirmLabel="Delete"
        tone="danger"
        onConfirm={() => (confirming ? remove(confirming) : undefined)}
        onCancel={() => setConfirming(null)}
      />
    </div>
  );
}
