import type { IdentityClaims, ListingPartiesResponse } from '@brokerage/contracts';
import { isListingParty } from '../src/auth/listing-party.js';

const parties: ListingPartiesResponse = { listingId: 'l1', sellerId: 'seller-1', agentId: 'agent-1', buyerIds: ['buyer-1', 'buyer-2'] };
const as = (role: IdentityClaims['role'], sub: string) => ({ sub, role }) as IdentityClaims;

describe('isListingParty', () => {
  it('lets in the broker, the listing\'s agent, its seller and its buyers', () => {
    expect(isListingParty(as('BROKER', 'any-broker'), parties)).toBe(true);
    expect(isListingParty(as('AGENT', 'agent-1'), parties)).toBe(true);
    expect(isListingParty(as('SELLER', 'seller-1'), parties)).toBe(true);
    expect(isListingParty(as('BUYER', 'buyer-2'), parties)).toBe(true);
  });

  it('keeps out another agent, another seller, a buyer not of the listing, a service, and an agent of a listing with none', () => {
    expect(isListingParty(as('AGENT', 'agent-2'), parties)).toBe(false);
    expect(isListingParty(as('SELLER', 'seller-2'), parties)).toBe(false);
    expect(isListingParty(as('BUYER', 'buyer-3'), parties)).toBe(false);
    expect(isListingParty(as('SERVICE', 'seller-1'), parties)).toBe(false);
    expect(isListingParty(as('AGENT', 'agent-1'), { ...parties, agentId: null })).toBe(false);
  });
});
