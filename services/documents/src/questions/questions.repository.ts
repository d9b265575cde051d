import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { z } from 'zod';
import { ANSWER_ROLES, DUE_DILIGENCE_DOCUMENT_NAMES, QUESTION_ACTIONS, QUESTION_STATES, RELEASE_AUDIENCES, type QuestionAction, type QuestionHistoryEntry, type ReleaseAudience } from '@brokerage/contracts';
import { firstRow, rows, sqlColumn } from '@brokerage/nest-common';
import type { NewDocument } from '../documents/documents.repository.js';

const questionRow = z
  .object({
    id: z.string(),
    listingId: z.string(),
    askerId: z.string(),
    askerName: z.string(),
    text: z.string(),
    documentName: z.enum(DUE_DILIGENCE_DOCUMENT_NAMES).nullable(),
    state: z.enum(QUESTION_STATES),
    routedAt: sqlColumn.time.nullable(),
    answerText: z.string().nullable(),
    answeredAt: sqlColumn.time.nullable(),
    answeredBy: z.string().nullable(),
    answeredByRole: z.enum(ANSWER_ROLES).nullable(),
    releasedTo: z.enum(RELEASE_AUDIENCES).nullable(),
    mergedInto: z.string().nullable(),
    askedAt: sqlColumn.time,
  })
  .describe('questionRow');
export type QuestionRow = z.output<typeof questionRow>;

const historyRow = z
  .object({ questionId: z.string(), at: sqlColumn.time, action: z.enum(QUESTION_ACTIONS), byRole: z.string(), audience: z.enum(RELEASE_AUDIENCES).nullable() })
  .describe('questionHistoryRow');
const attachmentRow = z.object({ id: z.string(), questionId: z.string(), fileName: z.string(), fileSize: z.number() }).describe('questionAttachmentRow');
export type AttachmentRow = z.output<typeof attachmentRow>;
const storedRow = z.object({ id: z.string(), listingId: z.string(), storageKey: z.string(), contentType: z.string() }).describe('questionAttachmentStoredRow');
export type StoredAttachment = z.output<typeof storedRow>;
const askerRow = z.object({ askerId: z.string() }).describe('questionAskerRow');

const COLUMNS = `id, listing_id AS "listingId", asker_id AS "askerId", asker_name AS "askerName", text, document_name AS "documentName",
  state, routed_at AS "routedAt", answer_text AS "answerText", answered_at AS "answeredAt", answered_by AS "answeredBy",
  answered_by_role AS "answeredByRole", released_to AS "releasedTo", merged_into AS "mergedInto", asked_at AS "askedAt"`;

/** documents.questions, their history, and the documents rows attached to their answers (documents.question_id). */
@Injectable()
export class QuestionsRepository {
  constructor(private readonly ds: DataSource) {}

  /** Runs `work` in a transaction holding the listing's Q&A lock: changes of one listing's questions take turns. */
  inListingLock<T>(listingId: string, work: (m: EntityManager) => Promise<T>): Promise<T> {
    return this.ds.transaction(async (m) => {
      await m.query(`SELECT pg_advisory_xact_lock(hashtextextended($1, 24))`, [`questions:${listingId}`]);
      return work(m);
    });
  }

  async ofListing(listingId: string, m: EntityManager = this.ds.manager): Promise<QuestionRow[]> {
    return rows(questionRow, await m.query(`SELECT ${COLUMNS} FROM documents.questions WHERE listing_id = $1 ORDER BY asked_at DESC, id`, [listingId]));
  }

  async byId(id: string, m: EntityManager = this.ds.manager): Promise<QuestionRow | null> {
    return firstRow(questionRow, await m.query(`SELECT ${COLUMNS} FROM documents.questions WHERE id = $1`, [id])) ?? null;
  }

  /** The askers of a question that is not merged: its own and those of the questions merged into it. */
  async askersOf(headId: string, m: EntityManager = this.ds.manager): Promise<Set<string>> {
    const found = rows(askerRow, await m.query(`SELECT asker_id AS "askerId" FROM documents.questions WHERE id = $1 OR merged_into = $1`, [headId]));
    return new Set(found.map((r) => r.askerId));
  }

  async insert(m: EntityManager, q: { listingId: string; askerId: string; askerName: string; text: string; documentName: string | null }): Promise<QuestionRow> {
    const inserted = await m.query(
      `INSERT INTO documents.questions (listing_id, asker_id, asker_name, text, document_name) VALUES ($1, $2, $3, $4, $5) RETURNING ${COLUMNS}`,
      [q.listingId, q.askerId, q.askerName, q.text, q.documentName],
    );
    return firstRow(questionRow, inserted)!;
  }

  async route(m: EntityManager, id: string): Promise<void> {
    await m.query(`UPDATE documents.questions SET state = 'With seller', routed_at = clock_timestamp() WHERE id = $1`, [id]);
  }

  async answer(m: EntityManager, id: string, a: { text: string; by: string; role: string }): Promise<void> {
    await m.query(
      `UPDATE documents.questions SET state = 'Answered', answer_text = $2, answered_at = clock_timestamp(), answered_by = $3, answered_by_role = $4 WHERE id = $1`,
      [id, a.text, a.by, a.role],
    );
  }

  async release(m: EntityManager, id: string, audience: ReleaseAudience): Promise<void> {
    await m.query(`UPDATE documents.questions SET state = 'Released', released_to = $2, released_at = clock_timestamp() WHERE id = $1`, [id, audience]);
  }

  /** `id` follows `into`, and so does every question merged into `id` (one level: a target is never merged). */
  async merge(m: EntityManager, id: string, into: string): Promise<void> {
    await m.query(`UPDATE documents.questions SET merged_into = $2 WHERE id = $1 OR merged_into = $1`, [id, into]);
  }

  async addHistory(m: EntityManager, questionId: string, action: QuestionAction, by: { sub: string; role: string }, audience: ReleaseAudience | null = null): Promise<void> {
    await m.query(
      `INSERT INTO documents.question_history (question_id, action, by_id, by_role, audience) VALUES ($1, $2, $3, $4, $5)`,
      [questionId, action, by.sub, by.role, audience],
    );
  }

  /** History per question, oldest first (roles only: never who). */
  async historyOf(ids: readonly string[]): Promise<Map<string, QuestionHistoryEntry[]>> {
    const out = new Map<string, QuestionHistoryEntry[]>();
    if (ids.length === 0) return out;
    const found = rows(historyRow, await this.ds.query(
      `SELECT question_id AS "questionId", at, action, by_role AS "byRole", audience FROM documents.question_history
        WHERE question_id = ANY($1::uuid[]) ORDER BY id`,
      [ids],
    ));
    for (const h of found) {
      const list = out.get(h.questionId) ?? [];
      list.push({ at: h.at.toISOString(), action: h.action, byRole: h.byRole, ...(h.audience ? { audience: h.audience } : {}) });
      out.set(h.questionId, list);
    }
    return out;
  }

  /** The documents attached to the answers of these questions, oldest first. */
  async attachmentsOf(ids: readonly string[]): Promise<AttachmentRow[]> {
    if (ids.length === 0) return [];
    return rows(attachmentRow, await this.ds.query(
      `SELECT id, question_id AS "questionId", file_name AS "fileName", size_bytes::float8 AS "fileSize" FROM documents.documents
        WHERE question_id = ANY($1::uuid[]) ORDER BY created_at, id`,
      [ids],
    ));
  }

  /** Files an answer carries: documents rows of the question (no version group: never the next version of another). */
  async insertAttachments(m: EntityManager, questionId: string, docs: NewDocument[]): Promise<StoredAttachment[]> {
    const saved: StoredAttachment[] = [];
    for (const d of docs) {
      const inserted = await m.query(
        `INSERT INTO documents.documents (listing_id, owner_id, category, type, step_id, audience, buyer_id, file_name, content_type,
           size_bytes, sha256, storage_key, uploaded_by, uploaded_by_role, uploaded_by_name, question_id)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16) RETURNING id, listing_id AS "listingId", storage_key AS "storageKey", content_type AS "contentType"`,
        [d.listingId, d.uploadedBy, d.category, d.type, d.stepId, d.audience, d.buyerId, d.fileName, d.contentType,
          d.sizeBytes, d.sha256, d.storageKey, d.uploadedBy, d.uploadedByRole, d.uploadedByName, questionId],
      );
      saved.push(...rows(storedRow, inserted));
    }
    return saved;
  }
}
