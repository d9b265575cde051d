import { Injectable, Logger } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import {
  BUYER_STEPS,
  NOTICE_HEADLINES,
  SELLER_STEPS,
  type IdentityClaims,
  type ListingPartiesResponse,
  type NoticeCommand,
} from '@brokerage/contracts';
import { NOTICE, audienceEventId, nameUuid, oneLine, staffNotices } from '@brokerage/nest-common';
import { documentStep, isStaff } from '../documents/document-access.js';
import type { DocumentRow } from '../documents/documents.repository.js';
import { JourneyRelayService } from '../journey-events/journey-relay.service.js';
import { ListingsClient } from '../listings-access/listings.client.js';

/** The same event is always the same id (the outbox's key and identity's eventId keep a repeat out). */
export const noticeEventId = (...parts: string[]): string => nameUuid('sha1', `brokerage:notice:${parts.join(':')}`);

/** The clients a file reaches, as canSee and the access rule say: a listing's parties, its buyers past the NDA. */
type Parties = Pick<ListingPartiesResponse, 'sellerId' | 'agentId' | 'buyerIds' | 'ndaBuyerIds'>;
type SharedFile = Pick<DocumentRow, 'id' | 'listingId' | 'type' | 'stepId' | 'audience' | 'buyerId'>;

const TITLE_CACHE_MS = 30_000;

/**
 * The documents service's e-mail notices (issue 24 §2), `notice` rows of documents.outbox written in the transaction
 * of the change (docs/CONVENTIONS.md "Outbox"):
 *  - document-shared: staff's files to the clients who may now see them (canSee's audiences; a buyer only past their
 *    NDA, still a party and not taken out of the listing's documents; a buyer's own file to that buyer alone);
 *  - due-diligence: a buyer's requests (to staff) and staff's file under one of a buyer's names (to that buyer: one
 *    kind per event, due-diligence, not document-shared too). `dueDiligence()` is the Q&A's entry as well.
 * Never a file name or content: who shared, how many, the listing's title (its public card), where to look.
 */
@Injectable()
export class DocumentNotices {
  private readonly logger = new Logger(DocumentNotices.name);
  private readonly titles = new Map<string, { title: string; until: number }>();

  constructor(
    private readonly outbox: JourneyRelayService,
    private readonly listings: ListingsClient,
  ) {}

  /** The listing's title for the headline (the public card's); undefined when listings cannot say (the notice goes without). */
  async title(listingId: string): Promise<string | undefined> {
    const hit = this.titles.get(listingId);
    if (hit && hit.until > Date.now()) return hit.title;
    try {
      const title = await this.listings.title(listingId);
      this.titles.set(listingId, { title, until: Date.now() + TITLE_CACHE_MS });
      return title;
    } catch (err) {
      this.logger.warn(`listing ${listingId}: no title for the notice (${(err as Error).message})`);
      return undefined;
    }
  }

  async add(m: EntityManager, notices: readonly NoticeCommand[]): Promise<void> {
    for (const n of notices) await this.outbox.add(m, NOTICE, n, { id: n.eventId });
  }

  /** The buyers who may see the listing's data now: parties past their NDA step, not taken out of its documents. */
  async openBuyers(m: EntityManager, listingId: string, parties: Parties): Promise<string[]> {
    const revoked = new Set((await m.query(
      `SELECT buyer_id AS "buyerId" FROM documents.revocations WHERE listing_id = $1 AND document_id IS NULL`, [listingId],
    ) as Array<{ buyerId: string }>).map((r) => r.buyerId));
    return (parties.ndaBuyerIds ?? []).filter((b) => parties.buyerIds.includes(b) && !revoked.has(b));
  }

  /** Who of the listing's clients may see a file of this audience (canSee, after the access rule). */
  private async clientsOf(m: EntityManager, f: SharedFile, parties: Parties): Promise<{ seller: string[]; buyers: string[] }> {
    const seller = parties.sellerId && (f.audience === 'ALL' || f.audience === 'SELLER') ? [parties.sellerId] : [];
    const open = f.audience === 'SELLER' ? [] : await this.openBuyers(m, f.listingId, parties);
    const buyers = f.audience === 'BUYER' ? open.filter((b) => b === f.buyerId) : f.audience === 'ALL' || f.audience === 'BUYERS' ? open : [];
    return { seller, buyers };
  }

  /**
   * Staff's upload of one request (its files share one audience): one notice per client audience (the seller, the
   * buyers: each their own screen), eventId from the files' ids. Clients' own uploads and generated files tell no one.
   */
  async documentsShared(m: EntityManager, files: readonly SharedFile[], staff: IdentityClaims, parties: Parties, title?: string): Promise<void> {
    const first = files[0];
    if (!first || !isStaff(staff)) return;
    const { seller, buyers } = await this.clientsOf(m, first, parties);
    const eventId = noticeEventId('document-shared', ...files.map((f) => f.id).sort());
    const step = documentStep(first);
    const base = {
      kind: 'document-shared' as const,
      listingId: first.listingId,
      ...(title ? { listingTitle: oneLine(title) } : {}),
      actorName: oneLine(staff.name || 'Your broker'),
      headline: oneLine(NOTICE_HEADLINES.documentShared(staff.name || 'Your broker', files.length, title)),
    };
    const notices: NoticeCommand[] = [];
    if (seller.length) notices.push({ ...base, eventId: audienceEventId(eventId, 'seller'), recipients: { userIds: seller }, link: (SELLER_STEPS[step] ?? SELLER_STEPS[0]!).path });
    if (buyers.length) notices.push({ ...base, eventId: audienceEventId(eventId, 'buyers'), recipients: { userIds: buyers }, link: (BUYER_STEPS[step] ?? BUYER_STEPS[0]!).path });
    await this.add(m, notices);
  }

  /**
   * A due-diligence notice (kind due-diligence): to staff (every broker and the listing's agent, on the buyer's progress
   * view) and/or to buyers (only those who may see the listing's data: past the NDA, not taken out; their Due Diligence
   * screen). For the Q&A too: a question asked (staff), an answer released (the asker, or every buyer).
   */
  async dueDiligence(m: EntityManager, n: {
    eventId: string;
    listingId: string;
    parties: Parties;
    /** Staff, with the buyer whose progress view is the place to act (or `path`, a staff screen below the area). */
    staffAbout?: { buyerId: string } | { path: string };
    /** The listing's seller (their link). */
    sellerLink?: string;
    buyerIds?: readonly string[];
    actorName: string;
    headline: string;
    title?: string;
    /** The buyers' link (default /buyer/due-diligence). */
    buyerLink?: string;
  }): Promise<void> {
    const base = {
      kind: 'due-diligence' as const,
      listingId: n.listingId,
      ...(n.title ? { listingTitle: oneLine(n.title) } : {}),
      actorName: oneLine(n.actorName),
      headline: oneLine(n.headline),
    };
    const notices: NoticeCommand[] = [];
    if (n.staffAbout) {
      const path = 'path' in n.staffAbout ? n.staffAbout.path : `/buyers/${n.staffAbout.buyerId}/${n.listingId}`;
      notices.push(...staffNotices({ ...base, eventId: n.eventId }, n.parties.agentId, path));
    }
    if (n.sellerLink && n.parties.sellerId) {
      notices.push({ ...base, eventId: n.staffAbout ? audienceEventId(n.eventId, 'seller') : n.eventId, recipients: { userIds: [n.parties.sellerId] }, link: n.sellerLink });
    }
    if (n.buyerIds?.length) {
      const open = new Set(await this.openBuyers(m, n.listingId, n.parties));
      const buyers = n.buyerIds.filter((b) => open.has(b));
      if (buyers.length) {
        notices.push({ ...base, eventId: n.staffAbout ? audienceEventId(n.eventId, 'buyers') : n.eventId, recipients: { userIds: buyers }, link: n.buyerLink ?? '/buyer/due-diligence' });
      }
    }
    await this.add(m, notices);
  }
}
