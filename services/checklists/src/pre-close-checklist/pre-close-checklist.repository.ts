import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { z } from 'zod';
import { firstRow, rows as parseRows, sqlColumn } from '@brokerage/nest-common';
import {
  defaultChecklist,
  type ChecklistCategory,
  type ChecklistEditor,
  type ChecklistHistoryResponse,
  type ChecklistResponse,
} from '@brokerage/contracts';

const itemRow = z
  .object({
  category_id: z.string(),
  category_title: z.string(),
  item_id: z.string(),
  task: z.string(),
  responsible: z.enum(['buyer', 'seller', 'broker']),
  required: z.boolean(),
  completed: z.boolean(),
  completed_by: z.string().nullable(),
  completed_at: sqlColumn.time.nullable(),
  })
  .describe('checklistItemRow');

/** A checklist's head and its newest history row, repeated on each item row (item columns null without items). */
const checklistHeadRow = z
  .object({
    created_at: sqlColumn.time,
    by_id: z.string().nullable(),
    by_name: z.string().nullable(),
    by_role: z.string().nullable(),
    at: sqlColumn.time.nullable(),
  })
  .describe('checklistHeadRow');
const flipRow = z.object({ completed: z.boolean(), at: sqlColumn.time }).describe('checklistFlipRow');
const historyRow = z
  .object({
    category_id: z.string(),
    item_id: z.string(),
    task: z.string().nullable(),
    completed: z.boolean(),
    by_id: z.string(),
    by_name: z.string(),
    by_role: z.string(),
    at: sqlColumn.time,
  })
  .describe('checklistHistoryRow');

export interface Flip {
  categoryId: string;
  itemId: string;
  completed: boolean;
  at: string;
}

/** The spec's content as rows (position keeps categories and items in order). */
const CONTENT_ROWS = JSON.stringify(
  defaultChecklist().flatMap((c, ci) =>
    c.items.map((it, ii) => ({ category_id: c.id, category_title: c.title, item_id: it.id, position: ci * 100 + ii + 1, task: it.task, responsible: it.responsible, required: it.required })),
  ),
);

@Injectable()
export class PreCloseChecklistRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  /** Creates the listing's checklist from the spec's content unless it exists (one statement: racing first uses make one). */
  async ensure(listingId: string): Promise<void> {
    await this.ds.query(
      `WITH head AS (
         INSERT INTO checklists.pre_close_checklists (listing_id) VALUES ($1) ON CONFLICT DO NOTHING RETURNING listing_id
       )
       INSERT INTO checklists.checklist_items (listing_id, category_id, category_title, item_id, position, task, responsible, required)
       SELECT head.listing_id, x.category_id, x.category_title, x.item_id, x.position, x.task, x.responsible, x.required
       FROM head, jsonb_to_recordset($2::jsonb) AS x(category_id text, category_title text, item_id text, position int, task text, responsible text, required boolean)`,
      [listingId, CONTENT_ROWS],
    );
  }

  /** The stored checklist, or null when the listing has none yet (one statement: items and last editor agree). */
  async read(listingId: string): Promise<ChecklistResponse | null> {
    // The last editor is the newest history row: no flip writes a shared row, so flips of different items never wait.
    const rows: Array<Record<string, unknown>> = await this.ds.query(
        `SELECT c.created_at, h.by_id, h.by_name, h.by_role, h.at,
                i.category_id, i.category_title, i.item_id, i.task, i.responsible, i.required, i.completed, i.completed_by, i.completed_at
         FROM checklists.pre_close_checklists c
         LEFT JOIN LATERAL (
           SELECT by_id, by_name, by_role, at FROM checklists.checklist_history WHERE listing_id = c.listing_id ORDER BY id DESC LIMIT 1
         ) h ON true
         LEFT JOIN checklists.checklist_items i ON i.listing_id = c.listing_id
         WHERE c.listing_id = $1
         ORDER BY i.position`,
      [listingId],
    );
    const head = firstRow(checklistHeadRow, rows);
    if (!head) return null;
    const lastUpdatedBy: ChecklistEditor | null = head.by_id ? { id: head.by_id, name: head.by_name!, role: head.by_role! } : null;
    const categories: ChecklistCategory[] = [];
    for (const r of parseRows(itemRow, rows.filter((r) => r.item_id !== null))) {
      let cat = categories[categories.length - 1];
      if (cat?.id !== r.category_id) categories.push((cat = { id: r.category_id, title: r.category_title, items: [] }));
      cat.items.push({
        id: r.item_id,
        task: r.task,
        completed: r.completed,
        responsible: r.responsible,
        required: r.required,
        completedBy: r.completed_by,
        completedAt: r.completed_at?.toISOString() ?? null,
      });
    }
    return { checklist: categories, lastUpdatedBy, updatedAt: (head.at ?? head.created_at).toISOString() };
  }

  /**
   * Flips one item in one statement: the row lock orders concurrent flips of the same item, `NOT completed` reads the
   * value under that lock, so no tick is lost; its history row (who, when) goes in the same statement.
   * Null when the checklist has no such item.
   */
  async flip(listingId: string, categoryId: string, itemId: string, by: ChecklistEditor): Promise<Flip | null> {
    const rows = parseRows(
      flipRow,
      await this.ds.query(
      `WITH flipped AS (
         UPDATE checklists.checklist_items
         SET completed = NOT completed,
             completed_by = CASE WHEN completed THEN NULL ELSE $4 END,
             completed_at = CASE WHEN completed THEN NULL ELSE clock_timestamp() END
         WHERE listing_id = $1 AND category_id = $2 AND item_id = $3
         RETURNING listing_id, category_id, item_id, completed
       ), logged AS (
         INSERT INTO checklists.checklist_history (listing_id, category_id, item_id, completed, by_id, by_name, by_role)
         SELECT listing_id, category_id, item_id, completed, $5, $4, $6 FROM flipped
         RETURNING completed, at
       )
       SELECT completed, at FROM logged`,
        [listingId, categoryId, itemId, by.name, by.id, by.role],
      ),
    );
    const r = rows[0];
    return r ? { categoryId, itemId, completed: r.completed, at: r.at.toISOString() } : null;
  }

  async history(listingId: string): Promise<ChecklistHistoryResponse> {
    const rows = parseRows(
      historyRow,
      await this.ds.query(
        `SELECT h.category_id, h.item_id, i.task, h.completed, h.by_id, h.by_name, h.by_role, h.at
         FROM checklists.checklist_history h
         LEFT JOIN checklists.checklist_items i USING (listing_id, category_id, item_id)
         WHERE h.listing_id = $1 ORDER BY h.id`,
        [listingId],
      ),
    );
    return {
      history: rows.map((r) => ({
        categoryId: r.category_id,
        itemId: r.item_id,
        task: r.task ?? '',
        completed: r.completed,
        by: { id: r.by_id, name: r.by_name, role: r.by_role },
        at: r.at.toISOString(),
      })),
    };
  }
}
