import { ConflictException, NotFoundException } from '@nestjs/common';
import { LOCKED_MESSAGE, decideListingAccess, type IdentityClaims, type ListingNeed, type ListingPartiesResponse } from '@brokerage/contracts';

/**
 * Checks the journey's access rule (contracts `decideListingAccess`) first in a service method: 404 with the service's
 * own "not found" text for a non-party (same answer as an unknown listing), 409 "Complete previous steps to unlock" for
 * a client before the step (a buyer before their NDA: anything of the listing beyond its public card).
 */
export function requireListingAccess(user: IdentityClaims, parties: ListingPartiesResponse, need: ListingNeed, notFound: string): void {
  const decision = decideListingAccess(user, parties, need);
  if (decision === 'not-party') throw new NotFoundException(notFound);
  if (decision === 'locked') throw new ConflictException(LOCKED_MESSAGE);
}
