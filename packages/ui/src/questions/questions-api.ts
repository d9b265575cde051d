import { queryOptions } from '@tanstack/react-query';
import { apiFetch, sendMultipart } from '@brokerage/api-client';
import { apiPath } from '@brokerage/contracts/api/path';
import type { Question, QuestionList, QuestionResponse, ReleaseAudience } from '@brokerage/contracts/questions';
import { questionKeys } from '../components/query-keys.js';

/*
 * The due-diligence Q&A calls (issue 24 §3; contracts questions.ts and the buyer / seller / staff route definitions).
 * One read per view; every write answers `{question}` and the screen reads the list again (the state, history and
 * merges of the other questions may change with it).
 */

/** Whose view: the asking buyer, the seller the questions are routed to, or staff (broker: all; agent: assigned). */
export type QuestionsArea = 'buyer' | 'seller' | 'broker' | 'agent';

/** 'BUYER', 'broker'… → the area of the routes (any case); anything unknown reads as a buyer (the narrowest view). */
export function questionsAreaOf(role: string): QuestionsArea {
  const r = role.toLowerCase();
  return r === 'seller' || r === 'broker' || r === 'agent' ? r : 'buyer';
}

export const isStaffArea = (area: QuestionsArea): area is 'broker' | 'agent' => area === 'broker' || area === 'agent';

export function questionsPath(area: QuestionsArea, listingId: string): string {
  if (area === 'buyer') return apiPath('GET', '/buyer/listings/:listingId/questions', { listingId });
  if (area === 'seller') return apiPath('GET', '/seller/listings/:listingId/questions', { listingId });
  return apiPath('GET', `/${area}/listings/:listingId/questions`, { listingId });
}

/** The view's list (`questionKeys.view`: refreshed by the listing's `question.changed` events). */
export const questionsQuery = (area: QuestionsArea, listingId: string) =>
  queryOptions({
    queryKey: questionKeys.view(listingId, area),
    queryFn: () => apiFetch<QuestionList>(questionsPath(area, listingId)),
  });

export function askQuestion(listingId: string, body: { text: string; documentName: string | null }) {
  return apiFetch<QuestionResponse>(apiPath('POST', '/buyer/listings/:listingId/questions', { listingId }), { method: 'POST', json: body });
}

/**
 * Answer as staff or as the seller: `{text}` as JSON, or multipart (text first, then the files: the documents upload
 * path's checks apply to each) when files go with it; `onProgress` 0..100 while the bytes leave the browser.
 */
export function answerQuestion(
  area: Exclude<QuestionsArea, 'buyer'>,
  listingId: string,
  questionId: string,
  text: string,
  files: readonly File[] = [],
  onProgress?: (percent: number) => void,
) {
  const ids = { listingId, questionId };
  const path =
    area === 'seller'
      ? apiPath('POST', '/seller/listings/:listingId/questions/:questionId/answer', ids)
      : apiPath('POST', `/${area}/listings/:listingId/questions/:questionId/answer`, ids);
  if (files.length === 0) return apiFetch<QuestionResponse>(path, { method: 'POST', json: { text } });
  const form = new FormData();
  form.append('text', text);
  for (const f of files) form.append('file', f, f.name);
  return sendMultipart<QuestionResponse>(path, form, { onBytes: (loaded, total) => onProgress?.(Math.min(100, (loaded / total) * 100)) });
}

export type StaffAction = { kind: 'route' } | { kind: 'merge'; intoQuestionId: string } | { kind: 'release'; audience: ReleaseAudience };

/** Route to the seller, merge into another question, or release the answer. */
export function staffAct(area: 'broker' | 'agent', listingId: string, questionId: string, action: StaffAction) {
  const ids = { listingId, questionId };
  if (action.kind === 'route') return apiFetch<QuestionResponse>(apiPath('POST', `/${area}/listings/:listingId/questions/:questionId/route`, ids), { method: 'POST' });
  if (action.kind === 'merge') {
    return apiFetch<QuestionResponse>(apiPath('POST', `/${area}/listings/:listingId/questions/:questionId/merge`, ids), {
      method: 'POST',
      json: { intoQuestionId: action.intoQuestionId },
    });
  }
  return apiFetch<QuestionResponse>(apiPath('POST', `/${area}/listings/:listingId/questions/:questionId/release`, ids), {
    method: 'POST',
    json: { audience: action.audience },
  });
}

/** An answer's file through the caller's own document download route (the documents access rule applies). */
export function attachmentPath(area: QuestionsArea, documentId: string): string {
  if (area === 'buyer') return apiPath('GET', '/buyer/download-document/:id', { id: documentId });
  if (area === 'seller') return apiPath('GET', '/seller/download-document/:id', { id: documentId });
  return apiPath('GET', `/${area}/documents/:documentId/download`, { documentId });
}

/** Newest first. */
export const byNewest = (a: Question, b: Question) => b.askedAt.localeCompare(a.askedAt);
