import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { PersonActionResponse } from '@brokerage/contracts/people';
import type { BuyersResponse, SellerSummary, SellersResponse } from '@brokerage/contracts/staff-views';
import { apiFetch } from '@brokerage/api-client';
import { apiPath } from '@brokerage/contracts/api/path';
import { staffKeys } from '@brokerage/ui/portal';
import type { StaffArea } from '../../../api';

export type PeopleKind = 'sellers' | 'buyers';

/** A seller or buyer with the listings shown under them (a buyer's buyingListings as listings). */
export type PersonRow = SellerSummary;

async function fetchPeople(area: StaffArea, kind: PeopleKind): Promise<PersonRow[]> {
  if (kind === 'sellers') return (await apiFetch<SellersResponse>(apiPath('GET', `/${area}/sellers`))).sellers;
  const { buyers } = await apiFetch<BuyersResponse>(apiPath('GET', `/${area}/buyers`));
  return buyers.map(({ buyingListings, ...b }) => ({ ...b, listings: buyingListings }));
}

/** GET /broker|agent/sellers or /broker|agent/buyers (the agent's scoped to assignments by the server). */
export const peopleQuery = (area: StaffArea, kind: PeopleKind) => queryOptions({ queryKey: staffKeys.people(area, kind), queryFn: () => fetchPeople(area, kind) });

export type PersonAction = 'archive' | 'reactivate' | 'delete';

/** PATCH /broker/{kind}/{id}/archive | reactivate, DELETE /broker/{kind}/{id}. */
export function usePersonAction(kind: PeopleKind) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: PersonAction }) => {
      return action === 'delete'
        ? apiFetch<PersonActionResponse>(apiPath('DELETE', `/broker/${kind}/:id`, { id }), { method: 'DELETE' })
        : apiFetch<PersonActionResponse>(apiPath('PATCH', `/broker/${kind}/:id/${action}`, { id }), { method: 'PATCH' });
    },
    onSuccess: () => qc.invalidateQueries({ queryKey: staffKeys.all() }),
  });
}
