import { useQuery } from '@tanstack/react-query';
import type { StaffDashboardResponse } from '@brokerage/contracts/dashboards';
import { apiFetch } from '@brokerage/api-client';
import { apiPath } from '@brokerage/contracts/api/path';
import type { StaffArea } from '../../../api';

/** GET /broker/dashboard or /agent/dashboard (the agent's figures are scoped to their assignments by the server). */
export function useDashboard(area: StaffArea) {
  return useQuery({
    queryKey: ['staff', area, 'dashboard'],
    queryFn: () => apiFetch<StaffDashboardResponse>(apiPath('GET', `/${area}/dashboard`)),
  });
}
