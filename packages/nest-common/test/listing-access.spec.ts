import type { IdentityClaims, ListingPartiesResponse } from '@brokerage/contracts';
import { ConflictException, NotFoundException } from '@nestjs/common';
import { isListingParty, decideListingAccess } from '@brokerage/contracts';
import { requireListingAccess } from '../src/auth/listing-access.js';

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

describe('decideListingAccess / requireListingAccess', () => {
  const journey = (currentStep: number, completedSteps: number[]) => ({ ...parties, journey: { currentStep, completedSteps } });

  it('keeps a buyer before their NDA out of everything of the listing (409), whatever the step asked', () => {
    expect(decideListingAccess(as('BUYER', 'buyer-1'), journey(2, [0, 1]))).toBe('locked');
    expect(decideListingAccess(as('BUYER', 'buyer-1'), { ...parties, journey: null }, { step: 0 })).toBe('locked');
    expect(() => requireListingAccess(as('BUYER', 'buyer-1'), journey(2, [0, 1]), {}, 'Listing not found'))
      .toThrow(new ConflictException('Complete previous steps to unlock'));
  });

  it('lets a buyer past the NDA read, and act only on steps reached', () => {
    expect(decideListingAccess(as('BUYER', 'buyer-1'), journey(3, [0, 1, 2]))).toBe('ok');
    expect(decideListingAccess(as('BUYER', 'buyer-1'), journey(3, [0, 1, 2]), { step: 3 })).toBe('ok');
    expect(decideListingAccess(as('BUYER', 'buyer-1'), journey(3, [0, 1, 2]), { step: 4 })).toBe('locked');
  });

  it('binds a seller to the steps reached, never staff', () => {
    expect(decideListingAccess(as('SELLER', 'seller-1'), journey(2, [0, 1]))).toBe('ok');
    expect(decideListingAccess(as('SELLER', 'seller-1'), journey(2, [0, 1]), { step: 4 })).toBe('locked');
    expect(decideListingAccess(as('BROKER', 'b'), parties, { step: 9 })).toBe('ok');
    expect(decideListingAccess(as('AGENT', 'agent-1'), parties, { step: 9 })).toBe('ok');
  });

  it('answers 404 with the service\'s text to a non-party, before any step rule', () => {
    expect(() => requireListingAccess(as('BUYER', 'buyer-9'), journey(10, [0, 1, 2]), { step: 1 }, 'Document not found'))
      .toThrow(new NotFoundException('Document not found'));
  });
});
