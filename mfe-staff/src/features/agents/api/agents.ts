import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AgentsWithStatsResponse } from '@brokerage/contracts/staff-views';
import type { PersonActionResponse } from '@brokerage/contracts/people';
import { apiFetch } from '@brokerage/api-client';
import { apiPath } from '@brokerage/contracts/api/path';

/** GET /broker/agents-with-stats: every agent with real stats (deviation 5: no random fallback). */
export function useAgentsWithStats() {
  return useQuery({
    queryKey: ['staff', 'broker', 'agents-with-stats'],
    queryFn: () => apiFetch<AgentsWithStatsResponse>(apiPath('GET', '/broker/agents-with-stats')),
  });
}

/** DELETE /broker/agent/{id}: the agent's listings and sellers fall back to the broker. */
export function useDeleteAgent() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch<PersonActionResponse>(apiPath('DELETE', '/broker/agent/:id', { id }), { method: 'DELETE' }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['staff'] }),
  });
}
