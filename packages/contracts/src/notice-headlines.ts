import { IDLE_JOURNEY_DAYS } from './needs-attention.js';

// ---- issue 24 §2: the headlines the producers write into their notice commands (notifications.ts) ----

/**
 * Stands for the actor's name in a headline written before the name is known (listings' journey changes from another
 * service's event): the relay puts the name in at delivery (identity's people), 'A client' when there is none.
 */
export const NOTICE_ACTOR = '{actor}';

const on = (title?: string | null) => (title ? ` on ${title}` : '');
const many = (n: number, one: string, more: string) => (n === 1 ? one : `${n} ${more}`);

/**
 * One line each, never confidential content: no message subject or text, no file name or content, no price or other
 * financials, no other buyer's name to a buyer. A listing title is on its public card; the 16 due-diligence names are
 * the spec's list.
 */
export const NOTICE_HEADLINES = {
  /** To the receiver of a portal message. */
  message: (sender: string) => `${sender} sent you a new message`,
  /** To a client whose step someone else (staff) completed. */
  stepCompletedForYou: (actor: string, step: string, title?: string | null) => `${actor} completed “${step}” for you${on(title)}`,
  /** To staff: a client completed a step of their journey. */
  stepCompleted: (client: string, step: string, title?: string | null) => `${client} completed “${step}”${on(title)}`,
  /** To staff: a buyer's NDA step completed (in the portal or with the public sign-up). */
  ndaSigned: (buyer: string, title?: string | null) => `${buyer} signed the NDA${title ? ` for ${title}` : ''}`,
  /** To the seller (no buyer, no amount). */
  offerRecorded: (title?: string | null) => `An offer was recorded${on(title)}`,
  /** To the clients who may now see staff's files (no file name). */
  documentShared: (actor: string, count: number, title?: string | null) =>
    `${actor} shared ${many(count, 'a document', 'documents')} with you${on(title)}`,
  /** To staff: a buyer asked for due-diligence documents. */
  dueDiligenceRequested: (buyer: string, count: number, title?: string | null) =>
    `${buyer} requested ${many(count, 'a due-diligence document', 'due-diligence documents')}${on(title)}`,
  /** To the buyer: staff filed a file under one of their due-diligence names. */
  dueDiligenceAnswered: (actor: string, documentName: string, title?: string | null) =>
    `${actor} added “${documentName}” to your due diligence${on(title)}`,
  /** To staff: a journey idle for IDLE_JOURNEY_DAYS (contracts isIdleJourney). */
  idleJourney: (client: string, title?: string | null) =>
    `${client}${on(title)}: no completed step or message for ${IDLE_JOURNEY_DAYS} days`,
} as const;
