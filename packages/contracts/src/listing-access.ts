import { z } from 'zod';
import type { IdentityClaims } from './identity-claims.js';
import { JOURNEY_MSG } from './journeys.js';

/**
 * The journey's access rule for a listing's data, in one place (ARCHITECTURE "Access policy"). Listings applies it to
 * what it owns; documents and checklists apply it to the answer of listings' `GET /internal/listings/{id}/parties
 * ?userId=` (the parties plus the caller's journey on that listing).
 *
 *  - Not a party (not the broker, not the listing's agent, seller or a not-rejected buyer) → 'not-party' (404 upstream:
 *    no existence leak).
 *  - A buyer learns nothing beyond the public card until their NDA step (BUYER_NDA_STEP) is completed → 'locked'.
 *  - A client's access to a step (a write, or a file of that step) needs the step reached (id ≤ currentStep) → 'locked'.
 *  - Staff (broker; the agent of the listing) are not bound by journeys.
 */
export const BUYER_NDA_STEP = 2;

/** A client's journey on the listing, as the rule reads it; null when they have none yet (all but step 0 locked). */
export interface PartyJourney {
  currentStep: number;
  completedSteps: number[];
}

/** GET /internal/listings/{id}/parties(?userId=): who may see the listing's data, and the asking client's journey. */
export interface ListingPartiesResponse {
  listingId: string;
  sellerId: string | null;
  agentId: string | null;
  /** Interested or approved buyers (rejected buyers are not parties). */
  buyerIds: string[];
  /** The buyers among buyerIds past their NDA step (the live events' recipients; listings answers it, one query). */
  ndaBuyerIds?: string[];
  /** With ?userId=: that user's journey on the listing when they are its seller or one of its buyers; else null. */
  journey?: PartyJourney | null;
}

export const partyJourneySchema = z.object({ currentStep: z.number().int(), completedSteps: z.array(z.number().int()) });
export const listingPartiesAnswerSchema = z.object({
  listingId: z.string(),
  sellerId: z.string().nullable(),
  agentId: z.string().nullable(),
  buyerIds: z.array(z.string()),
  ndaBuyerIds: z.array(z.string()).optional(),
  journey: partyJourneySchema.nullable().optional(),
});

/** What a call needs: to read the listing's confidential data, or (with `step`) to act on / read the files of a step. */
export interface ListingNeed {
  /** The journey step the call acts on or whose files it reads (clients only). */
  step?: number;
}

export type ListingAccessDecision = 'ok' | 'not-party' | 'locked';

export function isListingParty(user: Pick<IdentityClaims, 'sub' | 'role'>, parties: ListingPartiesResponse): boolean {
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

export const ndaCompleted = (journey: PartyJourney | null | undefined): boolean =>
  !!journey && journey.completedSteps.includes(BUYER_NDA_STEP);

export const stepReached = (journey: PartyJourney | null | undefined, step: number): boolean =>
  step === 0 || (!!journey && step <= journey.currentStep);

/** The rule. `parties.journey` must be the caller's (asked with ?userId=) for a client. */
export function decideListingAccess(user: Pick<IdentityClaims, 'sub' | 'role'>, parties: ListingPartiesResponse, need: ListingNeed = {}): ListingAccessDecision {
  if (!isListingParty(user, parties)) return 'not-party';
  if (user.role !== 'SELLER' && user.role !== 'BUYER') return 'ok';
  const journey = parties.journey ?? null;
  if (user.role === 'BUYER' && !ndaCompleted(journey)) return 'locked';
  if (need.step !== undefined && !stepReached(journey, need.step)) return 'locked';
  return 'ok';
}

/** The answer of a 'locked' decision (409). */
export const LOCKED_MESSAGE = JOURNEY_MSG.notAccessible;
