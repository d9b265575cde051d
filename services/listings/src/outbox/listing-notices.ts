import { Injectable } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { z } from 'zod';
import { BUYER_NDA_STEP, JOURNEY_STEPS, NOTICE_ACTOR, NOTICE_HEADLINES, type JourneyKind } from '@brokerage/contracts';
import { NOTICE, firstRow, nameUuid, oneLine, staffNotices } from '@brokerage/nest-common';
import { OutboxRelayService, type ListingNotice } from './outbox-relay.service.js';

/** Who acted: the name when the caller knows it (claims, a form), else only the id (the relay looks the name up). */
export interface NoticeActor {
  id: string;
  name?: string | null;
}

/** A journey as the notices read it (journeys' JourneyState). */
export interface ChangedJourney {
  userId: string;
  listingId: string;
  kind: JourneyKind;
  completedAt: (Date | null)[];
  completedBy: (string | null)[];
}

const listingRow = z.object({ title: z.string(), sellerId: z.string().nullable(), agentId: z.string().nullable() }).describe('noticeListingRow');
type NoticeListing = z.output<typeof listingRow>;

/** The same event is always the same id (a repeat is kept out by the outbox's primary key and identity's eventId). */
export const noticeEventId = (...parts: string[]): string => nameUuid('sha1', `brokerage:notice:${parts.join(':')}`);

/** The actor's name in the headline now when known, else NOTICE_ACTOR and the id (named at delivery). */
function byActor(actor: NoticeActor, headline: (name: string) => string): Pick<ListingNotice, 'headline' | 'actorName' | 'actorId'> {
  const name = actor.name?.trim();
  return name ? { headline: oneLine(headline(name)), actorName: oneLine(name) } : { headline: oneLine(headline(NOTICE_ACTOR)), actorId: actor.id };
}

/**
 * The listings service's e-mail notices (issue 24 §2), each a `notice` row of listings.outbox written in the
 * transaction of the change (docs/CONVENTIONS.md "Outbox"):
 *  - step-completed: to the client whose step someone else (staff) completed; to staff (brokers, the listing's agent)
 *    when the client's own doing completed it;
 *  - nda-signed: to staff when a buyer's NDA step completes (in the portal or with the public sign-up), instead of
 *    step-completed;
 *  - offer-recorded: to the listing's seller;
 *  - idle-journey: to staff (IdleJourneyNotices).
 */
@Injectable()
export class ListingNotices {
  constructor(private readonly outbox: OutboxRelayService) {}

  async add(em: EntityManager, notices: readonly ListingNotice[]): Promise<void> {
    for (const n of notices) await this.outbox.add(em, NOTICE, n, { id: n.eventId });
  }

  async listing(em: EntityManager, listingId: string): Promise<NoticeListing | undefined> {
    return firstRow(listingRow, await em.query(
      `SELECT title, seller_id AS "sellerId", agent_id AS "agentId" FROM listings.listings WHERE id = $1`, [listingId],
    ));
  }

  /**
   * The steps this change completed (done now, not before). `by`: who changed it (staff: the broker's complete on the
   * progress view; else the client's own doing or a rule on it). A reopen notifies no one.
   */
  async journeyChanged(em: EntityManager, s: ChangedJourney, doneBefore: readonly boolean[], by: 'client' | 'staff' | 'rule', actor: NoticeActor): Promise<void> {
    const steps = s.completedAt.flatMap((at, stepId) => (at && !doneBefore[stepId] ? [stepId] : []));
    if (steps.length === 0) return;
    const l = await this.listing(em, s.listingId);
    if (!l) return;
    const base = { listingId: s.listingId, listingTitle: oneLine(l.title) };
    const notices: ListingNotice[] = [];
    const at = (stepId: number) => s.completedAt[stepId]!.toISOString();
    for (const stepId of steps) {
      const completer = s.completedBy[stepId];
      if (!completer || completer === s.userId) continue;
      // the client's step done by someone else: the client hears who did it
      const step = JOURNEY_STEPS[s.kind][stepId]!;
      const who = actor.id === completer ? actor : { id: completer };
      notices.push({
        ...base,
        eventId: noticeEventId('step-completed', s.listingId, s.userId, String(stepId), at(stepId)),
        kind: 'step-completed',
        recipients: { userIds: [s.userId] },
        ...byActor(who, (name) => NOTICE_HEADLINES.stepCompletedForYou(name, step.title, l.title)),
        link: step.path,
      });
    }
    if (by !== 'staff') {
      const client = { id: s.userId, name: actor.id === s.userId ? actor.name : null };
      // a seller's step 0 is opening their own listing (their home): nothing to tell
      const own = steps.filter((stepId) => s.completedBy[stepId] === s.userId && (stepId > 0 || s.kind === 'BUYER'));
      const clients = s.kind === 'SELLER' ? 'sellers' : 'buyers';
      if (s.kind === 'BUYER' && own.includes(BUYER_NDA_STEP)) {
        // one notice for the change: the NDA (the public sign-up completes the selection with it)
        notices.push(...staffNotices({
          ...base,
          eventId: noticeEventId('nda-signed', s.listingId, s.userId, at(BUYER_NDA_STEP)),
          kind: 'nda-signed' as const,
          ...byActor(client, (name) => NOTICE_HEADLINES.ndaSigned(name, l.title)),
        }, l.agentId, `/listings/${s.listingId}/activity`));
      } else {
        for (const stepId of own) {
          const step = JOURNEY_STEPS[s.kind][stepId]!;
          notices.push(...staffNotices({
            ...base,
            eventId: noticeEventId('step-completed', s.listingId, s.userId, String(stepId), at(stepId)),
            kind: 'step-completed' as const,
            ...byActor(client, (name) => NOTICE_HEADLINES.stepCompleted(name, step.title, l.title)),
          }, l.agentId, `/${clients}/${s.userId}/${s.listingId}`));
        }
      }
    }
    await this.add(em, notices);
  }

  /** An offer recorded for a buyer: the seller hears that there is one (no buyer, no amount); a private seller has no account. */
  async offerRecorded(em: EntityManager, offer: { id: string; listingId: string }, staff: NoticeActor): Promise<void> {
    const l = await this.listing(em, offer.listingId);
    if (!l?.sellerId) return;
    await this.add(em, [{
      eventId: noticeEventId('offer-recorded', offer.id),
      kind: 'offer-recorded',
      recipients: { userIds: [l.sellerId] },
      listingId: offer.listingId,
      listingTitle: oneLine(l.title),
      ...(staff.name?.trim() ? { actorName: oneLine(staff.name) } : {}),
      headline: oneLine(NOTICE_HEADLINES.offerRecorded(l.title)),
      link: '/seller/buyer-activity',
    }]);
  }
}
