import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import type { AgentStats, StaffDashboardStats } from '@brokerage/contracts';
import { z } from 'zod';
import { firstRow, rows } from '@brokerage/nest-common';

const count = z.number().int();
const staffStatsRow = z
  .object({ totalActiveListings: count, totalUnderContract: count, newListingsThisMonth: count, totalNDA: count, totalClosedDeals: count })
  .describe('staffStatsRow') satisfies z.ZodType<StaffDashboardStats>;
const agentStatsRow = z
  .object({ agentId: z.string(), numberOfListings: count, numberUnderContract: count, closingsToDate: count })
  .describe('agentStatsRow') satisfies z.ZodType<AgentStats & { agentId: string }>;
const sellerCountsRow = z.object({ totalBuyers: count, totalListings: count }).describe('sellerCountsRow');

/** Every dashboard figure is one counting query (deviation 5: real numbers). Month and year start in UTC. */
@Injectable()
export class DashboardsRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  /**
   * agentId null: the whole brokerage (broker); else the listings assigned to that agent. One round trip of scalar
   * subqueries, each answered from an index (status, created_at, the partial closed_at index) rather than one scan.
   */
  async staffStats(agentId: string | null): Promise<StaffDashboardStats> {
    const scope = agentId ? 'AND agent_id = $1' : '';
    const ndas = agentId
      ? `SELECT count(*) FROM listings.buyer_ndas n JOIN listings.listings nl ON nl.id = n.listing_id WHERE nl.agent_id = $1`
      : `SELECT count(*) FROM listings.buyer_ndas`;
    const res = await this.ds.query(
      `SELECT
         (SELECT count(*) FROM listings.listings WHERE status = 'ACTIVE' ${scope})::int AS "totalActiveListings",
         (SELECT count(*) FROM listings.listings WHERE status = 'UNDER_CONTRACT' ${scope})::int AS "totalUnderContract",
         (SELECT count(*) FROM listings.listings
           WHERE created_at >= date_trunc('month', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' ${scope})::int AS "newListingsThisMonth",
         (${ndas})::int AS "totalNDA",
         (SELECT count(*) FROM listings.listings
           WHERE closed_at >= date_trunc('year', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' ${scope})::int AS "totalClosedDeals"`,
      agentId ? [agentId] : [],
    );
    return firstRow(staffStatsRow, res)!;
  }

  /** Per agent: assigned listings (archived left out), under contract, closings to date (any year). */
  async agentStats(agentIds: string[]): Promise<Map<string, AgentStats>> {
    const res = await this.ds.query(
      `SELECT agent_id AS "agentId",
         count(*) FILTER (WHERE status <> 'INACTIVE')::int AS "numberOfListings",
         count(*) FILTER (WHERE status = 'UNDER_CONTRACT')::int AS "numberUnderContract",
         count(*) FILTER (WHERE closed_at IS NOT NULL)::int AS "closingsToDate"
       FROM listings.listings WHERE agent_id = ANY($1::uuid[]) GROUP BY agent_id`,
      [agentIds],
    );
    const out = new Map(agentIds.map((id) => [id, { numberOfListings: 0, numberUnderContract: 0, closingsToDate: 0 }]));
    for (const { agentId, ...s } of rows(agentStatsRow, res)) out.set(agentId, s);
    return out;
  }

  /** Distinct buyer parties (not rejected) of a seller's listings. */
  async sellerBuyerCount(sellerId: string): Promise<{ totalBuyers: number; totalListings: number }> {
    const res = await this.ds.query(
      `SELECT
         (SELECT count(DISTINCT b.buyer_id)::int FROM listings.listing_buyers b JOIN listings.listings l ON l.id = b.listing_id
           WHERE l.seller_id = $1 AND b.status <> 'rejected') AS "totalBuyers",
         (SELECT count(*)::int FROM listings.listings WHERE seller_id = $1) AS "totalListings"`,
      [sellerId],
    );
    return firstRow(sellerCountsRow, res)!;
  }
}
