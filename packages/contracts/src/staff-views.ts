import { z } from 'zod';
import type { ListingStatus } from './listings.js';
import { stepIdSchema } from './journeys.js';

/** A listing as it appears under a person in the staff lists (spec part 3 §3: id, title, price, status, createdAt). */
export interface PersonListingSummary {
  id: string;
  title: string;
  description: string;
  price: number;
  status: ListingStatus;
  createdAt: string;
}

/** What every staff list says of a client or an agent (identity's user, without role or manager). */
export interface StaffPersonSummary {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  isActive: boolean;
  createdAt: string;
}

/** GET /broker/sellers → {sellers}; GET /agent/sellers (the agent's assigned sellers) → {sellers}. */
export interface SellerSummary extends StaffPersonSummary {
  listings: PersonListingSummary[];
}
export interface SellersResponse {
  sellers: SellerSummary[];
}

/** GET /broker/buyers → {buyers}; GET /agent/buyers (buyers of the agent's listings) → {buyers}. */
export interface BuyerSummary extends StaffPersonSummary {
  /** Listings the buyer is a party of (interested or approved). */
  buyingListings: PersonListingSummary[];
}
export interface BuyersResponse {
  buyers: BuyerSummary[];
}

/** GET /broker/agents-with-stats → {agents}. */
export interface AgentWithStats extends StaffPersonSummary {
  stats: { numberOfListings: number; numberUnderContract: number; closingsToDate: number };
}
export interface AgentsWithStatsResponse {
  agents: AgentWithStats[];
}

/**
 * GET /broker|agent/listings/{id}/progress (the listing's seller) and
 * GET /broker|agent/buyers/{buyerId}/listings/{listingId}/progress (that buyer on that listing).
 * Always the journey on THIS listing; isViewingSelectedListing says whether it is the client's selected listing
 * (the screen then shows the spec's notice).
 */
export interface StaffProgressStep {
  id: number;
  title: string;
  completed: boolean;
  accessible: boolean;
  completedAt: string | null;
  completedBy: string | null;
  /** Who completed it, by name ("Completed by Morgan Broker on …"); null when not completed or not known. */
  completedByName: string | null;
  /** The last reopen by the broker: who (id, name) and when; null when never reopened. */
  reopenedBy: string | null;
  reopenedByName: string | null;
  reopenedAt: string | null;
}
export interface StaffProgressView {
  steps: StaffProgressStep[];
  currentStep: number;
  isViewingSelectedListing: boolean;
  totalSteps: number;
  completedSteps: number;
  listingId: string;
  userId: string | null;
}

/**
 * Staff complete / reopen a client's step (not shown in the spec; defined here):
 * POST /broker|agent/sellers/{userId}/listings/{listingId}/steps/{stepId}/complete | reopen
 * POST /broker|agent/buyers/{userId}/listings/{listingId}/steps/{stepId}/complete | reopen
 * The broker's alone (an agent → 403 JOURNEY_MSG.onlyBroker; agents keep the read-only views). Any step; complete
 * moves currentStep past it when it is the current one; reopen makes it the current step again. Each change is
 * recorded with who and when (listings.journey_step_changes) and shown by the progress views.
 */
export const staffStepParamsSchema = z.object({
  userId: z.string().max(36).pipe(z.uuid('Invalid user id')),
  listingId: z.string().max(36).pipe(z.uuid('Invalid listing id')),
  stepId: stepIdSchema,
});
export type StaffStepParams = z.infer<typeof staffStepParamsSchema>;
export interface StaffStepChangeResponse {
  message: string;
  progress: StaffProgressView;
}

export const buyerListingParamsSchema = z.object({
  buyerId: z.string().max(36).pipe(z.uuid('Invalid user id')),
  listingId: z.string().max(36).pipe(z.uuid('Invalid listing id')),
});
export const agentIdParamsSchema = z.object({ id: z.string().max(36).pipe(z.uuid('Invalid agent id')) });
