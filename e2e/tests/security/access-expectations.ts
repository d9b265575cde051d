import { JOURNEY_MSG, type ApiRoute } from '@brokerage/contracts';
import type { Actor, World } from './access-world';

/**
 * What each actor must get from a route, derived from its definition (contracts API_ROUTES: roles, relation, object,
 * step) and the world's relations (access-world.ts). 'allowed' is any answer but a refusal of access:
 * not 401, not the role guard's 403, not the object's 404, not the lock's 409, never a 5xx.
 */
export type Outcome =
  | { kind: 'allowed' }
  | { kind: 'status'; status: 401 | 403 | 404 }
  | { kind: 'locked' }
  /** 200 with the listing's public card only (a buyer before the NDA on a 'listing-card' route). */
  | { kind: 'card' };

/** Texts of the 404 a service answers for an object the caller may not see (the same as for an unknown one). */
export const NO_ACCESS_404 = ['Listing not found', 'Document not found', 'Message not found', 'Attachment not found', 'Not found'];
export const ROLE_FORBIDDEN = 'You do not have permission to do this.';
export const LOCKED = JOURNEY_MSG.notAccessible;

/** L1's parties: everyone of the world but the "other" ones and the signed-out. */
const L1_PARTY: ReadonlySet<Actor> = new Set(['broker', 'agent', 'seller', 'buyer', 'buyerBeforeNda']);
/** Actors who must never read one of L1's secrets, in any answer of any route. */
export const OUTSIDERS: readonly Actor[] = ['anonymous', 'archived', 'otherAgent', 'otherSeller', 'otherBuyer', 'buyerBeforeNda'];

export function expectedOutcome(route: ApiRoute, actor: Actor, w: World): Outcome {
  if (route.roles === 'public') return { kind: 'allowed' };
  if (actor === 'anonymous' || actor === 'archived') return { kind: 'status', status: 401 };
  const role = w.role[actor]!;
  if (!route.roles.includes(role)) return { kind: 'status', status: 403 };
  const beforeNda = actor === 'buyerBeforeNda';
  switch (route.relation) {
    case 'public':
    case 'staff':
    case 'user':
      return { kind: 'allowed' };
    case 'self':
      // B0 selected L1 (step 0 done, currently at step 1): any later step is locked, whatever the route's object.
      return beforeNda && route.step !== undefined && route.step > 1 ? { kind: 'locked' } : { kind: 'allowed' };
    case 'client':
      return actor === 'otherAgent' ? { kind: 'status', status: 404 } : { kind: 'allowed' };
    case 'message':
      // M1 went from B1 to A1: both hold a copy; only its receiver marks it read.
      if (route.path.endsWith('/read')) return actor === 'agent' ? { kind: 'allowed' } : { kind: 'status', status: 404 };
      return actor === 'buyer' || actor === 'agent' ? { kind: 'allowed' } : { kind: 'status', status: 404 };
    case 'listing':
    case 'listing-card':
    case 'document': {
      // Without an object in the path the route acts on the caller's own selected listing (L2 for the "other" clients).
      const named = !!route.object?.param || bodyNamesDocument(route);
      if (named && !L1_PARTY.has(actor)) return { kind: 'status', status: 404 };
      if (beforeNda) return route.relation === 'listing-card' ? { kind: 'card' } : { kind: 'locked' };
      return { kind: 'allowed' };
    }
  }
}

/** The value each path parameter takes for a route: the world's object named by the definition, else by its name. */
export function paramValue(route: ApiRoute, name: string, w: World, throwaway: { listing?: string; document?: string }): string {
  const o = route.object;
  if (o?.param === name) {
    if (o.kind === 'listing') return throwaway.listing ?? w.ids.L1;
    if (o.kind === 'document') return throwaway.document ?? w.ids.D1;
    if (o.kind === 'message') return w.ids.M1;
  }
  if (o?.userParam === name || (o?.kind === 'user' && o.param === name)) {
    if (route.relation === 'client') return route.path.includes('/sellers/') ? w.ids.S1 : w.ids.B1;
    return randomUserId; // staff acting on a user by id: never one of the world (a delete would end it)
  }
  switch (name) {
    case 'listingId': return throwaway.listing ?? w.ids.L1;
    case 'documentId': return throwaway.document ?? w.ids.D1;
    case 'buyerId': return w.ids.B1;
    case 'userId': return route.path.includes('/sellers/') ? w.ids.S1 : w.ids.B1;
    case 'stepId': return '10';
    case 'docType': return 'tax-returns';
    case 'attachmentId': return w.ids.M1A;
    case 'questionId': return randomUserId; // no such question: past the access rule, 404 'Question not found'
    case 'key': return 'message:new'; // a draft of the caller's own (GET|PUT|DELETE /drafts/:key)
    case 'id': return /\/step\/:id\//.test(route.path) ? '4' : w.ids.L1;
    default: return 'x';
  }
}
const randomUserId = '00000000-0000-4000-8000-00000000dead';

/** Routes that would end the world's listing for everyone after them: they get a listing of their own. */
export const needsThrowawayListing = (r: ApiRoute) =>
  (r.method === 'DELETE' && /^\/broker\/listings\/:id$/.test(r.path)) || /\/listings\/:id\/(archive|reactivate)$/.test(r.path);

/** Deletes and re-tags of a document get one of their own, uploaded by whom the route lets delete it (the area's uploader). */
export const needsThrowawayDocument = (r: ApiRoute) => (r.method === 'DELETE' && r.object?.kind === 'document') || r.path.endsWith('/:documentId/tag')
  || r.path.endsWith('/:documentId/permission'); // a view-only D1 would refuse the download routes after it

/**
 * Valid bodies for the writes whose refusal the matrix must see past the edge's validation (a 400 for an empty body
 * would hide the access rule). Harmless to the world: unknown buyers to approve or reject, an item tick, a draft.
 */
export function sampleBody(route: ApiRoute, w: World): unknown {
  const p = route.path;
  if (/pre-close-checklist(\/item)?$/.test(p)) return { categoryId: 'A', itemId: 'A1', userRole: 'buyer' };
  if (/\/(approve|reject)-buyer$/.test(p)) return { buyerId: randomUserId };
  if (/\/documents\/:documentId\/tag$/.test(p)) return { tag: null };
  if (/\/nda\/(save|submit)$/.test(p)) return { nda: {} };
  if (/\/financial-statement\/(save|submit)$/.test(p)) return { financialStatement: {} };
  if (/\/questionnaire\/(save|submit)$/.test(p)) return { questionnaire: {} };
  if (/\/due-diligence\/request$/.test(p)) return { documentName: 'Tax Returns (2 years)', requested: true };
  if (/\/due-diligence\/download$/.test(p) || /\/step\/:id\/download$/.test(p)) return { documentId: /due-diligence/.test(p) ? w.ids.DD1 : w.ids.D1 };
  if (/\/offers$/.test(p)) return { amount: 1000, date: '2026-11-27' };
  if (/\/documents\/:documentId\/permission$/.test(p)) return { permission: 'VIEW_ONLY' };
  if (/\/documents\/:documentId\/engagement$/.test(p)) return { pages: [{ page: 1, ms: 1000 }] };
  if (/^\/drafts\/:key$/.test(p)) return { data: { subject: 'matrix draft' } };
  if (/\/listings\/:listingId\/questions$/.test(p)) return { text: 'Matrix question', documentName: null };
  if (/\/questions\/:questionId\/answer$/.test(p)) return { text: 'Matrix answer' };
  if (/\/questions\/:questionId\/merge$/.test(p)) return { intoQuestionId: randomUserId };
  if (/\/questions\/:questionId\/release$/.test(p)) return { audience: 'ASKER' };
  if (/\/(update-step|mark-step-completed|mark-step-incomplete)$/.test(p)) return { stepId: 0 }; // completed by selecting the listing: never by hand, never locked
  return {};
}

/** Writes whose sample body names one of L1's documents: an actor of another listing reaches it only by its id. */
export const bodyNamesDocument = (route: ApiRoute) => /\/due-diligence\/download$|\/step\/:id\/download$/.test(route.path) && route.method === 'POST';
