import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  AdminCreateUserRequest,
  AdminStatsResponse,
  AdminUpdateUserRequest,
  AdminUserResponse,
  AdminUsersResponse,
} from '@brokerage/contracts/admin';
import { apiFetch } from '@brokerage/api-client';
import { apiPath } from '@brokerage/contracts/api/path';
import { staffKeys } from '@brokerage/ui/portal';

/** GET /admin/users */
export const adminUsersQuery = () =>
  queryOptions({ queryKey: staffKeys.admin('users'), queryFn: () => apiFetch<AdminUsersResponse>(apiPath('GET', '/admin/users')) });

/** GET /admin/stats */
export const adminStatsQuery = () =>
  queryOptions({ queryKey: staffKeys.admin('stats'), queryFn: () => apiFetch<AdminStatsResponse>(apiPath('GET', '/admin/stats')) });

/** POST /admin/users, or PUT /admin/users/{id} with an id. Saving refreshes the list (spec part 3 §4). */
export function useSaveUser() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { id: string; body: AdminUpdateUserRequest } | { id?: undefined; body: AdminCreateUserRequest }) =>
      v.id
        ? apiFetch<AdminUserResponse>(apiPath('PUT', '/admin/users/:id', { id: v.id }), { method: 'PUT', json: v.body })
        : apiFetch<AdminUserResponse>(apiPath('POST', '/admin/users'), { method: 'POST', json: v.body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: staffKeys.all() }),
  });
}

/** PATCH /admin/users/{id}/archive | reactivate */
export function useUserArchive() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: 'archive' | 'reactivate' }) =>
      apiFetch<AdminUserResponse>(apiPath('PATCH', `/admin/users/:id/${action}`, { id }), { method: 'PATCH' }),
    onSuccess: () => qc.invalidateQueries({ queryKey: staffKeys.all() }),
  });
}
