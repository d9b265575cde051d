import { Injectable, NotFoundException } from '@nestjs/common';
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
import { JourneysService } from './journeys.service.js';

/** Broker and agent views of a client's journey, and their complete / reopen of any step (records what happened on paper). */
@Injectable()
export class StaffProgressService {
  constructor(
    private readonly journeys: JourneysRepository,
    private readonly engine: JourneysService,
    private readonly listings: ListingsRepository,
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
    await this.clientListing(staff, userId, listingId, kind);
    await this.journeys.transaction((em) =>
      this.engine.change(em, userId, listingId, kind, (s) => ({
        changed: action === 'complete' ? completeStep(s, stepId, staff.sub) : reopenStep(s, stepId),
        result: null,
      })),
    );
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

  private view(s: JourneyState, isViewingSelectedListing: boolean, userId: string | null): StaffProgressView {
    const p = toProgress(s, null);
    return {
      steps: p.steps.map((st) => ({ ...st, accessible: st.id <= s.currentStep })),
      currentStep: s.currentStep,
      isViewingSelectedListing,
      totalSteps: p.totalSteps,
      completedSteps: completedCount(s),
      listingId: s.listingId,
      userId,
    };
  }
}
