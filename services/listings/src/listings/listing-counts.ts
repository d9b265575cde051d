import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';

const MAX_ENTRIES = 5_000;

/**
 * Counts over every listing (the staff dashboards, the staff list's total) cost milliseconds of database time at
 * 10,000 listings, and they change only when listings or NDAs are written. Each is kept with the version of
 * listings.listing_counts_version it was computed at (bumped by triggers on every write, committed with it) and
 * computed again only once that version has moved: exact, in every replica, for the price of one primary-key read.
 */
@Injectable()
export class ListingCounts {
  private readonly memo = new Map<string, { version: string; value: unknown }>();

  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  async get<T>(key: string, compute: () => Promise<T>): Promise<T> {
    // read before computing: a write committed in between makes the stored version older than the value, never newer
    const [{ version }]: Array<{ version: string }> = await this.ds.query(
      `SELECT version FROM listings.listing_counts_version WHERE id = 1`,
    );
    const hit = this.memo.get(key);
    if (hit?.version === version) return hit.value as T;
    const value = await compute();
    if (this.memo.size >= MAX_ENTRIES) this.memo.clear();
    this.memo.set(key, { version, value });
    return value;
  }
}
