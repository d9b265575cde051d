import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { z } from 'zod';
import { changedCount, firstRow, rows } from '@brokerage/nest-common';

const attachmentRow = z
  .object({ id: z.string(), message_id: z.string(), file_name: z.string(), content_type: z.string(), file_size: z.string(), storage_key: z.string() })
  .describe('attachmentRow');
export type AttachmentRow = z.output<typeof attachmentRow>;

const messageRow = z
  .object({
    id: z.string(),
    source: z.enum(['PORTAL', 'WEBSITE']),
    subject: z.string(),
    content: z.string(),
    sender_id: z.string().nullable(),
    sender_name: z.string(),
    receiver_id: z.string(),
    receiver_name: z.string(),
    /** ISO 8601, UTC, milliseconds. */
    created_at: z.string(),
    read_at: z.string().nullable(),
    sender_email: z.string().nullable(),
    sender_phone: z.string().nullable(),
    /** created_at as PostgreSQL prints it (microseconds): the exact keyset cursor. */
    created_key: z.string(),
    /** On page rows only (a new message's attachments are known to the caller). */
    attachments: z.array(attachmentRow).optional(),
  })
  .describe('messageRow');
export type MessageRow = z.output<typeof messageRow>;

const countRow = z.object({ n: z.string() }).describe('unreadCountRow');
const markedReadRow = z.object({ sender_id: z.string(), was_unread: z.boolean() }).describe('markedReadRow');
const goneRow = z.object({ gone: z.boolean() }).describe('deletedCopyRow');
const storageKeyRow = z.object({ storage_key: z.string() }).describe('attachmentKeyRow');
const existsRow = z.object({ found: z.literal(1) }).describe('websiteItemRow');

export interface PageKey {
  createdAt: string;
  id: string;
}

export interface NewMessage {
  senderId: string;
  senderName: string;
  receiverId: string;
  receiverName: string;
  subject: string;
  content: string;
}

export interface NewAttachment {
  id: string;
  fileName: string;
  contentType: string;
  fileSize: number;
  storageKey: string;
}

export const CALLBACK_SUBJECT = 'Call back request';

/** A timestamp as the API prints it (toISOString's format), so rows reach the client without a Date round trip. */
const iso = (col: string) => `to_char(${col} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const PORTAL_COLUMNS = `m.id, 'PORTAL' AS source, m.subject, m.content, m.sender_id, m.sender_name, m.receiver_id, m.receiver_name,
  ${iso('m.created_at')} AS created_at, ${iso('m.read_at')} AS read_at, NULL::text AS sender_email, NULL::text AS sender_phone,
  m.created_at::text AS created_key`;
/** A page row's attachments, in the same query (one round trip for a page, not two). */
const ATTACHMENTS = `COALESCE((SELECT json_agg(json_build_object('id', a.id, 'message_id', a.message_id, 'file_name', a.file_name,
    'content_type', a.content_type, 'file_size', a.file_size::text, 'storage_key', a.storage_key) ORDER BY a.position)
  FROM messaging.message_attachments a WHERE a.message_id = m.id), '[]'::json) AS attachments`;
const PAGE_COLUMNS = `${PORTAL_COLUMNS}, m.created_at AS sort_at, ${ATTACHMENTS}`;
const OUTER_COLUMNS = 'id, source, subject, content, sender_id, sender_name, receiver_id, receiver_name, created_at, read_at, sender_email, sender_phone, created_key, attachments';
const keyset = (col: string, at: number) => `($${at}::timestamptz IS NULL OR (${col}.created_at, ${col}.id) < ($${at}::timestamptz, $${at + 1}::uuid))`;

@Injectable()
export class MessagesRepository {
  constructor(@InjectDataSource() private readonly ds: DataSource) {}

  transaction<T>(work: (m: EntityManager) => Promise<T>): Promise<T> {
    return this.ds.transaction(work);
  }

  /**
   * The receiver's page, newest first. With `website` (brokers), the contact-form messages and call-back requests
   * this broker has not deleted are merged in as source WEBSITE.
   */
  async inbox(userId: string, limit: number, after: PageKey | null, website: { brokerName: string } | null): Promise<MessageRow[]> {
    const params: unknown[] = [userId, after?.createdAt ?? null, after?.id ?? null, limit];
    const branches = [
      `SELECT ${PAGE_COLUMNS} FROM messaging.messages m
        WHERE m.receiver_id = $1 AND m.receiver_deleted_at IS NULL AND ${keyset('m', 2)}
        ORDER BY m.created_at DESC, m.id DESC LIMIT $4`,
    ];
    if (website) {
      params.push(website.brokerName, CALLBACK_SUBJECT);
      branches.push(
        `SELECT c.id, 'WEBSITE', c.subject, c.message, NULL::uuid, c.first_name || ' ' || c.last_name, $1::uuid, $5::text,
                ${iso('c.created_at')}, ${iso('s.read_at')}, c.email::text, c.phone::text, c.created_at::text, c.created_at, '[]'::json
           FROM messaging.contact_messages c
           LEFT JOIN messaging.website_item_states s ON s.item_id = c.id AND s.broker_id = $1
          WHERE s.deleted_at IS NULL AND ${keyset('c', 2)}
          ORDER BY c.created_at DESC, c.id DESC LIMIT $4`,
        `SELECT r.id, 'WEBSITE', $6::text, r.message, NULL::uuid, r.first_name || ' ' || r.last_name, $1::uuid, $5::text,
                ${iso('r.created_at')}, ${iso('s.read_at')}, r.email::text, NULL::text, r.created_at::text, r.created_at, '[]'::json
           FROM messaging.callback_requests r
           LEFT JOIN messaging.website_item_states s ON s.item_id = r.id AND s.broker_id = $1
          WHERE s.deleted_at IS NULL AND ${keyset('r', 2)}
          ORDER BY r.created_at DESC, r.id DESC LIMIT $4`,
      );
    }
    const sql = branches.length === 1 ? branches[0] : `SELECT ${OUTER_COLUMNS} FROM (${branches.map((b) => `(${b})`).join(' UNION ALL ')}) x ORDER BY x.sort_at DESC, x.id DESC LIMIT $4`;
    return rows(messageRow, await this.ds.query(sql, params));
  }

  async sent(userId: string, limit: number, after: PageKey | null): Promise<MessageRow[]> {
    return rows(
      messageRow,
      await this.ds.query(
        `SELECT ${PAGE_COLUMNS} FROM messaging.messages m
          WHERE m.sender_id = $1 AND m.sender_deleted_at IS NULL AND ${keyset('m', 2)}
          ORDER BY m.created_at DESC, m.id DESC LIMIT $4`,
        [userId, after?.createdAt ?? null, after?.id ?? null, limit],
      ),
    );
  }

  /** Unread in the inbox; with `website` (brokers) the Website items this broker has neither read nor deleted. */
  async unreadCount(userId: string, website: boolean): Promise<number> {
    const portal = `SELECT count(*) FROM messaging.messages WHERE receiver_id = $1 AND receiver_deleted_at IS NULL AND read_at IS NULL`;
    const site = `SELECT count(*) FROM (SELECT id FROM messaging.contact_messages UNION ALL SELECT id FROM messaging.callback_requests) w
      WHERE NOT EXISTS (SELECT 1 FROM messaging.website_item_states s WHERE s.item_id = w.id AND s.broker_id = $1 AND (s.read_at IS NOT NULL OR s.deleted_at IS NOT NULL))`;
    const row = firstRow(countRow, await this.ds.query(`SELECT (${portal}) + ${website ? `(${site})` : '0'} AS n`, [userId]));
    return Number(row?.n ?? 0);
  }

  async insert(m: EntityManager, msg: NewMessage & { id: string }, files: NewAttachment[]): Promise<MessageRow> {
    const [row] = rows(
      messageRow,
      await m.query(
        `INSERT INTO messaging.messages AS m (id, sender_id, sender_name, receiver_id, receiver_name, subject, content)
         VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING ${PORTAL_COLUMNS}`,
        [msg.id, msg.senderId, msg.senderName, msg.receiverId, msg.receiverName, msg.subject, msg.content],
      ),
    );
    for (const [i, f] of files.entries()) {
      await m.query(
        `INSERT INTO messaging.message_attachments (id, message_id, file_name, content_type, file_size, storage_key, position)
         VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        [f.id, msg.id, f.fileName, f.contentType, f.fileSize, f.storageKey, i],
      );
    }
    return row!;
  }

  /**
   * Marks read only for the receiver (the first reading time stays). The sender's id when it was unread until now,
   * 'already' when it was read before, null when not theirs or deleted on their side.
   */
  async markRead(id: string, userId: string): Promise<{ senderId: string } | 'already' | null> {
    // TypeORM answers an UPDATE … RETURNING as [rows, affected]; the CTE tells whether this call set read_at.
    const res = await this.ds.query(
      `UPDATE messaging.messages m SET read_at = COALESCE(m.read_at, now())
         FROM (SELECT id, read_at IS NULL AS was_unread FROM messaging.messages WHERE id = $1) before
        WHERE m.id = before.id AND m.receiver_id = $2 AND m.receiver_deleted_at IS NULL
        RETURNING m.sender_id, before.was_unread`,
      [id, userId],
    );
    changedCount(res);
    const row = firstRow(markedReadRow, res[0]);
    if (!row) return null;
    return row.was_unread ? { senderId: row.sender_id } : 'already';
  }

  async websiteItemExists(id: string, brokerId: string): Promise<boolean> {
    const res = await this.ds.query(
      `SELECT 1 AS found FROM (SELECT id FROM messaging.contact_messages WHERE id = $1 UNION ALL SELECT id FROM messaging.callback_requests WHERE id = $1) w
        WHERE NOT EXISTS (SELECT 1 FROM messaging.website_item_states s WHERE s.item_id = $1 AND s.broker_id = $2 AND s.deleted_at IS NOT NULL)`,
      [id, brokerId],
    );
    return rows(existsRow, res).length > 0;
  }

  async setWebsiteItemState(id: string, brokerId: string, what: 'read' | 'deleted'): Promise<void> {
    const col = what === 'read' ? 'read_at' : 'deleted_at';
    await this.ds.query(
      `INSERT INTO messaging.website_item_states (item_id, broker_id, ${col}) VALUES ($1, $2, now())
       ON CONFLICT (item_id, broker_id) DO UPDATE SET ${col} = COALESCE(website_item_states.${col}, now())`,
      [id, brokerId],
    );
  }

  /**
   * Deletes the caller's copy (sender's, receiver's, or both for a note to self). When neither side keeps it, the row
   * goes and its attachments' storage keys are returned for removal. Null when the caller has no copy.
   */
  deleteFor(id: string, userId: string): Promise<{ purgedKeys: string[] } | null> {
    return this.ds.transaction(async (m) => {
      const res = await m.query(
        `UPDATE messaging.messages
            SET sender_deleted_at = CASE WHEN sender_id = $2 THEN COALESCE(sender_deleted_at, now()) ELSE sender_deleted_at END,
                receiver_deleted_at = CASE WHEN receiver_id = $2 THEN COALESCE(receiver_deleted_at, now()) ELSE receiver_deleted_at END
          WHERE id = $1 AND ((sender_id = $2 AND sender_deleted_at IS NULL) OR (receiver_id = $2 AND receiver_deleted_at IS NULL))
          RETURNING (sender_deleted_at IS NOT NULL AND receiver_deleted_at IS NOT NULL) AS gone`,
        [id, userId],
      );
      changedCount(res);
      const copy = firstRow(goneRow, res[0]);
      if (!copy) return null;
      if (!copy.gone) return { purgedKeys: [] };
      const keys = rows(storageKeyRow, await m.query(`SELECT storage_key FROM messaging.message_attachments WHERE message_id = $1`, [id]));
      await m.query(`DELETE FROM messaging.messages WHERE id = $1`, [id]);
      return { purgedKeys: keys.map((k) => k.storage_key) };
    });
  }

  /** The attachment, when the caller is the message's sender or receiver and still has their copy. */
  async attachmentFor(messageId: string, attachmentId: string, userId: string): Promise<AttachmentRow | null> {
    const res = await this.ds.query(
      `SELECT a.id, a.message_id, a.file_name, a.content_type, a.file_size, a.storage_key
         FROM messaging.message_attachments a JOIN messaging.messages m ON m.id = a.message_id
        WHERE a.id = $1 AND m.id = $2
          AND ((m.sender_id = $3 AND m.sender_deleted_at IS NULL) OR (m.receiver_id = $3 AND m.receiver_deleted_at IS NULL))`,
      [attachmentId, messageId, userId],
    );
    return firstRow(attachmentRow, res) ?? null;
  }
}
