import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import type { IdentityClaims, JourneyStep } from '@brokerage/contracts';
import { IdentityUsersClient } from '../identity/identity-users.client.js';
import { z } from 'zod';
import { rows, sqlColumn } from '@brokerage/nest-common';

export type StepAction = 'complete' | 'reopen';

const changeRow = z
  .object({ stepId: z.number().int(), action: z.enum(['complete', 'reopen']) satisfies z.ZodType<StepAction>, by: z.string(), name: z.string(), at: sqlColumn.time })
  .describe('stepChangeRow');
type ChangeRow = z.output<typeof changeRow>;

/** A step as toProgress gives it, before the names: what annotate() needs to read. */
type BareStep = Omit<JourneyStep, 'completedByName' | 'reopenedBy' | 'reopenedByName' | 'reopenedAt'>;

/** listings.journey_step_changes: the broker's complete / reopen of a client's step, with who and when. */
@Injectable()
export class StepHistory {
  constructor(
    @InjectDataSource() private readonly ds: DataSource,
    private readonly identity: IdentityUsersClient,
  ) {}

  /** In the change's transaction. */
  async record(em: EntityManager, c: { userId: string; listingId: string; stepId: number; action: StepAction; by: IdentityClaims; at: Date }): Promise<void> {
    await em.query(
      `INSERT INTO listings.journey_step_changes (user_id, listing_id, step_id, action, changed_by, changed_by_name, changed_by_role, changed_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [c.userId, c.listingId, c.stepId, c.action, c.by.sub, (c.by.name?.trim() || c.by.email || '').slice(0, 400), c.by.role, c.at],
    );
  }

  /** The newest complete and the newest reopen of each step of a journey. */
  private async latest(userId: string, listingId: string): Promise<Map<string, ChangeRow>> {
    const res = await this.ds.query(
      `SELECT DISTINCT ON (step_id, action) step_id AS "stepId", action, changed_by AS "by", changed_by_name AS name, changed_at AS at
       FROM listings.journey_step_changes WHERE user_id = $1 AND listing_id = $2
       ORDER BY step_id, action, changed_at DESC, id DESC`,
      [userId, listingId],
    );
    return new Map(rows(changeRow, res).map((r) => [`${r.stepId}:${r.action}`, r]));
  }

  /**
   * The steps with who completed them by name (identity's current name, else the name recorded with the broker's
   * change) and the last reopen (who, when). A journey without a user (a private seller's) has none.
   */
  async annotate<S extends BareStep>(userId: string | null, listingId: string, steps: S[]): Promise<Array<S & JourneyStep>> {
    const history = userId && listingId ? await this.latest(userId, listingId) : new Map<string, ChangeRow>();
    const ids = new Set(steps.flatMap((s) => (s.completedBy ? [s.completedBy] : [])));
    const people = ids.size > 0 ? await this.identity.names(ids) : new Map();
    return steps.map((s) => {
      const completed = history.get(`${s.id}:complete`);
      const reopened = history.get(`${s.id}:reopen`);
      const recorded = completed && completed.by === s.completedBy ? completed.name : null;
      return {
        ...s,
        completedByName: s.completedBy ? (people.get(s.completedBy)?.name ?? recorded ?? null) : null,
        reopenedBy: reopened?.by ?? null,
        reopenedByName: reopened?.name ?? null,
        reopenedAt: reopened ? new Date(reopened.at).toISOString() : null,
      };
    });
  }
}
