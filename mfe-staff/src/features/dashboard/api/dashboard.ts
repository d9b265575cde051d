import { queryOptions } from '@tanstack/react-query';
import type { StaffDashboardResponse } from '@brokerage/contracts/dashboards';
import { apiFetch } from '@brokerage/api-client';
import { apiPath } from '@brokerage/contracts/api/path';
import { staffKeys } from '@brokerage/ui/portal';
import type { StaffArea } from '../../../api';

/** GET /broker/dashboard or /agent/dashboard (the agent's figures are scoped to their assignments by the server). */
export const dashboardQuery = (area: StaffArea) =>
  queryOptions({
    queryKey: staffKeys.dashboard(area),
    queryFn: () => apiFetch<StaffDashboardResponse>(apiPath('GET', `/${area}/dashboard`)),
  });
