import { Injectable } from '@nestjs/common';
import type { DocumentType } from '@brokerage/contracts';
import { JourneyEventsRepository, eventIdOf } from './journey-events.repository.js';
import { JourneyRelayService } from './journey-relay.service.js';

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
    private readonly outbox: JourneyEventsRepository,
    private readonly relay: JourneyRelayService,
  ) {}

  /**
   * With `wait` (a client's upload) the answer waits briefly (≤ RELAY_WAIT_MS) for listings to apply it, so the
   * uploader's progress and the other parties' live step event follow the upload's answer, not the next round.
   */
  async record(step: { stepId: number; what: string }, userId: string, listingId: string, o: { wait?: boolean } = {}): Promise<void> {
    const eventId = eventIdOf(step.what, userId, listingId);
    await this.outbox.add({ eventId, userId, listingId, stepId: step.stepId, source: `documents.${step.what}` });
    if (!o.wait) return this.relay.kick();
    await Promise.race([this.relay.drain().catch(() => undefined), delay(RELAY_WAIT_MS)]);
  }
}
