import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AgentsWithStatsResponse } from '@brokerage/contracts/staff-views';
import type { PersonActionResponse } from '@brokerage/contracts/people';
import { apiFetch } from '@brokerage/api-client';
import { apiPath } from '@brokerage/contracts/api/path';
import { staffKeys } from '@brokerage/ui/portal';

/** GET /broker/agents-with-stats: every agent with real stats (deviation 5: no random fallback). */
export const agentsWithStatsQuery = () =>
  queryOptions({
    queryKey: staffKeys.agentsWithStats(),
    queryFn: () => apiFetch<AgentsWithStatsResponse>(apiPath('GET', '/broker/agents-with-stats')),
  });

/** DELETE /broker/agent/{id}: the agent's listings and sellers fall back to the broker. */
export function useDeleteAgent() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch<PersonActionResponse>(apiPath('DELETE', '/broker/agent/:id', { id }), { method: 'DELETE' }),
    onSuccess: () => qc.invalidateQueries({ queryKey: staffKeys.all() }),
  });
}
