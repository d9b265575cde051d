import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CreateListingRequest,
  ListingMutationResponse,
  ListingResponse,
  ListingsResponse,
} from '@brokerage/contracts/listings';
import type { ContactsResponse } from '@brokerage/contracts/people';
import { apiFetch } from '@brokerage/api-client';
import { apiPath } from '@brokerage/contracts/api/path';
import type { StaffArea } from '../../../api';

/** The newest listings of one page (the API pages at 500 at most; `total` says whether there are more). */
export const LISTINGS_PAGE_SIZE = 500;

export const listingKeys = {
  all: (area: StaffArea) => ['staff', area, 'listings'] as const,
  one: (area: StaffArea, id: string) => ['staff', area, 'listing', id] as const,
};

/** GET /broker/listings or /agent/listings (the agent's are scoped to assignments by the server). */
export function useListings(area: StaffArea) {
  return useQuery({
    queryKey: listingKeys.all(area),
    queryFn: () => apiFetch<ListingsResponse>(apiPath('GET', `/${area}/listings`, null, { pageSize: LISTINGS_PAGE_SIZE })),
  });
}

export function useListing(area: StaffArea, id: string) {
  return useQuery({
    queryKey: listingKeys.one(area, id),
    queryFn: () => apiFetch<ListingResponse>(apiPath('GET', `/${area}/listings/:id`, { id })),
  });
}

/** People the listing form chooses from: GET /users/by-role?role=SELLER|BUYER|AGENT. */
export function usePeopleByRole(role: 'SELLER' | 'BUYER' | 'AGENT') {
  return useQuery({
    queryKey: ['staff', 'by-role', role],
    queryFn: () => apiFetch<ContactsResponse>(apiPath('GET', '/users/by-role', null, { role })),
  });
}

function useInvalidateListings() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: ['staff'] });
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
