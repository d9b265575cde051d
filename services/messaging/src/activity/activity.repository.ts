import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { LastSentResponse } from '@brokerage/contracts';
import { z } from 'zod';
import { rows, sqlColumn } from '@brokerage/nest-common';

const lastSentRow = z.object({ sender_id: z.string(), at: sqlColumn.time }).describe('lastSentRow');

/** When each of these users last sent a portal message (deleted copies included: the sending happened). */
@Injectable()
export class ActivityRepository {
  constructor(private readonly ds: DataSource) {}

  async lastSent(userIds: string[]): Promise<LastSentResponse['users']> {
    if (userIds.length === 0) return [];
    const res = await this.ds.query(
      `SELECT sender_id, max(created_at) AS at FROM messaging.messages WHERE sender_id = ANY($1::uuid[]) GROUP BY sender_id`,
      [userIds],
    );
    return rows(lastSentRow, res).map((r) => ({ userId: r.sender_id, at: r.at.toISOString() }));
  }
}
