import { NOTICE_PATH, noticeAnswerSchema, noticeCommandSchema, type NoticeCommand } from '@brokerage/contracts';
import type { InternalHttpClient } from '../internal/internal-http-client.js';
import { OutboxRefusal, nameUuid } from './outbox-relay.js';

/**
 * The outbox kind of every e-mail notification (docs/CONVENTIONS.md "Outbox"): the payload is contracts' notice
 * command, the row id its eventId, written in the transaction of the change; deliver() is `sendNotice`.
 */
export const NOTICE = 'notice';

/** deliver() of a `notice` row: the command to identity's POST /internal/notices (idempotent there per eventId). */
export async function sendNotice(identity: InternalHttpClient, command: NoticeCommand): Promise<string | void> {
  // a command the contract refuses would be refused on every retry: dead-lettered at once (identity is not asked)
  const valid = noticeCommandSchema.safeParse(command);
  if (!valid.success) throw new OutboxRefusal(`invalid notice: ${valid.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ')}`);
  const { accepted } = noticeAnswerSchema.parse(await identity.post<unknown>(NOTICE_PATH, valid.data));
  if (accepted === 0) return 'no recipient to notify (a repeat, or every recipient off)';
}

/** A headline is one line of at most 200 characters (the command's rule): names and titles are cut, never the sense. */
export const oneLine = (s: string, max = 200): string => {
  const line = s.replace(/\s+/g, ' ').trim();
  return line.length <= max ? line : `${line.slice(0, max - 1)}…`;
};

/** The id of one audience's copy of an event (a second command of the same event: the listing's agent). */
export const audienceEventId = (eventId: string, audience: string): string => nameUuid('sha1', `notice:${eventId}:${audience}`);

type StaffNoticeBase = Omit<NoticeCommand, 'recipients' | 'link'>;

/**
 * A notice to a listing's staff: every broker (link under /broker) and the listing's agent (link under /agent, its own
 * eventId: audienceEventId). `path` is the staff screen below the area, e.g. `/listings/{id}/activity`.
 */
export function staffNotices<B extends StaffNoticeBase>(base: B, agentId: string | null | undefined, path: string): Array<B & Pick<NoticeCommand, 'recipients' | 'link'>> {
  const out: Array<B & Pick<NoticeCommand, 'recipients' | 'link'>> = [{ ...base, recipients: { brokers: true }, link: `/broker${path}` }];
  if (agentId) out.push({ ...base, eventId: audienceEventId(base.eventId, 'agent'), recipients: { userIds: [agentId] }, link: `/agent${path}` });
  return out;
}
