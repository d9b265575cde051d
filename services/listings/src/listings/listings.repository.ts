import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { z } from 'zod';
import type { BuyerPartyStatus, EditableListingStatus, ListingStatus, PartyJourney } from '@brokerage/contracts';
import { changedCount, firstRow, rows } from '@brokerage/nest-common';
import { Listing } from './listing.entity.js';
import { LISTING_COLUMNS, listingRow, partyRow, type ListingRow, type ListingScope, type PartyRow } from './listing-row.js';

export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type Db = DataSource | EntityManager;

/** SQL: the 0-based ids of the completed steps of journey alias `j` (NULL when there is no journey row). */
const COMPLETED_STEPS = (j: string) =>
  `CASE WHEN ${j}.user_id IS NULL THEN NULL ELSE
     ARRAY(SELECT i - 1 FROM generate_subscripts(${j}.completed_at, 1) AS i WHERE ${j}.completed_at[i] IS NOT NULL) END`;

export const toPartyJourney = (r: { currentStep: number | null; completedSteps: number[] | null }): PartyJourney | null =>
  r.currentStep === null || r.completedSteps === null
    ? null
    : { currentStep: Number(r.currentStep), completedSteps: r.completedSteps.map(Number) };

/** A journey as COMPLETED_STEPS reads it (both null when there is no journey row). */
const journeyColumns = { currentStep: z.number().int().nullable(), completedSteps: z.array(z.number().int()).nullable() };
const buyerJourneyRow = z.object({ buyerId: z.string(), ...journeyColumns }).describe('buyerJourneyRow');
const listingJourneyRow = z.object({ listingId: z.string(), ...journeyColumns }).describe('listingJourneyRow');
const journeyRow = z.object(journeyColumns).describe('partyJourneyRow');
const buyerIdRow = z.object({ buyerId: z.string() }).describe('buyerIdRow');
const idRow = z.object({ id: z.string() }).describe('listingIdRow');
const totalRow = z.object({ total: z.number().int() }).describe('listingTotalRow');

/** A row of relationRows: a listing, one of its buyers (or none) and that buyer's journey on it. */
const relationRow = z
  .object({ listingId: z.string(), sellerId: z.string().nullable(), agentId: z.string().nullable(), buyerId: z.string().nullable(), ...journeyColumns })
  .describe('relationRow');
export type RelationRow = z.output<typeof relationRow>;


/** SQL condition (on alias l) and its parameters for a scope; params start at $start. */
function scopeSql(scope: ListingScope, start: number): { where: string; params: unknown[] } {
  switch (scope.kind) {
    case 'all':
      return { where: 'TRUE', params: [] };
    case 'agent':
      return { where: `l.agent_id = $${start}`, params: [scope.userId] };
    case 'seller':
      return { where: `l.seller_id = $${start}`, params: [scope.userId] };
    case 'buyer':
      return {
        where: `EXISTS (SELECT 1 FROM listings.listing_buyers b WHERE b.listing_id = l.id AND b.buyer_id = $${start} AND b.status <> 'rejected')`,
        params: [scope.userId],
      };
  }
}

export interface ListingWrite {
  title: string;
  description: string;
  price: string;
  status: EditableListingStatus | ListingStatus;
  sellerId: string | null;
  agentId: string | null;
  privateSeller: { name: string; email: string; phone: string | null } | null;
}

@Injectable()
export class ListingsRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  transaction<T>(fn: (em: EntityManager) => Promise<T>): Promise<T> {
    return this.ds.transaction(fn);
  }

  findActive(): Promise<Pick<Listing, 'id' | 'title' | 'price'>[]> {
    return this.ds.getRepository(Listing).find({
      select: { id: true, title: true, price: true },
      where: { status: 'ACTIVE' },
      order: { title: 'ASC' },
    });
  }

  findById(id: string): Promise<Listing | null> {
    if (!UUID_PATTERN.test(id)) return Promise.resolve(null);
    return this.ds.getRepository(Listing).findOneBy({ id });
  }

  async buyerIds(listingId: string): Promise<string[]> {
    const res = await this.ds.query(
      `SELECT buyer_id AS "buyerId" FROM listings.listing_buyers WHERE listing_id = $1 AND status <> 'rejected' ORDER BY created_at`,
      [listingId],
    );
    return rows(buyerIdRow, res).map((r) => r.buyerId);
  }

  /** The listing's buyer parties (not rejected), oldest first, each with their journey on it (null: none yet): one query. */
  async buyerJourneysOf(listingId: string): Promise<Array<{ buyerId: string; journey: PartyJourney | null }>> {
    const res = await this.ds.query(
      `SELECT b.buyer_id AS "buyerId", j.current_step AS "currentStep", ${COMPLETED_STEPS('j')} AS "completedSteps"
       FROM listings.listing_buyers b
       LEFT JOIN listings.journeys j ON j.user_id = b.buyer_id AND j.listing_id = b.listing_id
       WHERE b.listing_id = $1 AND b.status <> 'rejected' ORDER BY b.created_at`,
      [listingId],
    );
    return rows(buyerJourneyRow, res).map((r) => ({ buyerId: r.buyerId, journey: toPartyJourney(r) }));
  }

  /**
   * The listings among `listingIds` the buyer takes part in (not rejected), each with the buyer's journey on it as the
   * access rule reads it (null: no journey yet). A listing missing from the map: the buyer is not its party.
   */
  async buyerJourneys(buyerId: string, listingIds: string[]): Promise<Map<string, PartyJourney | null>> {
    if (listingIds.length === 0) return new Map();
    const res = await this.ds.query(
      `SELECT b.listing_id AS "listingId", j.current_step AS "currentStep", ${COMPLETED_STEPS('j')} AS "completedSteps"
       FROM listings.listing_buyers b
       LEFT JOIN listings.journeys j ON j.user_id = b.buyer_id AND j.listing_id = b.listing_id
       WHERE b.buyer_id = $1 AND b.status <> 'rejected' AND b.listing_id = ANY($2::uuid[])`,
      [buyerId, listingIds],
    );
    return new Map(rows(listingJourneyRow, res).map((r) => [r.listingId, toPartyJourney(r)]));
  }

  /**
   * Who a user deals with through listings, as rows the access rule reads: for the listings they sell or are the agent
   * of, one row per buyer party (not rejected) with that buyer's journey; for the listings they buy, their own row.
   */
  async relationRows(userId: string): Promise<RelationRow[]> {
    const res = await this.ds.query(
      `SELECT l.id AS "listingId", l.seller_id AS "sellerId", l.agent_id AS "agentId", b.buyer_id AS "buyerId",
              j.current_step AS "currentStep", ${COMPLETED_STEPS('j')} AS "completedSteps"
       FROM listings.listings l
       LEFT JOIN listings.listing_buyers b ON b.listing_id = l.id AND b.status <> 'rejected'
       LEFT JOIN listings.journeys j ON j.user_id = b.buyer_id AND j.listing_id = l.id
       WHERE l.seller_id = $1 OR l.agent_id = $1 OR b.buyer_id = $1`,
      [userId],
    );
    return rows(relationRow, res);
  }

  /** A user's journey on the listing as the access rule reads it (contracts PartyJourney); null when none yet. */
  async partyJourney(userId: string, listingId: string): Promise<PartyJourney | null> {
    const res = await this.ds.query(
      `SELECT j.current_step AS "currentStep", ${COMPLETED_STEPS('j')} AS "completedSteps"
       FROM listings.journeys j WHERE j.user_id = $1 AND j.listing_id = $2`,
      [userId, listingId],
    );
    const r = firstRow(journeyRow, res);
    return r ? toPartyJourney(r) : null;
  }

  /** One listing inside the caller's scope (null: unknown or not theirs — the same 404). */
  async findInScope(id: string, scope: ListingScope, db: Db = this.ds, lock = false): Promise<ListingRow | null> {
    const s = scopeSql(scope, 2);
    const res = await db.query(
      `SELECT ${LISTING_COLUMNS} FROM listings.listings l WHERE l.id = $1 AND ${s.where}${lock ? ' FOR UPDATE OF l' : ''}`,
      [id, ...s.params],
    );
    return firstRow(listingRow, res) ?? null;
  }

  /** How many listings of a scope (and status) there are. */
  async countInScope(scope: ListingScope, status?: ListingStatus): Promise<number> {
    const { where, params } = this.scopeWhere(scope, status);
    return firstRow(totalRow, await this.ds.query(`SELECT count(*)::int AS total FROM listings.listings l WHERE ${where}`, params))?.total ?? 0;
  }

  /** A scope's listings (and status), newest first; a page of them with limit/offset. */
  async listInScope(scope: ListingScope, opts: { status?: ListingStatus; limit?: number; offset?: number } = {}): Promise<ListingRow[]> {
    const { where, params } = this.scopeWhere(scope, opts.status);
    let page = '';
    if (opts.limit !== undefined) {
      params.push(opts.limit, opts.offset ?? 0);
      page = ` LIMIT $${params.length - 1} OFFSET $${params.length}`;
    }
    return rows(listingRow, await this.ds.query(`SELECT ${LISTING_COLUMNS} FROM listings.listings l WHERE ${where} ORDER BY l.created_at DESC, l.id${page}`, params));
  }

  private scopeWhere(scope: ListingScope, status?: ListingStatus): { where: string; params: unknown[] } {
    const s = scopeSql(scope, 1);
    const params: unknown[] = [...s.params];
    let where = s.where;
    if (status) {
      params.push(status);
      where += ` AND l.status = $${params.length}`;
    }
    return { where, params };
  }

  /** ACTIVE listings a buyer may choose (rejected ones left out). */
  async listAvailableFor(buyerId: string): Promise<ListingRow[]> {
    const res = await this.ds.query(
      `SELECT ${LISTING_COLUMNS} FROM listings.listings l
       WHERE l.status = 'ACTIVE' AND NOT EXISTS (
         SELECT 1 FROM listings.listing_buyers b WHERE b.listing_id = l.id AND b.buyer_id = $1 AND b.status = 'rejected')
       ORDER BY l.created_at DESC, l.id`,
      [buyerId],
    );
    return rows(listingRow, res);
  }

  async countAvailableFor(buyerId: string): Promise<number> {
    const res = await this.ds.query(
      `SELECT count(*)::int AS total FROM listings.listings l
       WHERE l.status = 'ACTIVE' AND NOT EXISTS (
         SELECT 1 FROM listings.listing_buyers b WHERE b.listing_id = l.id AND b.buyer_id = $1 AND b.status = 'rejected')`,
      [buyerId],
    );
    return firstRow(totalRow, res)?.total ?? 0;
  }

  /** Buyer parties of these listings; rejected ones only when asked. */
  async parties(listingIds: string[], withRejected = false, db: Db = this.ds): Promise<PartyRow[]> {
    if (listingIds.length === 0) return [];
    const res = await db.query(
      `SELECT listing_id AS "listingId", buyer_id AS "buyerId", status, created_at AS "createdAt"
       FROM listings.listing_buyers WHERE listing_id = ANY($1::uuid[])${withRejected ? '' : ` AND status <> 'rejected'`}
       ORDER BY created_at, buyer_id`,
      [listingIds],
    );
    return rows(partyRow, res);
  }

  async party(listingId: string, buyerId: string, db: Db = this.ds): Promise<PartyRow | null> {
    const res = await db.query(
      `SELECT listing_id AS "listingId", buyer_id AS "buyerId", status, created_at AS "createdAt"
       FROM listings.listing_buyers WHERE listing_id = $1 AND buyer_id = $2`,
      [listingId, buyerId],
    );
    return firstRow(partyRow, res) ?? null;
  }

  async insert(em: EntityManager, w: ListingWrite): Promise<string> {
    const res = await em.query(
      `INSERT INTO listings.listings (title, description, price, status, seller_id, agent_id,
         private_seller_name, private_seller_email, private_seller_phone, closed_at)
       VALUES ($1, $2, $3::numeric, $4::varchar, $5, $6, $7, $8, $9, CASE WHEN $4::varchar = 'CLOSED' THEN now() END) RETURNING id`,
      [w.title, w.description, w.price, w.status, w.sellerId, w.agentId, w.privateSeller?.name ?? null,
        w.privateSeller?.email ?? null, w.privateSeller?.phone ?? null],
    );
    return firstRow(idRow, res)!.id;
  }

  /** Full write of the editable fields; closed_at follows the status (set when it becomes CLOSED, cleared when it leaves). */
  async update(em: EntityManager, id: string, w: ListingWrite): Promise<void> {
    await em.query(
      `UPDATE listings.listings SET title = $2, description = $3, price = $4::numeric, status = $5::varchar, seller_id = $6,
         agent_id = $7, private_seller_name = $8, private_seller_email = $9, private_seller_phone = $10,
         closed_at = CASE WHEN $5::varchar = 'CLOSED' THEN COALESCE(closed_at, now())
                          WHEN $5::varchar = 'INACTIVE' THEN closed_at ELSE NULL END,
         updated_at = now()
       WHERE id = $1`,
      [id, w.title, w.description, w.price, w.status, w.sellerId, w.agentId, w.privateSeller?.name ?? null,
        w.privateSeller?.email ?? null, w.privateSeller?.phone ?? null],
    );
  }

  async archive(em: EntityManager, id: string): Promise<void> {
    await em.query(
      `UPDATE listings.listings SET status_before_archive = status, status = 'INACTIVE', updated_at = now() WHERE id = $1`,
      [id],
    );
  }

  async reactivate(em: EntityManager, id: string): Promise<void> {
    await em.query(
      `UPDATE listings.listings SET status = COALESCE(status_before_archive, 'ACTIVE'), status_before_archive = NULL,
         updated_at = now() WHERE id = $1`,
      [id],
    );
  }

  async delete(em: EntityManager, id: string): Promise<boolean> {
    return changedCount(await em.query(`DELETE FROM listings.listings WHERE id = $1`, [id])) > 0;
  }

  /** The broker's form sets the buyer parties: listed ones become approved, unlisted non-rejected ones leave. */
  async setBuyers(em: EntityManager, listingId: string, buyerIds: string[]): Promise<void> {
    await em.query(
      `DELETE FROM listings.listing_buyers WHERE listing_id = $1 AND status <> 'rejected' AND NOT (buyer_id = ANY($2::uuid[]))`,
      [listingId, buyerIds],
    );
    if (buyerIds.length === 0) return;
    await em.query(
      `INSERT INTO listings.listing_buyers (listing_id, buyer_id, status)
       SELECT $1, unnest($2::uuid[]), 'approved'
       ON CONFLICT (listing_id, buyer_id) DO UPDATE SET status = 'approved', updated_at = now()
       WHERE listings.listing_buyers.status = 'rejected'`,
      [listingId, buyerIds],
    );
  }

  /** A buyer's own interest (select-listing): a new party is 'interested'; an existing one keeps its status. */
  async addInterested(em: EntityManager, listingId: string, buyerId: string): Promise<void> {
    await em.query(
      `INSERT INTO listings.listing_buyers (listing_id, buyer_id, status) VALUES ($1, $2, 'interested')
       ON CONFLICT (listing_id, buyer_id) DO NOTHING`,
      [listingId, buyerId],
    );
  }

  async setPartyStatus(listingId: string, buyerId: string, status: BuyerPartyStatus): Promise<void> {
    await this.ds.query(
      `UPDATE listings.listing_buyers SET status = $3, updated_at = now() WHERE listing_id = $1 AND buyer_id = $2`,
      [listingId, buyerId, status],
    );
  }

  /** Ids of the listings a seller owns (for the delete cascade). */
  async idsOfSeller(em: EntityManager, sellerId: string): Promise<string[]> {
    return rows(idRow, await em.query(`SELECT id FROM listings.listings WHERE seller_id = $1 FOR UPDATE`, [sellerId])).map((r) => r.id);
  }
}
