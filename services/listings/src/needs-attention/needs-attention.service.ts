import { Injectable } from '@nestjs/common';
import {
  NEEDS_ATTENTION_KINDS,
  NEEDS_ATTENTION_MAX_ITEMS,
  isIdleJourney,
  newUploadsSince,
  type IdentityClaims,
  type NeedsAttentionItem,
  type NeedsAttentionResponse,
} from '@brokerage/contracts';
import { IdentityUsersClient } from '../identity/identity-users.client.js';
import { NeedsAttentionRepository } from './needs-attention.repository.js';
import { NeedsAttentionSources } from './needs-attention.sources.js';

type Draft = Omit<NeedsAttentionItem, 'listingTitle' | 'clientName'>;
const iso = (d: Date | string | null): string | null => (d == null ? null : new Date(d).toISOString());

/**
 * GET /broker|agent/needs-attention (issue 19 §3): on the open listings in scope (the broker all, an agent the assigned
 * ones) the buyers whose NDA is signed and not yet approved, the clients' uploads of the last NEW_UPLOAD_DAYS, the
 * buyers' open due-diligence requests and the idle journeys (isIdleJourney). Ids, names, counts and times only.
 */
@Injectable()
export class NeedsAttentionService {
  constructor(
    private readonly repo: NeedsAttentionRepository,
    private readonly sources: NeedsAttentionSources,
    private readonly identity: IdentityUsersClient,
  ) {}

  async list(user: IdentityClaims, now = new Date()): Promise<NeedsAttentionResponse> {
    const listings = await this.repo.listings(user.role === 'AGENT' ? user.sub : null);
    const ids = listings.map((l) => l.id);
    const sellerOf = new Map(listings.map((l) => [l.id, l.sellerId]));
    const [ndas, quiet, docs] = await Promise.all([
      this.repo.signedNdas(ids),
      this.repo.quietJourneys(ids),
      this.sources.documentsOf(ids, newUploadsSince(now)),
    ]);
    const lastSent = await this.sources.lastSent(quiet.map((j) => j.userId));

    const drafts: Draft[] = [
      ...ndas.map((n): Draft => ({ kind: 'nda-signed', listingId: n.listingId, clientId: n.buyerId, clientKind: 'buyers', count: 1, at: iso(n.signedAt) })),
      ...docs.uploads.map((u): Draft => ({
        kind: 'client-upload', listingId: u.listingId, clientId: u.userId,
        clientKind: u.role === 'SELLER' && sellerOf.get(u.listingId) === u.userId ? 'sellers' : 'buyers', count: u.count, at: u.lastAt,
      })),
      ...docs.dueDiligence.map((d): Draft => ({ kind: 'due-diligence-request', listingId: d.listingId, clientId: d.buyerId, clientKind: 'buyers', count: d.open, at: d.oldestAt })),
      ...quiet
        .filter((j) => isIdleJourney({ lastChangeAt: j.lastChangeAt, lastStepAt: j.lastStepAt, lastMessageAt: lastSent.get(j.userId) }, now))
        .map((j): Draft => {
          const msg = lastSent.get(j.userId);
          const last = [j.lastChangeAt, j.lastStepAt, msg].filter((x) => x != null).map((x) => new Date(x!).getTime());
          return { kind: 'idle-journey', listingId: j.listingId, clientId: j.userId, clientKind: j.kind === 'SELLER' ? 'sellers' : 'buyers', count: 1, at: last.length ? new Date(Math.max(...last)).toISOString() : null };
        }),
    ];
    // Only listings in scope, whatever a source answers; a seller's uploads only while they are still its seller.
    const kept = drafts.filter((d) => sellerOf.has(d.listingId) && (d.kind !== 'client-upload' || d.clientKind === 'buyers' || sellerOf.get(d.listingId) === d.clientId));
    const rank = (d: Draft) => NEEDS_ATTENTION_KINDS.indexOf(d.kind);
    kept.sort((a, b) => rank(a) - rank(b) || (b.at ?? '').localeCompare(a.at ?? ''));
    const shown = kept.slice(0, NEEDS_ATTENTION_MAX_ITEMS);

    const people = await this.identity.names(shown.map((d) => d.clientId));
    const titles = new Map(listings.map((l) => [l.id, l.title]));
    return {
      items: shown.map((d) => ({ ...d, listingTitle: titles.get(d.listingId) ?? '', clientName: people.get(d.clientId)?.name ?? '' })),
      total: kept.length,
    };
  }
}
