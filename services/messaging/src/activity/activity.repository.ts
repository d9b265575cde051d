import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { LastSentResponse } from '@brokerage/contracts';

/** When each of these users last sent a portal message (deleted copies included: the sending happened). */
@Injectable()
export class ActivityRepository {
  constructor(private readonly ds: DataSource) {}

  async lastSent(userIds: string[]): Promise<LastSentResponse['users']> {
    if (userIds.length === 0) return [];
    const rows: Array<{ sender_id: string; at: Date }> = await this.ds.query(
      `SELECT sender_id, max(created_at) AS at FROM messaging.messages WHERE sender_id = ANY($1::uuid[]) GROUP BY sender_id`,
      [userIds],
    );
    return rows.map((r) => ({ userId: r.sender_id, at: r.at.toISOString() }));
  }
}
