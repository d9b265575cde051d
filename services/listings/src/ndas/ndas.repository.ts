import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { BuyerNda } from './buyer-nda.entity.js';
import { ListingBuyer } from '../listings/listing-buyer.entity.js';
import type { RecordNdaInput } from '@brokerage/contracts';
import { z } from 'zod';
import { firstRow, rows } from '@brokerage/nest-common';

const statusRow = z.object({ status: z.string() }).describe('listingStatusRow');
const idRow = z.object({ id: z.string() }).describe('insertedNdaRow');
const submittedRow = z.object({ submitted: z.literal(1) }).describe('submittedNdaFormRow');

const blank = (v: string | null | undefined) => (v === undefined || v === null || v === '' ? null : v);

@Injectable()
export class NdasRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  transaction<T>(fn: (em: EntityManager) => Promise<T>): Promise<T> {
    return this.ds.transaction(fn);
  }

  findByBuyerAndListing(em: EntityManager, buyerId: string, listingId: string): Promise<BuyerNda | null> {
    return em.getRepository(BuyerNda).findOneBy({ buyerId, listingId });
  }

  /** Locks the listing row (FOR SHARE) and returns its status, or null when it does not exist. */
  async lockListingStatus(em: EntityManager, listingId: string): Promise<string | null> {
    return firstRow(statusRow, await em.query('SELECT status FROM listings.listings WHERE id = $1 FOR SHARE', [listingId]))?.status ?? null;
  }

  /** Inserts the NDA unless one exists for (buyer, listing); returns the inserted id or null. */
  async insertIfAbsent(em: EntityManager, input: RecordNdaInput & { listingId: string; textSha256: string; textVersion: string }): Promise<string | null> {
    const res = await em.query(
      `INSERT INTO listings.buyer_ndas (buyer_id, listing_id, first_name, last_name, email, phone, organization,
         address_line1, address_line2, city, state, zip_code, available_money, minimum_income, total_price_willing,
         california_regions, time_frame_to_purchase, agreement_accepted, signer_name, signed_at, ip, user_agent, text_sha256, text_version)
       VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15,$16,$17,$18,$19,$20,$21,$22,$23,$24)
       ON CONFLICT (buyer_id, listing_id) DO NOTHING
       RETURNING id`,
      [
        input.buyerId, input.listingId, input.firstName, input.lastName, input.email, input.phone, blank(input.organization),
        blank(input.addressLine1), blank(input.addressLine2), blank(input.city), blank(input.state), blank(input.zipCode),
        blank(input.availableMoney), blank(input.minimumIncome), blank(input.totalPriceWilling), input.californiaRegions ?? [],
        blank(input.timeFrameToPurchase), input.agreementAccepted, input.signature, input.signedAt, blank(input.ip), blank(input.userAgent),
        input.textSha256, input.textVersion,
      ],
    );
    return firstRow(idRow, res)?.id ?? null;
  }

  async attachBuyer(em: EntityManager, listingId: string, buyerId: string): Promise<void> {
    await em.query(
      'INSERT INTO listings.listing_buyers (listing_id, buyer_id) VALUES ($1, $2) ON CONFLICT (listing_id, buyer_id) DO NOTHING',
      [listingId, buyerId],
    );
  }

  /** Whether the buyer's online NDA form for the listing is already submitted (a retried sign-up files no second PDF). */
  async ndaFormSubmitted(em: EntityManager, buyerId: string, listingId: string): Promise<boolean> {
    const res = await em.query(
      `SELECT 1 AS submitted FROM listings.client_forms WHERE user_id = $1 AND listing_id = $2 AND kind = 'NDA' AND submitted_at IS NOT NULL`,
      [buyerId, listingId],
    );
    return rows(submittedRow, res).length > 0;
  }

  /** The sign-up's listing becomes the buyer's selected one unless they already have one. */
  async selectIfNone(em: EntityManager, buyerId: string, listingId: string): Promise<void> {
    await em.query(`INSERT INTO listings.selections (user_id, listing_id) VALUES ($1, $2) ON CONFLICT (user_id) DO NOTHING`, [buyerId, listingId]);
  }

  /**
   * Compensation: removes every NDA and listing attachment of the buyer, and what the sign-up gave them here (their
   * journeys, selection, NDA form, and the PDF requests not yet handed to documents).
   */
  async deleteForBuyer(buyerId: string): Promise<{ ndas: number; attachments: number }> {
    return this.ds.transaction(async (em) => {
      const ndas = await em.getRepository(BuyerNda).delete({ buyerId });
      const links = await em.getRepository(ListingBuyer).delete({ buyerId });
      await em.query(`DELETE FROM listings.outbox WHERE kind = 'form-pdf' AND payload->'document'->>'ownerId' = $1 AND delivered_at IS NULL AND dead_at IS NULL`, [buyerId]);
      await em.query(`DELETE FROM listings.client_forms WHERE user_id = $1`, [buyerId]);
      await em.query(`DELETE FROM listings.selections WHERE user_id = $1`, [buyerId]);
      await em.query(`DELETE FROM listings.journeys WHERE user_id = $1`, [buyerId]);
      return { ndas: ndas.affected ?? 0, attachments: links.affected ?? 0 };
    });
  }
}
