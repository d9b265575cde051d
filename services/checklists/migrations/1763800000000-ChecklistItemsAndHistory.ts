import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * One row per item (a tick is one UPDATE of one row: `completed = NOT completed`, so concurrent ticks never lose each
 * other) and a history of every flip. The jsonb copy of the checklist goes; rows already stored move into items.
 */
export class ChecklistItemsAndHistory1763800000000 implements MigrationInterface {
  name = 'ChecklistItemsAndHistory1763800000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE checklists.checklist_items (
        listing_id uuid NOT NULL REFERENCES checklists.pre_close_checklists (listing_id) ON DELETE CASCADE,
        category_id text NOT NULL,
        category_title text NOT NULL,
        item_id text NOT NULL,
        position int NOT NULL,
        task text NOT NULL,
        responsible text NOT NULL CHECK (responsible IN ('buyer', 'seller', 'broker')),
        required boolean NOT NULL,
        completed boolean NOT NULL DEFAULT false,
        completed_by text,
        completed_at timestamptz,
        PRIMARY KEY (listing_id, category_id, item_id)
      )`);
    await q.query(`
      CREATE TABLE checklists.checklist_history (
        id bigserial PRIMARY KEY,
        listing_id uuid NOT NULL REFERENCES checklists.pre_close_checklists (listing_id) ON DELETE CASCADE,
        category_id text NOT NULL,
        item_id text NOT NULL,
        completed boolean NOT NULL,
        by_id text NOT NULL,
        by_name text NOT NULL,
        by_role text NOT NULL,
        at timestamptz NOT NULL DEFAULT clock_timestamp()
      )`);
    await q.query(`CREATE INDEX checklist_history_listing ON checklists.checklist_history (listing_id, id)`);
    await q.query(`
      INSERT INTO checklists.checklist_items
        (listing_id, category_id, category_title, item_id, position, task, responsible, required, completed, completed_by, completed_at)
      SELECT c.listing_id, cat->>'id', cat->>'title', it->>'id', (cat_n * 100 + it_n)::int, it->>'task', it->>'responsible',
             coalesce((it->>'required')::boolean, false), coalesce((it->>'completed')::boolean, false),
             it->>'completedBy', (it->>'completedAt')::timestamptz
      FROM checklists.pre_close_checklists c,
           jsonb_array_elements(c.checklist) WITH ORDINALITY AS cats(cat, cat_n),
           jsonb_array_elements(cat->'items') WITH ORDINALITY AS its(it, it_n)
      WHERE it->>'responsible' IN ('buyer', 'seller', 'broker')
      ON CONFLICT DO NOTHING`);
    await q.query(`ALTER TABLE checklists.pre_close_checklists DROP COLUMN checklist`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE checklists.pre_close_checklists ADD COLUMN checklist jsonb NOT NULL DEFAULT '[]'`);
    await q.query(`DROP TABLE checklists.checklist_history`);
    await q.query(`DROP TABLE checklists.checklist_items`);
  }
}
