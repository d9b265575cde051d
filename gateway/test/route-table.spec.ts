import fs from 'node:fs';
import path from 'node:path';
import { accessOfRoute, API_ROUTES } from '@brokerage/contracts';
import { compileRoutes, ROUTE_TABLE } from '../src/routes/route-table.js';

/** Every call of spec part 1 §7, part 2 §7 and part 3 §7, with sample ids: method, path, owning service. */
const SPEC_CALLS: [string, string, string][] = [
  // part 1 §7
  ['POST', '/auth/register', 'identity'], ['GET', '/auth/available-listings', 'listings'], ['POST', '/auth/nda-submit', 'identity'],
  ['POST', '/auth/contact-message', 'messaging'], ['POST', '/auth/login', 'identity'], ['POST', '/auth/reset-password', 'identity'],
  ['POST', '/auth/logout', 'identity'], ['GET', '/auth/check-session', 'identity'], ['GET', '/users', 'identity'],
  ['POST', '/auth/restore-session', 'identity'], ['POST', '/callback-request', 'messaging'],
  // part 2 §7 seller
  ['GET', '/seller/dashboard', 'listings'], ['GET', '/seller/documents', 'documents'], ['POST', '/seller/documents/upload', 'documents'],
  ['GET', '/seller/listing-agreement', 'documents'], ['POST', '/seller/listing-agreement', 'documents'], ['GET', '/seller/purchase-agreement', 'documents'],
  ['GET', '/seller/due-diligence', 'documents'], ['POST', '/seller/due-diligence', 'documents'],
  ['GET', '/seller/pre-close-checklist', 'checklists'], ['PUT', '/seller/pre-close-checklist', 'checklists'],
  ['GET', '/seller/closing-documents', 'documents'], ['GET', '/seller/download-document/d1', 'documents'], ['GET', '/seller/progress', 'listings'],
  ['POST', '/seller/update-step', 'listings'], ['GET', '/seller/listings/l1/due-diligence/requests', 'documents'],
  ['POST', '/seller/listings/l1/due-diligence/FINANCIAL/upload', 'documents'], ['GET', '/seller/listings', 'listings'],
  ['GET', '/seller/listings/l1', 'listings'], ['GET', '/seller/listings/l1/interested-buyers', 'listings'],
  ['POST', '/seller/listings/l1/approve-buyer', 'listings'], ['POST', '/seller/listings/l1/reject-buyer', 'listings'],
  ['POST', '/seller/select-listing', 'listings'], ['GET', '/seller/current-listing', 'listings'],
  ['POST', '/seller/mark-step-completed', 'listings'], ['POST', '/seller/mark-step-incomplete', 'listings'],
  ['GET', '/seller/step/3/documents', 'documents'], ['POST', '/seller/step/3/upload', 'documents'], ['POST', '/seller/step/3/download', 'documents'],
  ['POST', '/seller/questionnaire/save', 'listings'], ['POST', '/seller/questionnaire/submit', 'listings'], ['GET', '/seller/questionnaire', 'listings'],
  ['GET', '/seller/listing-buyers', 'listings'], ['GET', '/seller/listings/l1/documents', 'documents'],
  ['GET', '/seller/listings/l1/broker-documents', 'documents'], ['POST', '/seller/listings/l1/documents', 'documents'],
  ['DELETE', '/seller/listings/l1/documents/d1', 'documents'],
  // part 2 §7 buyer
  ['GET', '/buyer/dashboard', 'listings'], ['GET', '/buyer/documents', 'documents'], ['POST', '/buyer/documents/upload', 'documents'],
  ['POST', '/buyer/email-agent', 'messaging'], ['GET', '/buyer/nda', 'listings'], ['POST', '/buyer/nda/save', 'listings'], ['POST', '/buyer/nda/submit', 'listings'],
  ['GET', '/buyer/financial-statement', 'listings'], ['POST', '/buyer/financial-statement/save', 'listings'], ['POST', '/buyer/financial-statement/submit', 'listings'],
  ['GET', '/buyer/cbr-cim', 'documents'], ['GET', '/buyer/purchase-contract', 'documents'], ['GET', '/buyer/due-diligence', 'documents'],
  ['GET', '/buyer/pre-close-checklist', 'checklists'], ['PUT', '/buyer/pre-close-checklist', 'checklists'],
  ['GET', '/buyer/closing-documents', 'documents'], ['GET', '/buyer/progress', 'listings'], ['POST', '/buyer/update-step', 'listings'],
  ['POST', '/buyer/select-listing', 'listings'], ['GET', '/buyer/current-listing', 'listings'], ['GET', '/buyer/listings', 'listings'],
  ['GET', '/buyer/available-listings', 'listings'], ['GET', '/buyer/download-document/d1', 'documents'],
  ['POST', '/buyer/listings/l1/due-diligence/request', 'documents'], ['GET', '/buyer/listings/l1/due-diligence/download/TAX', 'documents'],
  ['GET', '/buyer/listings/l1/due-diligence', 'documents'], ['POST', '/buyer/listings/l1/due-diligence/download', 'documents'],
  ['GET', '/buyer/listings/l1/agent-documents', 'documents'], ['POST', '/buyer/download-agent-document/d1', 'documents'],
  ['GET', '/buyer/listings/l1/documents', 'documents'], ['POST', '/buyer/listings/l1/documents', 'documents'],
  ['DELETE', '/buyer/listings/l1/documents/d1', 'documents'],
  // shared checklist (parts 2 and 3)
  ...(['seller', 'buyer', 'broker', 'agent'].flatMap((r) => [
    ['GET', `/${r}/listings/l1/pre-close-checklist`, 'checklists'], ['PUT', `/${r}/listings/l1/pre-close-checklist/item`, 'checklists'],
  ]) as [string, string, string][]),
  // messaging (parts 2 and 3)
  ['GET', '/messages/inbox', 'messaging'], ['GET', '/messages/sent', 'messaging'], ['POST', '/messages/send', 'messaging'],
  ['PUT', '/messages/m1/read', 'messaging'], ['DELETE', '/messages/m1', 'messaging'],
  // part 3 §7 broker
  ['GET', '/broker/dashboard', 'listings'], ['GET', '/broker/agents', 'identity'], ['GET', '/broker/agent/a1/stats', 'listings'],
  ['GET', '/broker/agents-with-stats', 'listings'], ['GET', '/broker/agent/a1', 'identity'], ['DELETE', '/broker/agent/a1', 'identity'],
  ['GET', '/broker/listings', 'listings'], ['GET', '/broker/listings/l1', 'listings'], ['POST', '/broker/listings', 'listings'],
  ['PUT', '/broker/listings/l1', 'listings'], ['PATCH', '/broker/listings/l1/archive', 'listings'], ['PATCH', '/broker/listings/l1/reactivate', 'listings'],
  ['DELETE', '/broker/listings/l1', 'listings'], ['GET', '/broker/sellers', 'listings'], ['DELETE', '/broker/sellers/s1', 'identity'],
  ['PATCH', '/broker/sellers/s1/archive', 'identity'], ['PATCH', '/broker/sellers/s1/reactivate', 'identity'], ['GET', '/broker/buyers', 'listings'],
  ['DELETE', '/broker/buyers/b1', 'identity'], ['PATCH', '/broker/buyers/b1/archive', 'identity'], ['PATCH', '/broker/buyers/b1/reactivate', 'identity'],
  ['GET', '/broker/listings/l1/documents', 'documents'], ['POST', '/broker/listings/l1/documents', 'documents'],
  ['DELETE', '/broker/listings/l1/documents/d1', 'documents'], ['GET', '/broker/listings/l1/pre-close-checklist', 'checklists'],
  ['PUT', '/broker/listings/l1/pre-close-checklist', 'checklists'], ['GET', '/users/by-role', 'identity'],
  // admin
  ['GET', '/admin/users', 'identity'], ['GET', '/admin/stats', 'identity'], ['POST', '/admin/users', 'identity'], ['PUT', '/admin/users/u1', 'identity'],
  ['PATCH', '/admin/users/u1/archive', 'identity'], ['PATCH', '/admin/users/u1/reactivate', 'identity'],
  // agent + progress monitoring + due diligence exchange (broker|agent)
  ['GET', '/agent/dashboard', 'listings'], ['GET', '/agent/listings', 'listings'], ['GET', '/agent/sellers', 'listings'], ['GET', '/agent/buyers', 'listings'],
  ...(['broker', 'agent'].flatMap((r) => [
    ['GET', `/${r}/listings`, 'listings'], ['GET', `/${r}/listings/l1/documents`, 'documents'], ['POST', `/${r}/listings/l1/documents`, 'documents'],
    ['DELETE', `/${r}/listings/l1/documents/d1`, 'documents'], ['GET', `/${r}/listings/l1/seller-documents`, 'documents'],
    ['GET', `/${r}/listings/l1/progress`, 'listings'], ['GET', `/${r}/buyers`, 'listings'],
    ['GET', `/${r}/buyers/b1/listings/l1/documents`, 'documents'], ['GET', `/${r}/buyers/b1/listings/l1/progress`, 'listings'],
    ['GET', `/${r}/buyers/b1/listings/l1/due-diligence`, 'documents'], ['POST', `/${r}/listings/l1/due-diligence/upload`, 'documents'],
  ]) as [string, string, string][]),
];

describe('route table', () => {
  const routes = compileRoutes(ROUTE_TABLE);

  it.each(SPEC_CALLS)('covers %s %s → %s', (method, p, service) => {
    const m = routes.match(method, p);
    expect(m).not.toBeNull();
    expect(m!.entry.service).toBe(service);
    // the call is routed by its definition in contracts (the one place its access rule lives)
    expect(accessOfRoute(method, m!.entry.path)).toMatchObject({ method, path: m!.entry.path, service });
  });

  it('is the contracts route definitions, in their order, and nothing else', () => {
    expect(ROUTE_TABLE.map((e) => [e.method, e.path, e.service, !!e.multipart, e.multipart ? e.bodyLimit : undefined, e.spec, e.defined]))
      .toEqual(API_ROUTES.map((r) => [r.method, r.path, r.service, !!r.multipart, r.multipart ? (r.bodyLimit ?? 'upload') : undefined, r.spec, r.defined]));
  });

  it('has no duplicate or shadowed entries', () => {
    const seen = new Set<string>();
    for (const e of ROUTE_TABLE) {
      const key = `${e.method} ${e.path.replace(/:[^/]+/g, ':')}`;
      expect(seen.has(key)).toBe(false);
      seen.add(key);
      // each entry is reachable: matching its own path (params filled) finds itself
      const sample = e.path.replace(/:[^/]+/g, 'x1');
      expect(routes.match(e.method, sample)!.entry).toBe(e);
    }
  });

  it('multipart routes are the upload routes', () => {
    const mp = ROUTE_TABLE.filter((e) => e.multipart).map((e) => `${e.method} ${e.path}`);
    expect(mp).toEqual(expect.arrayContaining(['POST /messages/send', 'POST /seller/documents/upload', 'POST /buyer/listings/:listingId/documents',
      'POST /broker/listings/:listingId/documents', 'POST /agent/listings/:listingId/due-diligence/upload']));
    for (const e of ROUTE_TABLE.filter((x) => x.multipart)) expect(e.method).toBe('POST');
  });

  it('never routes /internal', () => {
    expect(ROUTE_TABLE.some((e) => e.path.startsWith('/internal'))).toBe(false);
    expect(routes.match('POST', '/internal/sessions/resolve')).toBeNull();
  });

  it('one entry per method and path, each owned by a known service', () => {
    const keys = ROUTE_TABLE.map((e) => `${e.method} ${e.path}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const e of ROUTE_TABLE) expect(['identity', 'listings', 'documents', 'messaging', 'checklists']).toContain(e.service);
  });

  it('ROUTES.md lists every definition (regenerate with node gateway/scripts/routes-md.mjs)', () => {
    const md = fs.readFileSync(path.join(process.cwd(), 'ROUTES.md'), 'utf8');
    for (const r of API_ROUTES) {
      const roles = r.roles === 'public' ? 'public' : r.roles.length ? r.roles.join(', ') : 'nobody';
      expect(md).toContain(`| ${r.method} | \`${r.path}\` | ${r.service} | live | ${roles} | ${r.relation}${r.step !== undefined ? ` (step ${r.step})` : ''} |`);
    }
    expect(md).toContain(`## Table (${API_ROUTES.length} entries)`);
  });
});
