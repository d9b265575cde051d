import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import {
  EVENT_STEPS,
  JOURNEY_MSG,
  LISTING_MSG,
  LISTING_TEXT,
  MANUAL_STEPS,
  TOGGLE_STEPS,
  type BuyerListing,
  type CurrentListingResponse,
  type IdentityClaims,
  type JourneyKind,
  type journeyEventSchema,
  type JourneyEventResponse,
  type Listing,
  type Progress,
  type SelectListingResponse,
  type StepChangeResponse,
} from '@brokerage/contracts';
import type { z } from 'zod';
import { ListingEventsPublisher } from '@brokerage/nest-common';
import { BUYER_NDA_STEP } from '@brokerage/contracts/listing-access';
import type { ListingEventType } from '@brokerage/contracts/live-events';
import { ListingPresenter } from '../listings/listing-presenter.js';
import { ListingNotices, type NoticeActor } from '../outbox/listing-notices.js';
import type { ListingRow } from '../listings/listing-row.js';
import { ListingsRepository } from '../listings/listings.repository.js';
import { completeStep, emptyJourney, isAccessible, reopenStep, toProgress, type JourneyState } from './journey-rules.js';
import { JourneysRepository } from './journeys.repository.js';
import { StepHistory } from './step-history.js';

type JourneyEventInput = z.output<typeof journeyEventSchema>;
type StepChangeSource = 'client' | 'staff' | 'rule';
const kindOf = (user: IdentityClaims): JourneyKind => (user.role === 'SELLER' ? 'SELLER' : 'BUYER');
/** The caller as a notice names them. */
export const actorOf = (user: IdentityClaims): NoticeActor => ({ id: user.sub, name: user.name });

/** The journey engine: every step's state and the rules that change it live here (architecture "Journeys"). */
@Injectable()
export class JourneysService {
  constructor(
    private readonly journeys: JourneysRepository,
    private readonly listings: ListingsRepository,
    private readonly presenter: ListingPresenter,
    private readonly history: StepHistory,
    private readonly live: ListingEventsPublisher,
    private readonly notices: ListingNotices,
  ) {}

  /** The progress a client reads (their own): with who completed each step by name and the last reopen. */
  async describe(s: JourneyState, selectedListingId: string | null): Promise<Progress> {
    const p = toProgress(s, selectedListingId);
    return { ...p, steps: await this.history.annotate(s.userId || null, s.listingId, p.steps) };
  }

  /** A listing as the client reads it: a seller the whole listing, a buyer what the access rule lets them (BuyerListing). */
  private presentFor(user: IdentityClaims, row: ListingRow) {
    return user.role === 'BUYER' ? this.presenter.presentOneForBuyer(row, user) : this.presenter.presentOne(row);
  }

  /**
   * Runs fn on the locked journey and saves it when fn changed it. Every step it completes or reopens is announced to
   * the listing's parties once the transaction commits (`step.completed` / `step.reopened`, `nda.signed` for the buyer's
   * NDA step; `by` says who changed it): to staff, the client themself, and the seller when it is a buyer past the NDA.
   * The e-mail notices of the completed steps (ListingNotices) are written in the same transaction; `actor` is who
   * acted (default: the client, named at delivery).
   */
  async change<T>(
    em: EntityManager,
    userId: string,
    listingId: string,
    kind: JourneyKind,
    fn: (s: JourneyState) => { changed: boolean; result: T },
    by: StepChangeSource = 'rule',
    actor: NoticeActor = { id: userId },
  ): Promise<{ state: JourneyState; result: T }> {
    const state = await this.journeys.lock(em, userId, listingId, kind);
    const before = { done: state.completedAt.map(Boolean), current: state.currentStep };
    const { changed, result } = fn(state);
    if (changed) {
      await this.journeys.save(em, state);
      this.announce(em, state, before, by);
      await this.notices.journeyChanged(em, state, before.done, by, actor);
    }
    return { state, result };
  }

  private announce(em: EntityManager, s: JourneyState, before: { done: boolean[]; current: number }, by: StepChangeSource): void {
    const pastNda = s.kind === 'SELLER' || !!s.completedAt[BUYER_NDA_STEP];
    const to = { clients: pastNda ? ['seller'] : [], own: s.userId };
    const emit = (type: ListingEventType, stepId?: number) =>
      this.live.emit(em, { type, listingId: s.listingId, userId: s.userId, kind: s.kind, ...(stepId === undefined ? {} : { stepId, by }) }, to);
    let flipped = false;
    s.completedAt.forEach((at, stepId) => {
      if (!!at === before.done[stepId]) return;
      flipped = true;
      emit(at ? 'step.completed' : 'step.reopened', stepId);
      if (at && s.kind === 'BUYER' && stepId === BUYER_NDA_STEP) emit('nda.signed');
    });
    if (!flipped && s.currentStep !== before.current) emit('step.reopened', s.currentStep);
  }

  /** The user's selected listing, when it is still theirs (a rejected buyer or a deleted listing: none). */
  async selected(user: IdentityClaims): Promise<string | null> {
    const listingId = await this.journeys.selection(user.sub);
    if (!listingId) return null;
    return (await this.journeys.relation(user.sub, listingId)) === kindOf(user) ? listingId : null;
  }

  async progress(user: IdentityClaims): Promise<Progress> {
    const listingId = await this.selected(user);
    if (!listingId) return toProgress(emptyJourney(user.sub, '', kindOf(user)), null);
    const state = (await this.journeys.find(user.sub, listingId)) ?? emptyJourney(user.sub, listingId, kindOf(user));
    return this.describe(state, listingId);
  }

  async current(user: IdentityClaims): Promise<CurrentListingResponse<Listing | BuyerListing>> {
    const listingId = await this.selected(user);
    const row = listingId ? await this.listings.findInScope(listingId, { kind: 'all' }) : null;
    if (!row) return { listing: null, needsSelection: true };
    return { listing: await this.presentFor(user, row), needsSelection: false };
  }

  /**
   * A seller selects one of their listings; a buyer one they take part in, or an ACTIVE one (they become an interested
   * party). Selecting completes step 0 of that journey.
   */
  async select(user: IdentityClaims, listingId: string): Promise<SelectListingResponse<Listing | BuyerListing>> {
    const kind = kindOf(user);
    const state = await this.journeys.transaction(async (em) => {
      const row = await this.listings.findInScope(listingId, { kind: 'all' }, em, true);
      if (!row) throw new NotFoundException(LISTING_MSG.listingNotFound);
      const relation = await this.journeys.relation(user.sub, listingId, em);
      if (relation !== kind) {
        const party = kind === 'BUYER' ? await this.listings.party(listingId, user.sub, em) : null;
        if (kind === 'SELLER' || row.status !== 'ACTIVE' || party?.status === 'rejected') {
          throw new NotFoundException(LISTING_MSG.listingNotFound);
        }
        await this.listings.addInterested(em, listingId, user.sub);
      }
      await this.journeys.select(em, user.sub, listingId);
      const r = await this.change(em, user.sub, listingId, kind, (s) => ({ changed: completeStep(s, 0, user.sub), result: null }), 'rule', actorOf(user));
      return r.state;
    });
    const row = await this.listings.findInScope(listingId, { kind: 'all' });
    return { message: LISTING_TEXT.selected, listing: await this.presentFor(user, row!), progress: await this.describe(state, listingId) };
  }

  /**
   * mark-step-completed / update-step {completed: true} (contracts MANUAL_STEPS): a step not yet accessible → 409
   * "Complete previous steps to unlock"; a hand step completes; a step whose completion is its work (the NDA or
   * financial statement submit, a signed upload, a download…) → 409 while that work is not done, and nothing changes
   * (200 "Step is already completed.") once it is.
   */
  async clientComplete(user: IdentityClaims, stepId: number): Promise<StepChangeResponse> {
    const manual = MANUAL_STEPS[kindOf(user)].includes(stepId);
    return this.clientChange(user, stepId, (s) => {
      if (!isAccessible(s, stepId)) throw new ConflictException(JOURNEY_MSG.notAccessible);
      if (!manual) {
        if (s.completedAt[stepId]) return { changed: false, result: JOURNEY_MSG.alreadyCompleted };
        throw new ConflictException(JOURNEY_MSG.notManual);
      }
      const changed = completeStep(s, stepId, user.sub);
      return { changed, result: changed ? JOURNEY_MSG.completed : JOURNEY_MSG.alreadyCompleted };
    });
  }

  /**
   * mark-step-incomplete / update-step {completed: false}: only the toggles (the seller's pre-close checklist), only
   * when accessible ("Complete previous steps to unlock" first, like every write to a locked step).
   */
  async clientReopen(user: IdentityClaims, stepId: number): Promise<StepChangeResponse> {
    const toggle = TOGGLE_STEPS[kindOf(user)].includes(stepId);
    return this.clientChange(user, stepId, (s) => {
      if (!isAccessible(s, stepId)) throw new ConflictException(JOURNEY_MSG.notAccessible);
      if (!toggle) throw new ConflictException(JOURNEY_MSG.notToggle);
      return { changed: reopenStep(s, stepId), result: JOURNEY_MSG.reopened };
    });
  }

  private async clientChange(
    user: IdentityClaims,
    stepId: number,
    fn: (s: JourneyState) => { changed: boolean; result: string },
  ): Promise<StepChangeResponse> {
    const listingId = await this.selected(user);
    if (!listingId) throw new ConflictException(JOURNEY_MSG.noSelection);
    const { state, result } = await this.journeys.transaction((em) => this.change(em, user.sub, listingId, kindOf(user), fn, 'client', actorOf(user)));
    return { message: result, progress: await this.describe(state, listingId) };
  }

  /** POST /internal/journeys/events: idempotent by eventId, serialized per journey by its row lock. */
  async applyEvent(ev: JourneyEventInput): Promise<JourneyEventResponse> {
    const listingId = ev.listingId ?? (await this.journeys.selection(ev.userId));
    if (!listingId) throw new ConflictException(JOURNEY_MSG.noSelection);
    const kind = await this.journeys.relation(ev.userId, listingId);
    if (!kind) throw new NotFoundException('Journey not found');
    if (!EVENT_STEPS[kind].includes(ev.stepId)) throw new ConflictException(JOURNEY_MSG.notEventStep);
    const { state, applied } = await this.journeys.transaction(async (em) => {
      const fresh = await this.journeys.recordEvent(em, { ...ev, listingId });
      const r = await this.change(em, ev.userId, listingId, kind, (s) => ({
        changed: fresh && completeStep(s, ev.stepId, ev.userId),
        result: fresh,
      }));
      return { state: r.state, applied: r.result };
    });
    return { applied, duplicate: !applied, progress: toProgress(state, listingId) };
  }
}
