import type { Message } from '@brokerage/contracts';
import type { AttachmentRow, MessageRow } from './messages.repository.js';

export const attachmentUrl = (messageId: string, attachmentId: string) =>
  `/api/messages/${messageId}/attachments/${attachmentId}`;

export function toMessage(r: MessageRow, attachments: AttachmentRow[]): Message {
  const m: Message = {
    id: r.id,
    subject: r.subject,
    content: r.content,
    senderId: r.sender_id,
    senderName: r.sender_name,
    receiverId: r.receiver_id,
    receiverName: r.receiver_name,
    createdAt: r.created_at,
    isRead: r.read_at !== null,
    readAt: r.read_at,
    attachments: attachments.map((a) => ({ id: a.id, fileName: a.file_name, fileUrl: attachmentUrl(r.id, a.id), fileSize: Number(a.file_size) })),
    source: r.source,
  };
  if (r.source === 'WEBSITE') {
    if (r.sender_email) m.senderEmail = r.sender_email;
    if (r.sender_phone) m.senderPhone = r.sender_phone;
  }
  return m;
}

/** Opaque keyset cursor: the last row's exact created_at and id. */
export function encodeCursor(r: MessageRow): string {
  return Buffer.from(JSON.stringify([r.created_key, r.id])).toString('base64url');
}

export function decodeCursor(cursor: string): { createdAt: string; id: string } | null {
  try {
    const v: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (!Array.isArray(v) || v.length !== 2) return null;
    const [createdAt, id] = v as unknown[];
    if (typeof createdAt !== 'string' || typeof id !== 'string') return null;
    if (!/^[0-9a-f-]{36}$/i.test(id) || !/^\d{4}-\d\d-\d\d[ T][\d:.]+([+-]\d\d(:?\d\d)?|Z)$/.test(createdAt)) return null;
    return { createdAt, id };
  } catch {
    return null;
  }
}
