import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { BUYER_NDA_STEP, IDLE_JOURNEY_DAYS } from '@brokerage/contracts';
import { z } from 'zod';
import { rows, sqlColumn } from '@brokerage/nest-common';

const scopedListingRow = z.object({ id: z.string(), title: z.string(), sellerId: z.string().nullable() }).describe('scopedListingRow');
export type ScopedListing = z.output<typeof scopedListingRow>;
const signedNdaRow = z.object({ listingId: z.string(), buyerId: z.string(), signedAt: sqlColumn.time }).describe('signedNdaRow');
export type SignedNda = z.output<typeof signedNdaRow>;
const quietJourneyRow = z
  .object({ listingId: z.string(), userId: z.string(), kind: z.enum(['SELLER', 'BUYER']), lastChangeAt: sqlColumn.time, lastStepAt: sqlColumn.time.nullable() })
  .describe('quietJourneyRow');
export type QuietJourney = z.output<typeof quietJourneyRow>;

/** The listings side of the staff "Needs attention" list (contracts needs-attention.ts). */
@Injectable()
export class NeedsAttentionRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  /** Open deals in scope (agentId null: the whole brokerage): active or under contract, not archived or closed. */
  async listings(agentId: string | null): Promise<ScopedListing[]> {
    const res = await this.ds.query(
      `SELECT id, title, seller_id AS "sellerId" FROM listings.listings
        WHERE status IN ('ACTIVE', 'UNDER_CONTRACT') ${agentId ? 'AND agent_id = $1' : ''}`,
      agentId ? [agentId] : [],
    );
    return rows(scopedListingRow, res);
  }

  /** Buyers whose NDA step is completed while the seller has neither approved nor rejected them. */
  async signedNdas(listingIds: string[]): Promise<SignedNda[]> {
    const res = await this.ds.query(
      `SELECT b.listing_id AS "listingId", b.buyer_id AS "buyerId", j.completed_at[${BUYER_NDA_STEP + 1}] AS "signedAt"
         FROM listings.listing_buyers b
         JOIN listings.journeys j ON j.user_id = b.buyer_id AND j.listing_id = b.listing_id
        WHERE b.listing_id = ANY($1::uuid[]) AND b.status = 'interested' AND j.completed_at[${BUYER_NDA_STEP + 1}] IS NOT NULL`,
      [listingIds],
    );
    return rows(signedNdaRow, res);
  }

  /**
   * Journeys of the listings' seller and non-rejected buyers, not finished (last step open), with no change and no
   * completed step for IDLE_JOURNEY_DAYS: the candidates; the messages decide (isIdleJourney).
   */
  async quietJourneys(listingIds: string[]): Promise<QuietJourney[]> {
    const res = await this.ds.query(
      `SELECT j.listing_id AS "listingId", j.user_id AS "userId", j.kind, j.updated_at AS "lastChangeAt",
              (SELECT max(t) FROM unnest(j.completed_at) t) AS "lastStepAt"
         FROM listings.journeys j
         JOIN listings.listings l ON l.id = j.listing_id
         LEFT JOIN listings.listing_buyers b ON b.listing_id = j.listing_id AND b.buyer_id = j.user_id
        WHERE j.listing_id = ANY($1::uuid[]) AND j.completed_at[11] IS NULL
          AND ((j.kind = 'SELLER' AND l.seller_id = j.user_id) OR (j.kind = 'BUYER' AND b.status IS NOT NULL AND b.status <> 'rejected'))
          AND greatest(j.updated_at, (SELECT max(t) FROM unnest(j.completed_at) t)) < now() - make_interval(days => $2)`,
      [listingIds, IDLE_JOURNEY_DAYS],
    );
    return rows(quietJourneyRow, res);
  }
}
