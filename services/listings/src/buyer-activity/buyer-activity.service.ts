import { Injectable, NotFoundException } from '@nestjs/common';
import {
  BUYER_ACTIVITY_TEXT,
  DOCUMENT_TYPE_LABELS,
  LISTING_MSG,
  type BuyerActivityResponse,
  type BuyerActivityRow,
  type Offer,
  type YesNoPending,
} from '@brokerage/contracts';
import { IdentityUsersClient } from '../identity/identity-users.client.js';
import { ListingsRepository } from '../listings/listings.repository.js';
import { OffersRepository } from '../offers/offers.repository.js';
import { ActivitySourcesClient } from './activity-sources.client.js';
import { BuyerActivityRepository, type FormState } from './buyer-activity.repository.js';

interface Happening {
  activity: string;
  at: Date;
}

const latest = (list: Array<Happening | null>): Happening =>
  list.reduce<Happening | null>((best, h) => (h && (!best || h.at > best.at) ? h : best), null)!;

function formAnswer(form: FormState | undefined): YesNoPending {
  if (!form) return 'No';
  return form.submittedAt ? 'Yes' : 'Pending';
}

/**
 * Seller step 6 "Buyer Activity" with real data (deviation 5): every buyer party of the seller's listing, rejected
 * ones included (as Not Interested), numbered by first contact, with NDA / pre-qualification from their forms, offers
 * staff recorded, and their latest activity from listings, documents (reads in the viewer, downloads, uploads) and
 * messaging. Total Views is documents' count (issue 23 §3: documents read in the viewer + file downloads).
 */
@Injectable()
export class BuyerActivityService {
  constructor(
    private readonly listings: ListingsRepository,
    private readonly repo: BuyerActivityRepository,
    private readonly offers: OffersRepository,
    private readonly identity: IdentityUsersClient,
    private readonly sources: ActivitySourcesClient,
  ) {}

  async forSeller(sellerId: string, listingId: string): Promise<BuyerActivityResponse> {
    if (!(await this.listings.findInScope(listingId, { kind: 'seller', userId: sellerId }))) {
      throw new NotFoundException(LISTING_MSG.listingNotFound);
    }
    return this.build(listingId);
  }

  private async build(listingId: string): Promise<BuyerActivityResponse> {
    const parties = await this.listings.parties([listingId], true);
    const ids = parties.map((p) => p.buyerId);
    const [forms, signups, allOffers, people, docs, sent] = await Promise.all([
      this.repo.forms(listingId),
      this.repo.signupNdas(listingId),
      this.offers.list(listingId),
      this.identity.names(ids),
      this.sources.documentActivity(listingId),
      this.sources.lastSent(ids),
    ]);
    // Offers of buyers who are still parties (a deleted buyer's rows are gone, so are their offers from the figures).
    const offers = allOffers.filter((o) => ids.includes(o.buyerId));
    const form = (userId: string, kind: FormState['kind']) => forms.find((f) => f.userId === userId && f.kind === kind);
    const signupOf = new Map(signups.map((s) => [s.buyerId, s]));
    const docsOf = new Map(docs.map((d) => [d.userId, d]));
    const sentOf = new Map(sent.map((s) => [s.userId, new Date(s.at)]));
    const offersOf = new Map<string, Offer[]>();
    for (const o of offers) offersOf.set(o.buyerId, [...(offersOf.get(o.buyerId) ?? []), o]);

    const buyers = parties.map((p, i): BuyerActivityRow => {
      const person = people.get(p.buyerId);
      const nda = form(p.buyerId, 'NDA');
      const pfs = form(p.buyerId, 'FINANCIAL_STATEMENT');
      const signup = signupOf.get(p.buyerId);
      const own = offersOf.get(p.buyerId) ?? [];
      const d = docsOf.get(p.buyerId);
      const message = sentOf.get(p.buyerId);
      const ndaSignedAt = nda?.submittedAt ?? signup?.signedAt ?? null;
      const newestOffer = own.reduce<Offer | null>((b, o) => (!b || o.createdAt > b.createdAt ? o : b), null);
      const last = latest([
        { activity: BUYER_ACTIVITY_TEXT.contacted, at: p.createdAt },
        ndaSignedAt && { activity: BUYER_ACTIVITY_TEXT.ndaSigned, at: ndaSignedAt },
        pfs?.submittedAt ? { activity: BUYER_ACTIVITY_TEXT.statementSubmitted, at: pfs.submittedAt } : null,
        newestOffer && { activity: BUYER_ACTIVITY_TEXT.offerMade, at: new Date(newestOffer.createdAt) },
        d?.lastView ? { activity: BUYER_ACTIVITY_TEXT.viewed(DOCUMENT_TYPE_LABELS[d.lastView.documentType]), at: new Date(d.lastView.at) } : null,
        d?.lastDownload ? { activity: BUYER_ACTIVITY_TEXT.downloaded(DOCUMENT_TYPE_LABELS[d.lastDownload.documentType]), at: new Date(d.lastDownload.at) } : null,
        d?.lastUpload ? { activity: BUYER_ACTIVITY_TEXT.uploaded, at: new Date(d.lastUpload.at) } : null,
        message ? { activity: BUYER_ACTIVITY_TEXT.messaged, at: message } : null,
      ]);
      return {
        id: p.buyerId,
        buyerNumber: `B${String(i + 1).padStart(3, '0')}`,
        buyerName: person?.name ?? '',
        company: nda?.organization ?? signup?.organization ?? person?.company ?? '',
        dateOfContact: p.createdAt.toISOString(),
        nda: ndaSignedAt ? 'Yes' : nda ? 'Pending' : 'No',
        preQualified: formAnswer(pfs),
        status: p.status === 'rejected' ? 'Not Interested' : own.length > 0 ? 'Made an offer' : 'Interested',
        decision: p.status,
        offerAmount: own.length > 0 ? Math.max(...own.map((o) => o.amount)) : null,
        email: person?.email ?? '',
        activity: last.activity,
        timestamp: last.at.toISOString(),
      };
    });

    return {
      listingId,
      stats: {
        totalViews: docs.reduce((n, d) => n + d.views, 0),
        interestedBuyers: buyers.filter((b) => b.status !== 'Not Interested').length,
        offersReceived: offers.length,
        highestOffer: offers.length > 0 ? Math.max(...offers.map((o) => o.amount)) : null,
      },
      buyers,
    };
  }
}
