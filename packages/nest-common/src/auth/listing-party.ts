import type { IdentityClaims, ListingPartiesResponse } from '@brokerage/contracts';

/**
 * Is the user a party of the listing (its parties as listings answers them, ListingsInternalClient.parties): a broker
 * always, the listing's agent, its seller, one of its (not rejected) buyers; nobody else.
 */
export function isListingParty(user: IdentityClaims, parties: ListingPartiesResponse): boolean {
  switch (user.role) {
    case 'BROKER':
      return true;
    case 'AGENT':
      return parties.agentId === user.sub;
    case 'SELLER':
      return parties.sellerId === user.sub;
    case 'BUYER':
      return parties.buyerIds.includes(user.sub);
    default:
      return false;
  }
}
