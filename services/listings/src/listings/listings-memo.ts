import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { z } from 'zod';
import { firstRow } from '@brokerage/nest-common';

/** listing_counts_version.version is a bigint: the string pg sends. */
const versionRow = z.object({ version: z.string() }).describe('countsVersionRow');

/** A staff page is ~30 KB: at most ~15 MB kept; past that the memo starts afresh. */
const MAX_ENTRIES = 500;

/**
 * What the staff screens read most is derived from listings, their buyers and NDAs only: the dashboards' counts over
 * every listing, the staff list's pages and total (milliseconds of database and CPU time each at 10,000 listings).
 * Each is kept with the version of listings.listing_counts_version it was computed at (bumped by triggers on every
 * write to those tables, committed with it) and computed again only once that version has moved: exact, in every
 * replica, for the price of one primary-key read. Callers must not change what they get (it is shared).
 */
@Injectable()
export class ListingsMemo {
  private readonly memo = new Map<string, { version: string; value: unknown }>();

  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  async get<T>(key: string, compute: () => Promise<T>): Promise<T> {
    // read before computing: a write committed in between makes the stored version older than the value, never newer
    const { version } = firstRow(versionRow, await this.ds.query(`SELECT version FROM listings.listing_counts_version WHERE id = 1`))!;
    const hit = this.memo.get(key);
    if (hit?.version === version) return hit.value as T;
    const value = await compute();
    if (this.memo.size >= MAX_ENTRIES) this.memo.clear();
    this.memo.set(key, { version, value });
    return value;
  }
}
