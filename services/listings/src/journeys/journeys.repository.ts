import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { TOTAL_STEPS, type JourneyKind } from '@brokerage/contracts';
import type { JourneyState } from './journey-rules.js';
import { z } from 'zod';
import { firstRow, rows, sqlColumn } from '@brokerage/nest-common';

type Db = DataSource | EntityManager;

const journeyKind = z.enum(['SELLER', 'BUYER']) satisfies z.ZodType<JourneyKind>;
const journeyDbRow = z
  .object({
    userId: z.string(),
    listingId: z.string(),
    kind: journeyKind,
    currentStep: z.number().int(),
    completedAt: z.array(z.union([sqlColumn.time, z.string()]).nullable()).nullable(),
    completedBy: z.array(z.string().nullable()).nullable(),
  })
  .describe('journeyRow');
type JourneyDbRow = z.output<typeof journeyDbRow>;
const eventIdRow = z.object({ event_id: z.string() }).describe('journeyEventRow');
const selectionRow = z.object({ listingId: z.string() }).describe('selectionRow');
const relationKindRow = z.object({ kind: journeyKind.nullable() }).describe('journeyRelationRow');
const buyerPartyRow = z.object({ party: z.literal(1) }).describe('anyBuyerPartyRow');

const COLUMNS = `user_id AS "userId", listing_id AS "listingId", kind, current_step AS "currentStep",
  completed_at AS "completedAt", completed_by AS "completedBy"`;

function toState(r: JourneyDbRow): JourneyState {
  const at = Array.from({ length: TOTAL_STEPS }, (_, i) => {
    const v = r.completedAt?.[i];
    return v ? new Date(v) : null;
  });
  const by = Array.from({ length: TOTAL_STEPS }, (_, i) => r.completedBy?.[i] ?? null);
  return { userId: r.userId, listingId: r.listingId, kind: r.kind, currentStep: Number(r.currentStep), completedAt: at, completedBy: by };
}

@Injectable()
export class JourneysRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  transaction<T>(fn: (em: EntityManager) => Promise<T>): Promise<T> {
    return this.ds.transaction(fn);
  }

  async find(userId: string, listingId: string, db: Db = this.ds): Promise<JourneyState | null> {
    const r = firstRow(journeyDbRow, await db.query(`SELECT ${COLUMNS} FROM listings.journeys WHERE user_id = $1 AND listing_id = $2`, [userId, listingId]));
    return r ? toState(r) : null;
  }

  /** Creates the journey when missing, then locks it for this transaction (concurrent changes queue up here). */
  async lock(em: EntityManager, userId: string, listingId: string, kind: JourneyKind): Promise<JourneyState> {
    await em.query(
      `INSERT INTO listings.journeys (user_id, listing_id, kind) VALUES ($1, $2, $3) ON CONFLICT (user_id, listing_id) DO NOTHING`,
      [userId, listingId, kind],
    );
    const res = await em.query(`SELECT ${COLUMNS} FROM listings.journeys WHERE user_id = $1 AND listing_id = $2 FOR UPDATE`, [userId, listingId]);
    return toState(firstRow(journeyDbRow, res)!);
  }

  async save(em: EntityManager, s: JourneyState): Promise<void> {
    await em.query(
      `UPDATE listings.journeys SET current_step = $3, completed_at = $4::timestamptz[], completed_by = $5::text[], updated_at = now()
       WHERE user_id = $1 AND listing_id = $2`,
      [s.userId, s.listingId, s.currentStep, s.completedAt.map((d) => d?.toISOString() ?? null), s.completedBy],
    );
  }

  /** Records an event id; false when it was already recorded (a concurrent duplicate waits for the first to commit). */
  async recordEvent(em: EntityManager, e: { eventId: string; userId: string; listingId: string; stepId: number; source: string }): Promise<boolean> {
    const res = await em.query(
      `INSERT INTO listings.journey_events (event_id, user_id, listing_id, step_id, source) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (event_id) DO NOTHING RETURNING event_id`,
      [e.eventId, e.userId, e.listingId, e.stepId, e.source],
    );
    return rows(eventIdRow, res).length > 0;
  }

  async selection(userId: string, db: Db = this.ds): Promise<string | null> {
    const res = await db.query(`SELECT listing_id AS "listingId" FROM listings.selections WHERE user_id = $1`, [userId]);
    return firstRow(selectionRow, res)?.listingId ?? null;
  }

  async select(em: EntityManager, userId: string, listingId: string): Promise<void> {
    await em.query(
      `INSERT INTO listings.selections (user_id, listing_id) VALUES ($1, $2)
       ON CONFLICT (user_id) DO UPDATE SET listing_id = EXCLUDED.listing_id, selected_at = now()`,
      [userId, listingId],
    );
  }

  /** How the user takes part in the listing: its seller, a (non-rejected) buyer, or not at all. */
  async relation(userId: string, listingId: string, db: Db = this.ds): Promise<JourneyKind | null> {
    const res = await db.query(
      `SELECT CASE WHEN l.seller_id = $1 THEN 'SELLER'
                   WHEN EXISTS (SELECT 1 FROM listings.listing_buyers b
                                WHERE b.listing_id = l.id AND b.buyer_id = $1 AND b.status <> 'rejected') THEN 'BUYER'
              END AS kind
       FROM listings.listings l WHERE l.id = $2`,
      [userId, listingId],
    );
    return firstRow(relationKindRow, res)?.kind ?? null;
  }

  /** Buyer party of the listing in any status (staff may view a rejected buyer's journey). */
  async isAnyBuyerParty(userId: string, listingId: string): Promise<boolean> {
    const res = await this.ds.query(`SELECT 1 AS party FROM listings.listing_buyers WHERE listing_id = $1 AND buyer_id = $2`, [listingId, userId]);
    return rows(buyerPartyRow, res).length > 0;
  }
}
