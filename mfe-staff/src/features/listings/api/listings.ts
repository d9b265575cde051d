import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  CreateListingRequest,
  ListingMutationResponse,
  ListingResponse,
  ListingsResponse,
} from '@brokerage/contracts/listings';
import type { ContactsResponse } from '@brokerage/contracts/people';
import { apiFetch } from '@brokerage/api-client';
import { apiPath } from '@brokerage/contracts/api/path';
import { staffKeys } from '@brokerage/ui/portal';
import type { StaffArea } from '../../../api';

/** The newest listings of one page (the API pages at 500 at most; `total` says whether there are more). */
export const LISTINGS_PAGE_SIZE = 500;

/** GET /broker/listings or /agent/listings (the agent's are scoped to assignments by the server). */
export const listingsQuery = (area: StaffArea) =>
  queryOptions({
    queryKey: staffKeys.listings(area),
    queryFn: () => apiFetch<ListingsResponse>(apiPath('GET', `/${area}/listings`, null, { pageSize: LISTINGS_PAGE_SIZE })),
  });

/** GET /broker|agent/listings/{id}. */
export const listingQuery = (area: StaffArea, id: string) =>
  queryOptions({
    queryKey: staffKeys.listing(area, id),
    queryFn: () => apiFetch<ListingResponse>(apiPath('GET', `/${area}/listings/:id`, { id })),
  });

/** People the listing form chooses from: GET /users/by-role?role=SELLER|BUYER|AGENT. */
export const peopleByRoleQuery = (role: 'SELLER' | 'BUYER' | 'AGENT') =>
  queryOptions({
    queryKey: staffKeys.peopleByRole(role),
    queryFn: () => apiFetch<ContactsResponse>(apiPath('GET', '/users/by-role', null, { role })),
  });

function useInvalidateListings() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: staffKeys.all() });
}

/** POST /broker/listings (no id) or PUT /broker/listings/{id}. */
export function useSaveListing() {
  const invalidate = useInvalidateListings();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: CreateListingRequest }) =>
      id
        ? apiFetch<ListingMutationResponse>(apiPath('PUT', '/broker/listings/:id', { id }), { method: 'PUT', json: body })
        : apiFetch<ListingMutationResponse>(apiPath('POST', '/broker/listings'), { method: 'POST', json: body }),
    onSuccess: invalidate,
  });
}

/** PATCH /broker/listings/{id}/archive | reactivate. */
export function useListingArchive() {
  const invalidate = useInvalidateListings();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: 'archive' | 'reactivate' }) =>
      apiFetch<ListingMutationResponse>(apiPath('PATCH', `/broker/listings/:id/${action}`, { id }), { method: 'PATCH' }),
    onSuccess: invalidate,
  });
}
