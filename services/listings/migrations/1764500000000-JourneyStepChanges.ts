import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The broker's complete / reopen of a client's step, recorded with who and when (issue 18 §1): the progress views show
 * "Completed by Morgan Broker on …" and the last reopen from it. The name is kept as it was at the time.
 */
export class JourneyStepChanges1764500000000 implements MigrationInterface {
  name = 'JourneyStepChanges1764500000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE listings.journey_step_changes (
        id bigserial PRIMARY KEY,
        user_id uuid NOT NULL,
        listing_id uuid NOT NULL REFERENCES listings.listings(id) ON DELETE CASCADE,
        step_id smallint NOT NULL CHECK (step_id BETWEEN 0 AND 10),
        action varchar(8) NOT NULL CHECK (action IN ('complete','reopen')),
        changed_by uuid NOT NULL,
        changed_by_name varchar(400) NOT NULL,
        changed_by_role varchar(10) NOT NULL,
        changed_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(
      `CREATE INDEX journey_step_changes_journey_idx ON listings.journey_step_changes (user_id, listing_id, step_id, changed_at DESC)`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE listings.journey_step_changes`);
  }
}
