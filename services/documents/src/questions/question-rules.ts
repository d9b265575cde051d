import type { IdentityClaims, Question, QuestionAttachment, QuestionHistoryEntry } from '@brokerage/contracts';
import { isStaff } from '../documents/document-access.js';
import type { QuestionRow } from './questions.repository.js';

/*
 * Issue 24 §3: who sees which question and which answer. One rule for the JSON (questions.service.ts) and for the
 * answer's attachments (documents' findVisible through QuestionAttachmentAccess): the listing's rule (a party; a buyer
 * past the NDA) is checked before any of these.
 */

/** The question whose state and answer a question shows: its merge target, else itself. */
export const headOf = (q: QuestionRow, byId: ReadonlyMap<string, QuestionRow>): QuestionRow => (q.mergedInto ? (byId.get(q.mergedInto) ?? q) : q);

/** The seller is in on a question staff routed to them or they answered. */
const sellerIsIn = (q: Pick<QuestionRow, 'routedAt' | 'answeredByRole'>) => q.routedAt !== null || q.answeredByRole === 'SELLER';

/**
 * May the user read the answer of `head` (a question not merged into another)? Staff always; the seller when it was
 * routed to them or they answered it; a buyer once released: to ALL, or to ASKER and they asked it or a question
 * merged into it (`askers`).
 */
export function mayReadAnswer(
  user: Pick<IdentityClaims, 'sub' | 'role'>,
  head: Pick<QuestionRow, 'state' | 'releasedTo' | 'routedAt' | 'answeredByRole'>,
  askers: ReadonlySet<string>,
): boolean {
  if (isStaff(user)) return true;
  if (user.role === 'SELLER') return sellerIsIn(head);
  if (user.role === 'BUYER') return head.state === 'Released' && (head.releasedTo === 'ALL' || askers.has(user.sub));
  return false;
}

/**
 * May the user read a file attached to `owner`'s answer? The answer's rule while `owner` stands on its own; once merged
 * into another question its answer is no longer shown (the target's is): staff, and the seller if they were in on it.
 */
export function mayReadAttachment(user: Pick<IdentityClaims, 'sub' | 'role'>, owner: QuestionRow, askers: ReadonlySet<string>): boolean {
  if (owner.mergedInto === null) return mayReadAnswer(user, owner, askers);
  return isStaff(user) || (user.role === 'SELLER' && sellerIsIn(owner));
}

/**
 * Which questions a user's list holds: staff every one; the seller those routed to them or that they answered (never
 * a merged duplicate); a buyer their own and those released to ALL (the group's head only).
 */
export function listsQuestion(user: Pick<IdentityClaims, 'sub' | 'role'>, q: QuestionRow): boolean {
  if (isStaff(user)) return true;
  if (user.role === 'SELLER') return q.mergedInto === null && sellerIsIn(q);
  if (user.role === 'BUYER') return q.askerId === user.sub || (q.mergedInto === null && q.state === 'Released' && q.releasedTo === 'ALL');
  return false;
}

/** What presenting one question needs besides the row. */
export interface QuestionContext {
  head: QuestionRow;
  askers: ReadonlySet<string>;
  history: readonly QuestionHistoryEntry[];
  attachments: readonly QuestionAttachment[];
}

/**
 * The question as the user may see it: staff with the asker and the history; the seller without the asker; a buyer
 * without the asker (askedByMe instead) and with the history of their own questions only. State, answer and release
 * are the head's; the answer only when mayReadAnswer.
 */
export function presentQuestion(user: Pick<IdentityClaims, 'sub' | 'role'>, q: QuestionRow, c: QuestionContext): Question {
  const { head } = c;
  const answer =
    head.answerText !== null && head.answeredAt !== null && head.answeredByRole !== null && mayReadAnswer(user, head, c.askers)
      ? { text: head.answerText, answeredAt: head.answeredAt.toISOString(), answeredByRole: head.answeredByRole, attachments: [...c.attachments] }
      : null;
  const own = user.role === 'BUYER' && q.askerId === user.sub;
  return {
    id: q.id,
    listingId: q.listingId,
    text: q.text,
    documentName: q.documentName,
    state: head.state,
    askedAt: q.askedAt.toISOString(),
    ...(user.role === 'BUYER' ? { askedByMe: own } : {}),
    ...(isStaff(user) ? { askerId: q.askerId, askerName: q.askerName } : {}),
    answer,
    releasedTo: head.releasedTo,
    mergedInto: q.mergedInto,
    history: user.role !== 'BUYER' || own ? [...c.history] : [],
  };
}
