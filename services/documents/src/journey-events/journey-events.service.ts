import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { DocumentType } from '@brokerage/contracts';
import { nameUuid } from '@brokerage/nest-common';
import { JOURNEY_STEP, JourneyRelayService } from './journey-relay.service.js';

/** The same (what, user, listing) is always the same event. */
export const eventIdOf = (...parts: string[]): string => nameUuid('sha256', parts.join('|'));

/** Which document actions complete which journey step (spec part 2 §4; step ids of contracts/journeys.ts). */
export function uploadStep(role: string, type: DocumentType): { stepId: number; what: string } | null {
  if (role === 'SELLER') {
    if (type === 'LISTING_AGREEMENT') return { stepId: 2, what: 'signed-listing-agreement' };
    if (type === 'FINANCIAL_DOCUMENTS') return { stepId: 4, what: 'first-financial-upload' };
    if (type === 'PURCHASE_AGREEMENT') return { stepId: 6, what: 'signed-purchase-agreement' };
    if (type === 'DUE_DILIGENCE') return { stepId: 7, what: 'first-due-diligence-upload' };
  }
  if (role === 'BUYER') {
    if (type === 'PURCHASE_CONTRACT') return { stepId: 6, what: 'signed-contract-upload' };
    return { stepId: 5, what: 'first-buyer-upload' };
  }
  return null;
}
/** A buyer's download of the CBR/CIM completes buyer step 4. */
export const CBR_DOWNLOAD_STEP = { stepId: 4, what: 'cbr-cim-download' } as const;

/** How long a client's upload waits for its journey event to reach listings (delivered later otherwise). */
const RELAY_WAIT_MS = 1500;
const delay = (ms: number) => new Promise<void>((r) => setTimeout(r, ms).unref());

/** Writes the event to the outbox (one per what/user/listing, ever) and wakes the relay. */
@Injectable()
export class JourneyEventsService {
  constructor(
    private readonly ds: DataSource,
    private readonly relay: JourneyRelayService,
  ) {}

  /**
   * With `wait` (a client's upload) the answer waits briefly (≤ RELAY_WAIT_MS) for listings to apply it, so the
   * uploader's progress and the other parties' live step event follow the upload's answer, not the next round.
   */
  async record(step: { stepId: number; what: string }, userId: string, listingId: string, o: { wait?: boolean } = {}): Promise<void> {
    const eventId = eventIdOf(step.what, userId, listingId);
    await this.relay.add(this.ds.manager, JOURNEY_STEP, { eventId, userId, listingId, stepId: step.stepId, source: `documents.${step.what}` }, { id: eventId });
    if (!o.wait) return this.relay.kick();
    await Promise.race([this.relay.drain().catch(() => undefined), delay(RELAY_WAIT_MS)]);
  }
}
