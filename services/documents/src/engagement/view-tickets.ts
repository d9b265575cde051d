import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { Injectable, type OnModuleDestroy } from '@nestjs/common';
import type { IdentityClaims } from '@brokerage/contracts';
import { loadConfig } from '@brokerage/nest-common';
import type { DocumentRow } from '../documents/documents.repository.js';
import { ListingsClient } from '../listings-access/listings.client.js';

/** How long a ticket is taken: a longer viewing reports through the rule again (and gets a new ticket). */
export const VIEW_TICKET_TTL_MS = 15 * 60_000;
/** Tickets whose rule was applied this close after a listing event (another process's clock) are not taken either. */
const CLOCK_MARGIN_MS = 250;
const MAX_LISTINGS = 10_000;

/** What a ticket says: the viewer's rule let `sub` open `documentId` (this version, this page count) at `iat`. */
export interface ViewTicket {
  sub: string;
  documentId: string;
  listingId: string;
  version: number;
  pageCount: number;
  iat: number;
}

/**
 * View tickets (issue 23 §3, bench:viewer's engagement write ≤ 5 ms): when a buyer opens a document in the viewer its
 * rule has just been applied (DocumentsService.findUsable 'view'); the answer carries a ticket, HMAC-signed with a key
 * of documents' own, naming the buyer, the document, its version and page count. The viewer's reports carry it back;
 * one that is current lets the report be taken without asking the rule again (no database or listings call: checked
 * in memory, on whichever documents process the report reaches). A ticket is not taken once its listing had an event
 * after it was issued (an NDA, a step, a buyer approved or rejected, a document replaced or deleted, an access revoked
 * or restored: every such change is published on the listing's channel), nor while this process may have missed
 * events, nor after VIEW_TICKET_TTL_MS: then the report goes through the rule, as one without a ticket does.
 */
@Injectable()
export class ViewTickets implements OnModuleDestroy {
  private readonly key: Buffer;
  /** When each listing last had an event (this process's clock); before `allSince`, every listing counts as changed. */
  private readonly changedAt = new Map<string, number>();
  private allSince = Date.now();
  private readonly unsubscribe: () => void;

  constructor(private readonly listings: ListingsClient) {
    this.key = createHash('sha256').update('documents: view tickets\n').update(loadConfig().SERVICE_JWT_PRIVATE_KEY ?? '').digest();
    this.unsubscribe = listings.onListingChange((listingId) => this.changed(listingId));
  }

  onModuleDestroy(): void {
    this.unsubscribe();
  }

  /**
   * `checkedAt`: when the rule began to be applied (not when it answered): a change that came while it ran is newer
   * than the ticket, so the ticket is not taken (events are noted when they reach this process, after the change).
   */
  issue(user: Pick<IdentityClaims, 'sub'>, doc: Pick<DocumentRow, 'id' | 'listingId' | 'version'>, pageCount: number, checkedAt: number): string {
    const body = Buffer.from(JSON.stringify([user.sub, doc.id, doc.listingId, doc.version, pageCount, checkedAt])).toString('base64url');
    return `${body}.${this.mac(body)}`;
  }

  /** The ticket's claims when it is genuine, the caller's, for this document and current; else null (ask the rule). */
  check(ticket: string | undefined, user: Pick<IdentityClaims, 'sub'>, documentId: string, now = Date.now()): ViewTicket | null {
    if (!ticket || !this.listings.live) return null;
    const dot = ticket.indexOf('.');
    if (dot <= 0) return null;
    const body = ticket.slice(0, dot);
    const given = Buffer.from(ticket.slice(dot + 1), 'base64url');
    const expected = Buffer.from(this.mac(body), 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    let v: unknown;
    try {
      v = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
    } catch {
      return null;
    }
    if (!Array.isArray(v) || v.length !== 6) return null;
    const [sub, id, listingId, version, pageCount, iat] = v as [string, string, string, number, number, number];
    if (sub !== user.sub || id !== documentId || typeof iat !== 'number' || now - iat > VIEW_TICKET_TTL_MS) return null;
    const since = Math.max(this.allSince, this.changedAt.get(listingId) ?? 0);
    if (iat <= since + CLOCK_MARGIN_MS) return null;
    return { sub, documentId: id, listingId, version, pageCount, iat };
  }

  private changed(listingId: string | null): void {
    const now = Date.now();
    if (listingId === null || this.changedAt.size >= MAX_LISTINGS) {
      this.allSince = now;
      this.changedAt.clear();
    }
    if (listingId !== null) this.changedAt.set(listingId, now);
  }

  private mac(body: string): string {
    return createHmac('sha256', this.key).update(body).digest('base64url');
  }
}
