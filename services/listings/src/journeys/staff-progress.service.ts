import { ForbiddenException, Injectable, NotFoundException } from '@nestjs/common';
import {
  JOURNEY_MSG,
  LISTING_MSG,
  type IdentityClaims,
  type JourneyKind,
  type StaffProgressView,
  type StaffStepChangeResponse,
} from '@brokerage/contracts';
import { scopeOf } from '../listings/listing-scope.js';
import { ListingsRepository } from '../listings/listings.repository.js';
import { completeStep, completedCount, emptyJourney, reopenStep, toProgress, type JourneyState } from './journey-rules.js';
import { JourneysRepository } from './journeys.repository.js';
import { JourneysService, actorOf } from './journeys.service.js';
import { StepHistory } from './step-history.js';

/**
 * Broker and agent views of a client's journey (read-only for agents), and the broker's complete / reopen of any step
 * (records what happened on paper), each recorded with who and when (StepHistory).
 */
@Injectable()
export class StaffProgressService {
  constructor(
    private readonly journeys: JourneysRepository,
    private readonly engine: JourneysService,
    private readonly listings: ListingsRepository,
    private readonly history: StepHistory,
  ) {}

  /** The listing's seller's journey on it (a private seller has none: every step open at 0). */
  async sellerView(staff: IdentityClaims, listingId: string): Promise<StaffProgressView> {
    const row = await this.listings.findInScope(listingId, scopeOf(staff));
    if (!row) throw new NotFoundException(LISTING_MSG.listingNotFound);
    if (!row.sellerId) return this.view(emptyJourney('', listingId, 'SELLER'), false, null);
    return this.viewOf(row.sellerId, listingId, 'SELLER');
  }

  async buyerView(staff: IdentityClaims, buyerId: string, listingId: string): Promise<StaffProgressView> {
    await this.clientListing(staff, buyerId, listingId, 'BUYER');
    return this.viewOf(buyerId, listingId, 'BUYER');
  }

  async change(
    staff: IdentityClaims,
    kind: JourneyKind,
    userId: string,
    listingId: string,
    stepId: number,
    action: 'complete' | 'reopen',
  ): Promise<StaffStepChangeResponse> {
    if (staff.role !== 'BROKER') throw new ForbiddenException(JOURNEY_MSG.onlyBroker);
    await this.clientListing(staff, userId, listingId, kind);
    await this.journeys.transaction(async (em) => {
      const at = new Date();
      const { result: changed } = await this.engine.change(em, userId, listingId, kind, (s) => {
        const c = action === 'complete' ? completeStep(s, stepId, staff.sub, at) : reopenStep(s, stepId);
        return { changed: c, result: c };
      }, 'staff', actorOf(staff));
      if (changed) await this.history.record(em, { userId, listingId, stepId, action, by: staff, at });
    });
    return {
      message: action === 'complete' ? JOURNEY_MSG.completed : JOURNEY_MSG.reopened,
      progress: await this.viewOf(userId, listingId, kind),
    };
  }

  /** The listing must be the staff member's (agent: assigned) and the user its seller / one of its buyers; else 404. */
  private async clientListing(staff: IdentityClaims, userId: string, listingId: string, kind: JourneyKind): Promise<void> {
    const row = await this.listings.findInScope(listingId, scopeOf(staff));
    const ok = row && (kind === 'SELLER' ? row.sellerId === userId : await this.journeys.isAnyBuyerParty(userId, listingId));
    if (!ok) throw new NotFoundException(LISTING_MSG.listingNotFound);
  }

  private async viewOf(userId: string, listingId: string, kind: JourneyKind): Promise<StaffProgressView> {
    const state = (await this.journeys.find(userId, listingId)) ?? emptyJourney(userId, listingId, kind);
    const selected = await this.journeys.selection(userId);
    return this.view(state, selected === listingId, userId);
  }

  private async view(s: JourneyState, isViewingSelectedListing: boolean, userId: string | null): Promise<StaffProgressView> {
    const p = toProgress(s, null);
    const steps = await this.history.annotate(userId, s.listingId, p.steps);
    return {
      steps: steps.map((st) => ({ ...st, accessible: st.id <= s.currentStep })),
      currentStep: s.currentStep,
      isViewingSelectedListing,
      totalSteps: p.totalSteps,
      completedSteps: completedCount(s),
      listingId: s.listingId,
      userId,
    };
  }
}
