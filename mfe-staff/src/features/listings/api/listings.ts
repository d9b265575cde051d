import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  CreateListingRequest,
  ListingMutationResponse,
  ListingResponse,
  ListingsResponse,
} from '@brokerage/contracts/listings';
import type { ContactsResponse } from '@brokerage/contracts/people';
import { apiFetch } from '@brokerage/api-client';
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
    queryFn: () => apiFetch<ListingsResponse>(`/${area}/listings?pageSize=${LISTINGS_PAGE_SIZE}`),
  });
}

export function useListing(area: StaffArea, id: string) {
  return useQuery({
    queryKey: listingKeys.one(area, id),
    queryFn: () => apiFetch<ListingResponse>(`/${area}/listings/${encodeURIComponent(id)}`),
  });
}

/** People the listing form chooses from: GET /users/by-role?role=SELLER|BUYER|AGENT. */
export function usePeopleByRole(role: 'SELLER' | 'BUYER' | 'AGENT') {
  return useQuery({
    queryKey: ['staff', 'by-role', role],
    queryFn: () => apiFetch<ContactsResponse>(`/users/by-role?role=${role}`),
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
        ? apiFetch<ListingMutationResponse>(`/broker/listings/${encodeURIComponent(id)}`, { method: 'PUT', json: body })
        : apiFetch<ListingMutationResponse>('/broker/listings', { method: 'POST', json: body }),
    onSuccess: invalidate,
  });
}

/** PATCH /broker/listings/{id}/archive | reactivate. */
export function useListingArchive() {
  const invalidate = useInvalidateListings();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: 'archive' | 'reactivate' }) =>
      apiFetch<ListingMutationResponse>(`/broker/listings/${encodeURIComponent(id)}/${action}`, { method: 'PATCH' }),
    onSuccess: invalidate,
  });
}
