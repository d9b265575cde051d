import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { LISTING_STATUSES, type PersonListingSummary } from '@brokerage/contracts';
import { z } from 'zod';
import { rows, sqlColumn } from '@brokerage/nest-common';

const personListingRow = z
  .object({ personId: z.string(), id: z.string(), title: z.string(), description: z.string(), price: z.string(), status: z.enum(LISTING_STATUSES), createdAt: sqlColumn.time })
  .describe('personListingRow');
export type PersonListingRow = z.output<typeof personListingRow>;

const SUMMARY = `l.id, l.title, l.description, l.price::text AS price, l.status, l.created_at AS "createdAt"`;

export const toSummary = (r: PersonListingRow): PersonListingSummary => ({
  id: r.id,
  title: r.title,
  description: r.description,
  price: Number(r.price),
  status: r.status,
  createdAt: r.createdAt.toISOString(),
});

/** The listings under each person of the staff lists; agentId restricts to that agent's assignments. */
@Injectable()
export class PeopleRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  async sellerListings(agentId: string | null): Promise<PersonListingRow[]> {
    const res = await this.ds.query(
      `SELECT l.seller_id AS "personId", ${SUMMARY} FROM listings.listings l
       WHERE l.seller_id IS NOT NULL AND ($1::uuid IS NULL OR l.agent_id = $1) ORDER BY l.created_at DESC`,
      [agentId],
    );
    return rows(personListingRow, res);
  }

  async buyerListings(agentId: string | null): Promise<PersonListingRow[]> {
    const res = await this.ds.query(
      `SELECT b.buyer_id AS "personId", ${SUMMARY} FROM listings.listing_buyers b JOIN listings.listings l ON l.id = b.listing_id
       WHERE b.status <> 'rejected' AND ($1::uuid IS NULL OR l.agent_id = $1) ORDER BY l.created_at DESC`,
      [agentId],
    );
    return rows(personListingRow, res);
  }
}
