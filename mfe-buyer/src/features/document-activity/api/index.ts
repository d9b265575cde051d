import { apiFetch } from '@brokerage/api-client';
import { queryOptions } from '@tanstack/react-query';
import { apiPath } from '@brokerage/contracts/api/path';
import type { MyEngagement } from '@brokerage/contracts/engagement';
import { portalKeys } from '@brokerage/ui/portal';

/** GET /buyer/engagement: what the in-portal viewer recorded about the caller, per listing (issue 23 §3). */
export const myEngagementQuery = () =>
  queryOptions({ queryKey: portalKeys.myEngagement(), queryFn: () => apiFetch<MyEngagement>(apiPath('GET', '/buyer/engagement')) });
