/**
 * The public API route table: every call of spec part 1 §7, part 2 §7 and part 3 §7, path for path (without the /api
 * prefix), mapped to its owning service. Ordered: the first entry whose method and pattern match wins.
 *  - status 'live': proxied to the service now; 'planned': answered 501 {message: MSG.notImplemented} until built.
 *  - multipart: the request body is streamed through, up to its bodyLimit ('upload': a documents upload of up to 100
 *    files of ≤ 25 MB, UPLOAD_BODY_LIMIT_MB; 'message': a message with its attachments, MESSAGE_BODY_LIMIT_MB); the
 *    per-file limit is the service's, enforced while it streams. Other bodies: 1 MB.
 *  - defined: the spec says the path is "not shown"; we defined it in the same style (see ROUTES.md).
 * /internal/* is never routed. Keep ROUTES.md in step (test/route-table.spec.ts checks it).
 */
export const SERVICES = ['identity', 'listings', 'documents', 'messaging', 'checklists'] as const;
export type ServiceName = (typeof SERVICES)[number];
export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Which configured limit a streamed (multipart) body has (gateway config `bodyLimits`). */
export type BodyLimit = 'upload' | 'message';

export interface RouteEntry {
  method: Method;
  /** Path pattern relative to /api, ':name' for a segment parameter. */
  path: string;
  service: ServiceName;
  status: 'live' | 'planned';
  multipart?: boolean;
  /** Limit of a multipart body (default 'upload'). */
  bodyLimit?: BodyLimit;
  /** Spec reference, e.g. 'p1§7'. */
  spec: string;
  /** Set when the spec does not show the path and we defined it. */
  defined?: string;
}

type Opts = { multipart?: boolean; bodyLimit?: BodyLimit; defined?: string };
const R: RouteEntry[] = [];
function add(spec: string, service: ServiceName, status: 'live' | 'planned', methods: Method | Method[], paths: string | string[], o: Opts = {}) {
  for (const m of Array.isArray(methods) ? methods : [methods]) {
    for (const p of Array.isArray(paths) ? paths : [paths]) R.push({ method: m, path: p, service, status, spec, ...o });
  }
}
const live = (spec: string, s: ServiceName, m: Method | Method[], p: string | string[], o?: Opts) => add(spec, s, 'live', m, p, o);
// eslint-disable-next-line @typescript-eslint/no-unused-vars -- no call is planned today; kept for the next defined-before-built one
const planned = (spec: string, s: ServiceName, m: Method | Method[], p: string | string[], o?: Opts) => add(spec, s, 'planned', m, p, o);
const MP = { multipart: true, bodyLimit: 'upload' } as const;
const MP_MESSAGE = { multipart: true, bodyLimit: 'message' } as const;

// ── Part 1 §7: public calls ────────────────────────────────────────────────────────────────────────────────────
live('p1§7', 'identity', 'POST', ['/auth/register', '/auth/login', '/auth/logout', '/auth/restore-session', '/auth/reset-password', '/auth/nda-submit']);
live('p1§7', 'identity', 'GET', '/auth/check-session');
live('p1§7', 'listings', 'GET', '/auth/available-listings');
live('p1§7', 'messaging', 'POST', ['/auth/contact-message', '/callback-request']);
live('p1§7 p2§7 p3§7', 'identity', 'GET', '/users');
live('p3§7', 'identity', 'GET', '/users/by-role');
// Brokers' inbox of contact messages and callback requests (ARCHITECTURE: "they reach the brokers' inbox").
live('p3§2', 'messaging', 'GET', '/messages/contact-requests');

// ── Messaging (part 2 §7, part 3 §7) ───────────────────────────────────────────────────────────────────────────
live('p2§7 p3§7', 'messaging', 'GET', ['/messages/inbox', '/messages/sent']);
live('p2§7', 'messaging', 'GET', '/messages/unread-count', { defined: 'unread badge of the sidebar (issue 9 §2)' });
live('p2§7 p3§7', 'messaging', 'POST', '/messages/send', MP_MESSAGE);
live('p2§7 p3§7', 'messaging', 'PUT', '/messages/:id/read');
live('p2§7', 'messaging', 'PATCH', '/messages/:id/read', { defined: 'method not shown on one screen (p2§7); PUT per p3§7, PATCH accepted as an alias' });
live('p2§7 p3§7', 'messaging', 'DELETE', '/messages/:id');
live('p2§7', 'messaging', 'GET', '/messages/:id/attachments/:attachmentId', { defined: 'attachment download: not shown' });
live('p2§7', 'messaging', 'POST', '/buyer/email-agent');

// ── Shared checklist (part 2 §7, part 3 §7) — checklists owns every …/pre-close-checklist route ────────────────
for (const role of ['seller', 'buyer', 'broker', 'agent']) {
  live('p2§7 p3§7', 'checklists', 'GET', `/${role}/listings/:listingId/pre-close-checklist`);
  live('p2§7 p3§7', 'checklists', 'PUT', [`/${role}/listings/:listingId/pre-close-checklist`, `/${role}/listings/:listingId/pre-close-checklist/item`]);
}
live('p3§7', 'checklists', 'GET', ['/broker/listings/:listingId/pre-close-checklist/history', '/agent/listings/:listingId/pre-close-checklist/history'],
  { defined: 'staff read the flips of a listing\'s checklist (issue 10 §1)' });
live('p2§7', 'checklists', ['GET', 'PUT'], ['/seller/pre-close-checklist', '/buyer/pre-close-checklist']);

// ── Seller (part 2 §7) ─────────────────────────────────────────────────────────────────────────────────────────
live('p2§7', 'listings', 'GET', ['/seller/dashboard', '/seller/progress', '/seller/current-listing', '/seller/listings',
  '/seller/listings/:id', '/seller/listings/:id/interested-buyers', '/seller/listing-buyers']);
live('p2§7', 'listings', 'GET', '/seller/questionnaire');
live('p2§7', 'listings', 'POST', ['/seller/update-step', '/seller/listings/:id/approve-buyer', '/seller/listings/:id/reject-buyer',
  '/seller/select-listing', '/seller/mark-step-completed', '/seller/mark-step-incomplete']);
live('p2§7', 'listings', 'POST', ['/seller/questionnaire/save', '/seller/questionnaire/submit']);
live('p2§2', 'listings', 'GET', '/seller/listings/:listingId/buyer-activity', { defined: 'buyer activity table (Step 6) without sample data (deviation 5); not shown' });
live('p2§7', 'documents', 'GET', ['/seller/documents', '/seller/listing-agreement', '/seller/purchase-agreement',
  '/seller/closing-documents', '/seller/download-document/:id', '/seller/step/:id/documents',
  '/seller/listings/:listingId/documents', '/seller/listings/:listingId/broker-documents']);
live('p2§7', 'documents', 'GET', ['/seller/due-diligence', '/seller/listings/:id/due-diligence/requests']);
live('p2§7', 'documents', 'POST', ['/seller/documents/upload', '/seller/listings/:listingId/documents'], MP);
live('p2§7', 'documents', 'POST', '/seller/listings/:id/due-diligence/:docType/upload', MP);
live('p2§7', 'documents', 'POST', ['/seller/step/:id/upload', '/seller/step/:id/download']);
live('p2§7', 'documents', 'POST', '/seller/listing-agreement', { ...MP, defined: 'body "the agreement object" (fields not shown): the signed copy as multipart (file), answers {message, agreement}' });
live('p2§7', 'documents', 'POST', '/seller/due-diligence', { ...MP, defined: 'seller due-diligence upload (body not shown): files for the selected listing, optional documentName' });
live('p2§7', 'documents', 'DELETE', '/seller/listings/:listingId/documents/:documentId');
live('p2§9', 'documents', 'PATCH', '/seller/documents/:documentId/tag', { defined: 'which of the 9 requested financial documents an own upload is (issues 11/12): {tag} or {tag: null}; not shown' });
live('p2§7', 'documents', 'DELETE', '/seller/listings/:listingId/due-diligence/documents/:documentId', { defined: 'seller due-diligence delete: not shown' });

// ── Buyer (part 2 §7, part 3 §7) ───────────────────────────────────────────────────────────────────────────────
live('p2§7', 'listings', 'GET', ['/buyer/dashboard', '/buyer/progress', '/buyer/current-listing', '/buyer/listings',
  '/buyer/available-listings']);
live('p2§7', 'listings', 'GET', '/buyer/listings/:id', { defined: 'one listing the buyer takes part in: not shown; mirrors /seller/listings/:id' });
live('p2§7', 'listings', 'GET', ['/buyer/nda', '/buyer/financial-statement']);
live('p2§7', 'listings', 'POST', ['/buyer/update-step', '/buyer/select-listing']);
live('p2§7', 'listings', 'POST', ['/buyer/nda/save', '/buyer/nda/submit', '/buyer/financial-statement/save',
  '/buyer/financial-statement/submit']);
live('p2§7 p3§7', 'listings', 'POST', ['/buyer/mark-step-completed', '/buyer/mark-step-incomplete'],
  { defined: 'progress service: mark step completed/incomplete for the buyer, not shown; mirrors /seller/*' });
live('p2§7', 'documents', 'GET', ['/buyer/documents', '/buyer/cbr-cim', '/buyer/purchase-contract',
  '/buyer/closing-documents', '/buyer/download-document/:id', '/buyer/listings/:id/agent-documents', '/buyer/listings/:listingId/documents']);
live('p2§7', 'documents', 'GET', ['/buyer/due-diligence', '/buyer/listings/:id/due-diligence/download/:docType',
  '/buyer/listings/:listingId/due-diligence']);
live('p2§7', 'documents', 'POST', ['/buyer/documents/upload', '/buyer/listings/:listingId/documents'], MP);
live('p2§7 p3§7', 'documents', 'POST', ['/buyer/listings/:id/due-diligence/request', '/buyer/listings/:listingId/due-diligence/download']);
live('p2§7 p3§7', 'documents', 'POST', '/buyer/download-agent-document/:documentId');
live('p2§7', 'documents', 'DELETE', '/buyer/listings/:listingId/documents/:documentId');
live('p2§9', 'documents', 'PATCH', '/buyer/documents/:documentId/tag', { defined: 'which of the 10 requested documents an own upload is (issues 11/12): {tag} or {tag: null}; not shown' });
live('p2§7 p3§7', 'documents', 'POST', '/buyer/step/:id/download', { defined: 'progress service: download step document, not shown; mirrors /seller/step/:id/download' });
live('p2§7 p3§7', 'documents', 'POST', '/buyer/listings/:listingId/signed-contract', { ...MP, defined: 'signed-contract upload (step 7): not shown' });
live('p2§7 p3§7', 'documents', 'GET', '/buyer/listings/:listingId/contract/download', { defined: 'download-contract (step 7): not shown' });

// ── Broker (part 3 §7) and agent (mirrors the broker's views, scoped to assignments) ───────────────────────────
for (const area of ['broker', 'agent'] as const) {
  live('p3§7', 'listings', 'GET', [`/${area}/dashboard`, `/${area}/listings`, `/${area}/listings/:id`, `/${area}/sellers`, `/${area}/buyers`,
    `/${area}/listings/:listingId/progress`, `/${area}/buyers/:buyerId/listings/:listingId/progress`]);
  live('p3§7', 'listings', ['GET', 'POST'], `/${area}/buyers/:buyerId/listings/:listingId/offers`,
    { defined: 'offers a broker or agent records for a buyer on a listing (buyer progress view; feed the seller\'s Buyer Activity): not shown' });
  live('p3§7', 'listings', 'POST', ['sellers', 'buyers'].flatMap((who) =>
    ['complete', 'reopen'].map((act) => `/${area}/${who}/:userId/listings/:listingId/steps/:stepId/${act}`)),
  { defined: 'staff complete / reopen of a client\'s journey step (progress view): not shown' });
  live('p3§7', 'documents', 'GET', [`/${area}/listings/:listingId/documents`, `/${area}/listings/:listingId/seller-documents`,
    `/${area}/buyers/:buyerId/listings/:listingId/documents`]);
  live('p3§7', 'documents', 'GET', `/${area}/buyers/:buyerId/listings/:listingId/due-diligence`);
  live('p3§7', 'documents', 'POST', `/${area}/listings/:listingId/documents`, MP);
  live('p3§7', 'documents', 'POST', `/${area}/listings/:listingId/due-diligence/upload`, MP);
  live('p3§7', 'documents', 'DELETE', `/${area}/listings/:listingId/documents/:documentId`);
  live('p3§7', 'documents', 'GET', `/${area}/documents/:documentId/download`, { defined: 'staff download of a listing document (the url of its documents): not shown' });
  live('p3§7', 'documents', 'GET', [`/${area}/listings/:listingId/activity`, `/${area}/documents/:documentId/activity`],
    { defined: 'download audit per listing / per document, newest first, ?userId= (issue 8 §2 "Activity")' });
}
live('p3§7', 'listings', 'POST', '/broker/listings');
live('p3§7', 'listings', 'PUT', '/broker/listings/:id');
live('p3§7', 'listings', 'PATCH', ['/broker/listings/:id/archive', '/broker/listings/:id/reactivate']);
live('p3§7', 'listings', 'DELETE', '/broker/listings/:id');
live('p3§7', 'listings', 'GET', ['/broker/agent/:id/stats', '/broker/agents-with-stats']);
live('p3§7', 'identity', 'GET', ['/broker/agents', '/broker/agent/:id']);
live('p3§7', 'identity', 'DELETE', ['/broker/agent/:id', '/broker/sellers/:id', '/broker/buyers/:id']);
live('p3§7', 'identity', 'PATCH', ['/broker/sellers/:id/archive', '/broker/sellers/:id/reactivate', '/broker/buyers/:id/archive',
  '/broker/buyers/:id/reactivate']);

// ── Admin (part 3 §7) ──────────────────────────────────────────────────────────────────────────────────────────
live('p3§7', 'identity', 'GET', ['/admin/users', '/admin/stats']);
live('p3§7', 'identity', 'POST', '/admin/users');
live('p3§7', 'identity', 'PUT', '/admin/users/:id');
live('p3§7', 'identity', 'PATCH', ['/admin/users/:id/archive', '/admin/users/:id/reactivate']);

export const ROUTE_TABLE: readonly RouteEntry[] = Object.freeze(R);

// ── Matching ───────────────────────────────────────────────────────────────────────────────────────────────────
export interface RouteMatch { entry: RouteEntry; params: Record<string, string> }
interface Compiled { entry: RouteEntry; segs: string[]; }

/** Compiles a table into a matcher: O(entries with the same method and segment count). */
export function compileRoutes(table: readonly RouteEntry[]) {
  const byKey = new Map<string, Compiled[]>();
  for (const entry of table) {
    const segs = entry.path.split('/').slice(1);
    const key = `${entry.method} ${segs.length}`;
    let list = byKey.get(key);
    if (!list) byKey.set(key, (list = []));
    list.push({ entry, segs });
  }
  const knownPaths = table.map((e) => e.path.split('/').slice(1));

  function segsOf(path: string): string[] | null {
    if (!path.startsWith('/')) return null;
    const p = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
    return p.split('/').slice(1);
  }
  function matches(pattern: string[], segs: string[]): boolean {
    for (let i = 0; i < pattern.length; i++) {
      const p = pattern[i];
      if (p.charCodeAt(0) === 58 /* : */) { if (segs[i] === '') return false; }
      else if (p !== segs[i]) return false;
    }
    return true;
  }
  return {
    /** Finds the first entry for a method and an /api-less path (no query string). */
    match(method: string, path: string): RouteMatch | null {
      const segs = segsOf(path);
      if (!segs || segs[0] === 'internal') return null;
      const list = byKey.get(`${method === 'HEAD' ? 'GET' : method} ${segs.length}`);
      if (!list) return null;
      for (const c of list) {
        if (matches(c.segs, segs)) {
          const params: Record<string, string> = {};
          c.segs.forEach((p, i) => { if (p.startsWith(':')) params[p.slice(1)] = segs[i]; });
          return { entry: c.entry, params };
        }
      }
      return null;
    },
    /** True when the path exists in the table under another method (→ 405 rather than 404). */
    pathExists(path: string): boolean {
      const segs = segsOf(path);
      if (!segs || segs[0] === 'internal') return false;
      return knownPaths.some((k) => k.length === segs.length && matches(k, segs));
    },
  };
}
