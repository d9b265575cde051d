import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type { Offer } from '@brokerage/contracts';
import { z } from 'zod';
import { firstRow, rows, sqlColumn } from '@brokerage/nest-common';

export interface NewOffer {
  listingId: string;
  buyerId: string;
  /** Canonical decimal string ("485000.00"). */
  amount: string;
  date: string;
  note: string | null;
  recordedBy: { id: string; name: string; role: string };
}

const offerRow = z
  .object({
    id: z.string(),
    listing_id: z.string(),
    buyer_id: z.string(),
    amount: z.string(),
    offer_date: z.string(),
    note: z.string().nullable(),
    recorded_by_id: z.string(),
    recorded_by_name: z.string(),
    recorded_by_role: z.string(),
    created_at: sqlColumn.time,
  })
  .describe('offerRow');
type OfferDbRow = z.output<typeof offerRow>;

const COLUMNS = `id, listing_id, buyer_id, amount::text AS amount, to_char(offer_date, 'YYYY-MM-DD') AS offer_date, note,
  recorded_by_id, recorded_by_name, recorded_by_role, created_at`;

function toOffer(r: OfferDbRow): Offer {
  return {
    id: r.id,
    listingId: r.listing_id,
    buyerId: r.buyer_id,
    amount: Number(r.amount),
    date: r.offer_date,
    note: r.note,
    recordedBy: { id: r.recorded_by_id, name: r.recorded_by_name, role: r.recorded_by_role },
    createdAt: r.created_at.toISOString(),
  };
}

/** listings.offers: the offers staff record for a buyer on a listing. */
@Injectable()
export class OffersRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  /** In the caller's transaction when given (the seller's notice commits with the offer). */
  async add(o: NewOffer, m?: EntityManager): Promise<Offer> {
    const res = await (m ?? this.ds).query(
      `INSERT INTO listings.offers (listing_id, buyer_id, amount, offer_date, note, recorded_by_id, recorded_by_name, recorded_by_role)
       VALUES ($1, $2, $3::numeric, $4::date, $5, $6, $7, $8) RETURNING ${COLUMNS}`,
      [o.listingId, o.buyerId, o.amount, o.date, o.note, o.recordedBy.id, o.recordedBy.name.slice(0, 200), o.recordedBy.role],
    );
    return toOffer(firstRow(offerRow, res)!);
  }

  /** Newest first (by offer date, then when recorded); one buyer's, or every buyer's of the listing. */
  async list(listingId: string, buyerId?: string): Promise<Offer[]> {
    const res = await this.ds.query(
      `SELECT ${COLUMNS} FROM listings.offers WHERE listing_id = $1 AND ($2::uuid IS NULL OR buyer_id = $2)
       ORDER BY offer_date DESC, created_at DESC, id`,
      [listingId, buyerId ?? null],
    );
    return rows(offerRow, res).map(toOffer);
  }
}
